/// An intent type an app can handle: a `Sendable`, `Codable` value with a stable type name.
///
/// Conform a struct whose stored properties are its parameters (optionals, `nil` until given or
/// resolved) and declare `schema` as a `static let`. Manifests list intents by `typeName`.
public protocol Intent: Sendable, Codable, Equatable {
    /// An intent with no parameter given yet.
    init()
    /// The stable name manifests list and activities use (e.g. "ShowDirectionsIntent").
    static var typeName: String { get }
    /// The parameters, responses and handler glue.
    static var schema: IntentSchema<Self> { get }
    /// Whether the intent is deprecated: it keeps working for existing shortcuts but is hidden
    /// from new ones. Default false.
    static var isDeprecated: Bool { get }
    /// The phrase suggested when a user records a shortcut for this intent. Default nil.
    static var suggestedInvocationPhrase: String? { get }
}

extension Intent {
    /// Not deprecated.
    public static var isDeprecated: Bool { false }
    /// No suggested phrase.
    public static var suggestedInvocationPhrase: String? { nil }
}
