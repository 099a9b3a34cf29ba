/// Something the generator left out, and why: the file, the intent, the parameter and the type
/// concerned, so a developer can find it in Xcode's editor.
public struct GenerationWarning: Sendable, Equatable, CustomStringConvertible {
    /// What was left out.
    public enum Code: String, Sendable, Equatable {
        /// An intent was skipped: a parameter or response parameter has a type SceneIntents does
        /// not model (or names an enum or type the file lacks).
        case intentSkipped
        /// A `System` intent (a customization of one of Apple's): nothing is generated for it.
        case systemIntent
        /// A custom type's property was left out: its type is not modelled.
        case propertySkipped
        /// An enum, type or intent was skipped: its generated name is taken or reserved.
        case nameTaken
        /// A combination title could not become a vocabulary phrase.
        case phraseDropped
        /// A key the file sets is not honoured (or is honoured in a way the developer should
        /// know of): `key` names it.
        case keyNotHonoured
    }

    /// What was left out.
    public var code: Code
    /// The definition file.
    public var file: String
    /// The intent (or enum, or type) concerned.
    public var subject: String
    /// The parameter or property concerned, if any.
    public var parameter: String?
    /// The offending type, if any.
    public var type: String?
    /// The definition key concerned, if any (`INIntentRestrictions`…).
    public var key: String?
    /// What happened and what to do.
    public var message: String

    /// A warning.
    public init(
        code: Code, file: String, subject: String, parameter: String? = nil, type: String? = nil, key: String? = nil,
        message: String
    ) {
        self.code = code
        self.file = file
        self.subject = subject
        self.parameter = parameter
        self.type = type
        self.key = key
        self.message = message
    }

    /// `file: warning: message`.
    public var description: String { "\(file): warning: \(message)" }
}
