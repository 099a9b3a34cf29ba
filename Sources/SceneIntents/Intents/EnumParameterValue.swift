/// A parameter value that is one of a fixed set of cases, as the enums of an intent definition
/// file are (`case unknown = 0`, then the app's cases).
///
/// Conform an `Int`-backed enum and give each case a display name; shown values, spoken matching
/// and coding come from the defaults. The identifier of a case is its Swift name.
public protocol EnumParameterValue: ParameterValue, CaseIterable, RawRepresentable where RawValue == Int {
    /// The name shown and spoken ("Sparkling water").
    var displayName: String { get }
    /// Other words that pick the case when spoken. Default: none.
    var synonyms: [String] { get }
}

extension EnumParameterValue {
    /// No synonyms.
    public var synonyms: [String] { [] }

    /// The case name as identifier, the display name as title.
    public var displayItem: DisplayItem {
        DisplayItem(identifier: String(describing: self), title: displayName)
    }

    /// The case whose name is `identifier`, else the one whose display name, synonym or case name
    /// the words are (ignoring case and surrounding spaces); never `unknown`.
    public static func fromSpoken(_ text: String, identifier: String?) -> Self? {
        let known = allCases.filter { String(describing: $0) != "unknown" }
        if let identifier, let match = known.first(where: { String(describing: $0) == identifier }) {
            return match
        }
        let words = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !words.isEmpty else { return nil }
        return known.first { value in
            ([value.displayName, String(describing: value)] + value.synonyms).contains { $0.lowercased() == words }
        }
    }
}
