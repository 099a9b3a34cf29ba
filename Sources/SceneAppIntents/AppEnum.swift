import SceneIntents

/// A parameter type that is one of a fixed set of cases, each shown and said by its display
/// representation.
///
/// ```swift
/// enum Drink: String, AppEnum {
///     case water, coffee, tea
///     static let typeDisplayRepresentation: TypeDisplayRepresentation = "Drink"
///     static let caseDisplayRepresentations: [Drink: DisplayRepresentation] = [
///         .water: "Water", .coffee: "Coffee", .tea: DisplayRepresentation(title: "Tea", synonyms: ["chai"]),
///     ]
/// }
/// ```
///
/// In the engine it is an enum parameter (`EnumParameterValue`): the assistant lists the cases
/// when it asks for one, reads a case from its title, its synonyms or its Swift name, and a
/// phrase slot of this type takes the cases as its words. A case missing from
/// `caseDisplayRepresentations` is shown by its Swift name.
public protocol AppEnum: _AppValue, PersistentlyIdentifiable, CaseIterable, RawRepresentable, Hashable where _EngineValue == _AppEnumValue<Self> {
    /// The type's name as people see it.
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// How each case is shown and said.
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

extension AppEnum {
    /// The case in the engine.
    public var _engineValue: _AppEnumValue<Self> { _AppEnumValue(self) }
    /// The case an engine value holds.
    public static func _value(of engine: _AppEnumValue<Self>) -> Self? { engine.member }

    /// The case's display representation (its Swift name when it has none).
    var representation: DisplayRepresentation {
        Self.caseDisplayRepresentations[self] ?? DisplayRepresentation(title: LocalizedStringResource(stringLiteral: caseName))
    }

    /// The case's Swift name.
    var caseName: String { String(describing: self) }

    /// The title dialogs say it by.
    var displayTitle: String { representation.title.description }

    /// The case as a localizable string: its title.
    public var localizedStringResource: LocalizedStringResource { representation.title }
}

/// An `AppEnum` case as the engine holds it: an enum parameter value whose raw value is the
/// case's position in `allCases`, so the engine's enum data (cases with integer raw values) and
/// its wire encoding describe it.
public struct _AppEnumValue<Member: AppEnum>: EnumParameterValue, CustomStringConvertible {
    /// The case.
    public let member: Member

    /// The value of a case.
    public init(_ member: Member) {
        self.member = member
    }

    /// The case at this position of `allCases`.
    public init?(rawValue: Int) {
        let cases = Array(Member.allCases)
        guard cases.indices.contains(rawValue) else { return nil }
        member = cases[rawValue]
    }

    /// The case's position in `allCases`.
    public var rawValue: Int { Array(Member.allCases).firstIndex(of: member) ?? 0 }

    /// Every case.
    public static var allCases: [_AppEnumValue] { Member.allCases.map(_AppEnumValue.init) }

    /// The enum's persistent identifier (its own name, "Drink", unless it declares another).
    public static var typeName: String { Member.persistentIdentifier }

    /// The case's title.
    public var displayName: String { member.displayTitle }

    /// The case's synonyms.
    public var synonyms: [String] { member.representation.synonyms.map(\.description) }

    /// The case's Swift name: the engine's identifier of the case.
    public var description: String { member.caseName }

    /// The title, subtitle and image of the case's display representation.
    public var displayItem: DisplayItem { member.representation.displayItem(identifier: member.caseName) }
}
