import Foundation

/// One case of an enum parameter as the assistant offers and matches it: what it lists when it
/// asks for a value, and the entity a vocabulary slot takes for it.
public struct EnumCase: Sendable, Hashable, Codable {
    /// The case's Swift name, its identifier.
    public var identifier: String
    /// The name shown and spoken.
    public var displayName: String
    /// Other words that pick the case.
    public var synonyms: [String]

    /// A case.
    public init(identifier: String, displayName: String, synonyms: [String] = []) {
        self.identifier = identifier
        self.displayName = displayName
        self.synonyms = synonyms
    }

    /// Where in `cases` the case the words name is: the one whose identifier is `identifier`,
    /// else the one whose display name, synonym or identifier the words are (ignoring case and
    /// surrounding spaces); nil when none is, or there are no words.
    ///
    /// The one rule of matching an enum, for a typed enum (`EnumParameterValue.fromSpoken`) and
    /// for one the system side knows from an app's bundle alike.
    public static func index(in cases: [EnumCase], spoken text: String, identifier: String?) -> Int? {
        if let identifier, let match = cases.firstIndex(where: { $0.identifier == identifier }) { return match }
        let words = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !words.isEmpty else { return nil }
        return cases.firstIndex { ([$0.displayName, $0.identifier] + $0.synonyms).contains { $0.lowercased() == words } }
    }
}

extension EnumParameterValue {
    /// Every case a user can name (all but `unknown`), in declaration order.
    public static var enumCases: [EnumCase] {
        spokenCases.map(\.enumCase)
    }
}

extension IntentDescriptor {
    /// The cases of a parameter whose type is an enum (an `EnumParameterValue`, or an enum of an
    /// app's bundle); nil for any other parameter (or a name the intent does not have).
    public func enumCases(of parameter: ParameterName) -> [EnumCase]? {
        guard let typeName = self.parameter(named: parameter)?.valueTypeName else { return nil }
        return enums[typeName]?.cases.map(\.spoken)
    }
}
