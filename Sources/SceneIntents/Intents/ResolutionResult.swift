/// The outcome of resolving one parameter value, as a handler answers it.
///
/// Mirrors SiriKit's resolution results. A multi-value parameter answers one result per item.
public enum ResolutionResult<Value: ParameterValue>: Sendable, Equatable, Codable {
    /// The value is right; the assistant asks nothing more about it.
    case success(Value)
    /// Several values fit; the user picks one and the parameter is resolved again with it.
    case disambiguation([Value])
    /// The value fits but the user must confirm it: yes accepts it, no cancels the request (as
    /// SiriKit does), any other answer asks for another value.
    case confirmationRequired(Value)
    /// A value is needed: the assistant asks with the parameter's prompt.
    case needsValue
    /// The parameter needs no value; resolution of it stops.
    case notRequired
    /// The value cannot be used; `reason` picks the parameter's dialog for it (nil: the default).
    case unsupported(reason: String?)

    /// Accepts a value.
    public static func success(with value: Value) -> Self { .success(value) }
    /// Asks the user to pick one of the values.
    public static func disambiguation(with values: [Value]) -> Self { .disambiguation(values) }
    /// Asks the user to confirm the value.
    public static func confirmationRequired(with value: Value) -> Self { .confirmationRequired(value) }
    /// Refuses the value with no particular reason.
    public static var unsupported: Self { .unsupported(reason: nil) }
    /// Refuses the value for a typed reason whose raw value keys the parameter's dialogs.
    public static func unsupported<Reason: RawRepresentable>(forReason reason: Reason) -> Self
    where Reason.RawValue == String {
        .unsupported(reason: reason.rawValue)
    }
    /// Accepts the value when there is one, else asks for one: what SiriKit does for a parameter
    /// whose handler implements no resolution.
    ///
    /// Inlinable so that a handler's module specialises it for its value type: generic code
    /// called across modules looks the result type's metadata up on every call.
    @inlinable
    public static func accepting(_ value: Value?) -> Self {
        if let value { .success(value) } else { .needsValue }
    }
}
