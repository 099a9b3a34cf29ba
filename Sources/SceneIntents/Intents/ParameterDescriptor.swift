/// What a parameter allows: resolved at run time, set up ahead, several values, options, search.
public struct ParameterFlags: OptionSet, Sendable, Hashable, Codable {
    /// The flags' bits.
    public let rawValue: Int
    /// Creates flags from their raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Resolved at run time (an unresolvable parameter is never resolved and needs no dialog).
    public static let resolvable = ParameterFlags(rawValue: 1 << 0)
    /// Can be set up ahead, in a shortcut.
    public static let configurable = ParameterFlags(rawValue: 1 << 1)
    /// Holds several values, each resolved on its own.
    public static let multiValue = ParameterFlags(rawValue: 1 << 2)
    /// The handler provides the options a user can pick from.
    public static let dynamicOptions = ParameterFlags(rawValue: 1 << 3)
    /// The options provider takes a search term.
    public static let searchable = ParameterFlags(rawValue: 1 << 4)
}

/// The words the assistant says about one parameter.
///
/// Templates may name parameters as `${name}` (the confirmation prompt names the value being
/// confirmed by the parameter's own name).
public struct ParameterPrompts: Sendable, Hashable, Codable {
    /// Asked when a value is needed ("Which recipe?").
    public var value: String?
    /// Said before offering candidates ("There are several; which one?").
    public var disambiguationIntroduction: String?
    /// Asked for a yes or no ("Just to confirm, you wanted '${recipe}'?").
    public var confirmation: String?
    /// Said when a value is unsupported, keyed by reason; the key "" is the default.
    public var unsupported: [String: String]

    /// Prompts; any left nil get a generic wording from the assistant.
    public init(
        value: String? = nil, disambiguationIntroduction: String? = nil,
        confirmation: String? = nil, unsupported: [String: String] = [:]
    ) {
        self.value = value
        self.disambiguationIntroduction = disambiguationIntroduction
        self.confirmation = confirmation
        self.unsupported = unsupported
    }
}

/// Everything known about a parameter apart from how to read it and how to call its handler.
public struct ParameterDescriptor: Sendable, Hashable, Codable {
    /// The parameter's name, unique within its intent.
    public var name: ParameterName
    /// The `ParameterValue.typeName` of its values.
    public var valueTypeName: String
    /// What it allows.
    public var flags: ParameterFlags
    /// What the assistant says about it.
    public var prompts: ParameterPrompts
    /// The smallest number the assistant accepts for it (an intent definition's
    /// `MinimumValue`), if any: a value below it is refused before the app sees it. Only numbers
    /// (integers and floating-point values) are checked; data written without it reads as nil.
    public var minimumValue: Double?
    /// The largest number the assistant accepts for it (`MaximumValue`), if any; as
    /// `minimumValue`.
    public var maximumValue: Double?

    /// A descriptor; the bounds are optional.
    public init(
        name: ParameterName, valueTypeName: String, flags: ParameterFlags, prompts: ParameterPrompts,
        minimumValue: Double? = nil, maximumValue: Double? = nil
    ) {
        self.name = name
        self.valueTypeName = valueTypeName
        self.flags = flags
        self.prompts = prompts
        self.minimumValue = minimumValue
        self.maximumValue = maximumValue
    }
}
