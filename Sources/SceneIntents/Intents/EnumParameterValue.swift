/// A parameter value that is one of a fixed set of cases, as the enums of an intent definition
/// file are (`case unknown = 0`, then the app's cases).
///
/// Conform an `Int`-backed enum and give each case a display name; shown values, spoken matching,
/// the assistant's prompt (it lists the cases) and the vocabulary's entities
/// (`Vocabulary.setEntities(of:forSlot:)`) all come from the enum itself. The identifier of a case
/// is its Swift name.
public protocol EnumParameterValue: ParameterValue, CaseIterable, RawRepresentable where RawValue == Int {
    /// The name shown and spoken ("Sparkling water").
    var displayName: String { get }
    /// Other words that pick the case when spoken ("pop" for soda). Default: none.
    var synonyms: [String] { get }
}

extension EnumParameterValue {
    /// No synonyms.
    public var synonyms: [String] { [] }

    /// The case name as identifier, the display name as title.
    public var displayItem: DisplayItem {
        DisplayItem(identifier: String(describing: self), title: displayName)
    }

    /// The case whose Swift name is `name` (a value's identifier), if any.
    public static func member(named name: String) -> Self? {
        allCases.first { String(describing: $0) == name }
    }

    /// The case a user can name: every case but `unknown`, in declaration order.
    public static var spokenCases: [Self] {
        allCases.filter { String(describing: $0) != "unknown" }
    }

    /// The `unknown` case, when the enum has one (every enum Xcode 11+ writes does).
    public static var unknownCase: Self? {
        allCases.first { String(describing: $0) == "unknown" }
    }

    /// The case whose name is `identifier`, else the one whose display name, synonym or case name
    /// the words are (ignoring case and surrounding spaces).
    ///
    /// Words that name no case make `unknown`, as SiriKit hands an enum parameter the user said
    /// something else for to the handler's resolve: the handler answers it, typically
    /// `.unsupported(forReason:)` so its own reason dialog is spoken, instead of the assistant's
    /// generic "I didn't get that". No words, or an enum without `unknown`, make no value.
    public static func fromSpoken(_ text: String, identifier: String?) -> Self? {
        let cases = spokenCases
        if let index = EnumCase.index(in: cases.map(\.enumCase), spoken: text, identifier: identifier) { return cases[index] }
        return text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : unknownCase
    }

    /// The case as the assistant offers and matches it.
    var enumCase: EnumCase { EnumCase(identifier: String(describing: self), displayName: displayName, synonyms: synonyms) }
}
