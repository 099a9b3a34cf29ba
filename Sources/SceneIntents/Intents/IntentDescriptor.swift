/// An intent type as the system side sees it: its metadata, and type-erased ways to read, write
/// and make parameter values.
///
/// The assistant works with descriptors only; it never calls a handler (that is the host's job).
public struct IntentDescriptor: Sendable {
    /// Everything a descriptor holds, in one object: a descriptor is copied on every request
    /// (out of the catalog, into the exchange), and one reference costs one retain where its
    /// fifteen fields cost fifteen.
    private final class Storage: Sendable {
        let typeName: String
        let parameters: [ParameterDescriptor]
        let resolvable: [ParameterDescriptor]
        let resolvableNames: [ParameterName]
        let responses: [ResponseTemplate]
        let requirements: IntentRequirements
        let isDeprecated: Bool
        let suggestedInvocationPhrase: String?
        let intentType: any Intent.Type
        let handlerTypeName: String
        let mismatchedParameter: (name: ParameterName, handlerType: String)?
        let valueTypes: [String: any ParameterValue.Type]
        let readValues: @Sendable (any Intent, ParameterName) -> [AnyParameterValue]?
        let writeValues: @Sendable (any Intent, ParameterName, [AnyParameterValue]?) -> (any Intent)?
        let spoken: @Sendable (ParameterName, String, String?) -> AnyParameterValue?
        let makeEmpty: @Sendable () -> any Intent

        init<I: Intent>(_ type: I.Type) {
            let schema = I.schema
            typeName = I.typeName
            parameters = schema.parameters.map(\.descriptor)
            resolvable = parameters.filter { $0.flags.contains(.resolvable) }
            resolvableNames = resolvable.map(\.name)
            responses = schema.responses
            requirements = schema.requirements
            isDeprecated = I.isDeprecated
            suggestedInvocationPhrase = I.suggestedInvocationPhrase
            intentType = I.self
            handlerTypeName = schema.handlerTypeName
            mismatchedParameter = schema.mismatchedParameter
            valueTypes = Dictionary(
                schema.parameters.map { ($0.descriptor.valueTypeName, $0.valueType) },
                uniquingKeysWith: { first, _ in first })
            readValues = { intent, name in
                guard let intent = intent as? I else { return nil }
                return schema.parameter(named: name)?.read(intent)
            }
            writeValues = { intent, name, values in
                guard var intent = intent as? I, let parameter = schema.parameter(named: name),
                    parameter.write(&intent, values)
                else { return nil }
                return intent
            }
            spoken = { name, text, identifier in
                schema.parameter(named: name)?.fromSpoken(text, identifier: identifier)
            }
            makeEmpty = { I() }
        }
    }

    private let storage: Storage

    /// The intent's type name.
    public var typeName: String { storage.typeName }
    /// The parameters, in declaration (and resolution) order.
    public var parameters: [ParameterDescriptor] { storage.parameters }
    /// The parameters the assistant resolves, in order (those flagged `resolvable`), and their
    /// names: worked out once, not on every request.
    package var resolvableParameters: [ParameterDescriptor] { storage.resolvable }
    /// The names of `resolvableParameters`.
    package var resolvableNames: [ParameterName] { storage.resolvableNames }
    /// The dialog templates the intent declares.
    public var responses: [ResponseTemplate] { storage.responses }
    /// The confirmation the user answers before `handle` and the restriction, if any.
    public var requirements: IntentRequirements { storage.requirements }
    /// Whether the intent is deprecated.
    public var isDeprecated: Bool { storage.isDeprecated }
    /// The phrase suggested for a shortcut.
    public var suggestedInvocationPhrase: String? { storage.suggestedInvocationPhrase }
    var intentType: any Intent.Type { storage.intentType }
    /// The handling protocol's name.
    var handlerTypeName: String { storage.handlerTypeName }
    /// A parameter written for another handler type, with that type's name (see `IntentSchema`).
    var mismatchedParameter: (name: ParameterName, handlerType: String)? { storage.mismatchedParameter }
    var valueTypes: [String: any ParameterValue.Type] { storage.valueTypes }

    /// The descriptor of intent type `I`.
    public init<I: Intent>(_ type: I.Type) {
        storage = Storage(type)
    }

    /// The parameter with this name, if any.
    public func parameter(named name: ParameterName) -> ParameterDescriptor? {
        parameters.first { $0.name == name }
    }

    /// An intent of this type with no parameter given.
    public func makeIntent() -> AnyIntent { AnyIntent(erasing: storage.makeEmpty()) }

    /// The current value(s) of a parameter; nil when unset, the parameter is unknown, or the
    /// intent is of another type.
    public func values(of parameter: ParameterName, in intent: AnyIntent) -> [AnyParameterValue]? {
        storage.readValues(intent.base, parameter)
    }

    /// The intent with a parameter set (nil clears it); nil when the parameter is unknown or a
    /// value is of the wrong type.
    public func setting(_ parameter: ParameterName, to values: [AnyParameterValue]?, in intent: AnyIntent)
        -> AnyIntent?
    {
        storage.writeValues(intent.base, parameter, values).map {
            var updated = AnyIntent(erasing: $0, targetSceneIdentifier: intent.targetSceneIdentifier)
            updated.unreadWords = intent.unreadWords
            return updated
        }
    }

    /// A value for a parameter made from spoken words, if its type accepts them.
    public func value(for parameter: ParameterName, spoken text: String, identifier: String? = nil)
        -> AnyParameterValue?
    {
        storage.spoken(parameter, text, identifier)
    }

    /// The template for a code, if the intent declares one.
    public func template(for code: ResponseCode) -> ResponseTemplate? {
        responses.first { $0.code == code }
    }

    /// Whether a response with this code ends the exchange as a success.
    public func isSuccess(_ code: ResponseCode) -> Bool { ResponseTemplate.isSuccess(code, among: storage.responses) }
}
