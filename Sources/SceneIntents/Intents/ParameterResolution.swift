/// A resolution result with its values erased: what crosses the boundary to the assistant.
///
/// One case per kind of result, each with what that kind carries. `isSettled` says whether the
/// assistant has anything to ask about it. Encoded as an object naming its `kind`, with `value`
/// (success, confirmationRequired), `values` (disambiguation) or `reason` (unsupported, when
/// given): `{"kind":"success","value":{"type":"Soup","value":…}}`, `{"kind":"needsValue"}`.
public enum ParameterResolution: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The value is right.
    case success(AnyParameterValue)
    /// Several values fit; the user picks one.
    case disambiguation([AnyParameterValue])
    /// The value fits but the user must confirm it.
    case confirmationRequired(AnyParameterValue)
    /// A value is needed.
    case needsValue
    /// The parameter needs no value.
    case notRequired
    /// The value cannot be used; `reason` picks the parameter's dialog for it (nil: the default).
    case unsupported(reason: String?)

    /// Erases a typed result. Inlinable: made in the app's module for its own value types, it
    /// looks no generic metadata up when a handler answers.
    @inlinable
    public init<Value>(_ result: ResolutionResult<Value>) {
        switch result {
        case .success(let value): self = .success(AnyParameterValue(value))
        case .disambiguation(let values): self = .disambiguation(values.map { AnyParameterValue($0) })
        case .confirmationRequired(let value): self = .confirmationRequired(AnyParameterValue(value))
        case .needsValue: self = .needsValue
        case .notRequired: self = .notRequired
        case .unsupported(let reason): self = .unsupported(reason: reason)
        }
    }

    /// Whether resolution of this value is over (success or notRequired): nothing is left to ask
    /// the user, and the host may go on to the next parameter.
    public var isSettled: Bool {
        switch self {
        case .success, .notRequired: true
        case .disambiguation, .confirmationRequired, .needsValue, .unsupported: false
        }
    }

    /// The accepted value of a success; nil for every other kind.
    public var successValue: AnyParameterValue? {
        if case .success(let value) = self { value } else { nil }
    }

    /// One line for the trace: the kind, then the values' titles or the reason
    /// (`success(Tomato)`, `disambiguation(Tomato, Pea)`, `unsupported reason: soldOut`).
    public var description: String {
        switch self {
        case .success(let value), .confirmationRequired(let value): "\(kind.rawValue)(\(value.displayItem.title))"
        case .disambiguation(let values) where !values.isEmpty:
            "\(kind.rawValue)(\(values.map(\.displayItem.title).joined(separator: ", ")))"
        case .unsupported(let reason?): "\(kind.rawValue) reason: \(reason)"
        case .disambiguation, .needsValue, .notRequired, .unsupported: kind.rawValue
        }
    }

    /// The name each case has in JSON and in the trace.
    package enum Kind: String, Codable {
        case success, disambiguation, confirmationRequired, needsValue, notRequired, unsupported
    }

    package var kind: Kind {
        switch self {
        case .success: .success
        case .disambiguation: .disambiguation
        case .confirmationRequired: .confirmationRequired
        case .needsValue: .needsValue
        case .notRequired: .notRequired
        case .unsupported: .unsupported
        }
    }

    private enum CodingKeys: String, CodingKey { case kind, value, values, reason }

    /// Decodes the object `encode(to:)` writes; a kind without its value is an error naming the key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .success: self = .success(try container.decode(AnyParameterValue.self, forKey: .value))
        case .disambiguation: self = .disambiguation(try container.decode([AnyParameterValue].self, forKey: .values))
        case .confirmationRequired:
            self = .confirmationRequired(try container.decode(AnyParameterValue.self, forKey: .value))
        case .needsValue: self = .needsValue
        case .notRequired: self = .notRequired
        case .unsupported: self = .unsupported(reason: try container.decodeIfPresent(String.self, forKey: .reason))
        }
    }

    /// Encodes the kind and what it carries.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .success(let value), .confirmationRequired(let value): try container.encode(value, forKey: .value)
        case .disambiguation(let values): try container.encode(values, forKey: .values)
        case .unsupported(let reason): try container.encodeIfPresent(reason, forKey: .reason)
        case .needsValue, .notRequired: break
        }
    }
}
