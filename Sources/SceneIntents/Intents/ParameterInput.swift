/// What a parameter's resolution sees of the user's input for it: a value, nothing, or words
/// its value type could not read.
///
/// A resolve written with `IntentParameter.value(_:_:flags:prompts:resolveInput:options:pagedOptions:)`
/// receives it. Words that make no value of the type ("lots" for an `Int`, "someday" for a date)
/// leave the parameter nil and arrive here as `unread`, so the handler can answer
/// `.unsupported(forReason:)` and its own reason dialog (`ParameterPrompts.unsupported`) is
/// spoken. A handler that answers `needsValue` instead (as one that never looks does) gets the
/// assistant's default line, then the prompt again. Enum parameters need none of this: their
/// `unknown` case holds such words (`EnumParameterValue.fromSpoken`).
public enum ParameterInput<Value: ParameterValue>: Sendable, Equatable {
    /// Nothing was given: the parameter is nil.
    case missing
    /// The parameter's value (from the user's words, a shortcut or an earlier step).
    case value(Value)
    /// Words the value type could not read; the parameter is nil.
    case unread(String)

    /// The input for a parameter holding `value`, with the words the value type could not read
    /// (taken only when it holds none).
    public init(_ value: Value?, unread words: String?) {
        if let value {
            self = .value(value)
        } else if let words {
            self = .unread(words)
        } else {
            self = .missing
        }
    }

    /// The value, when there is one.
    public var value: Value? {
        if case .value(let value) = self { value } else { nil }
    }
}
