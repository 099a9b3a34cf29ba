import Foundation

/// An intent type as the system side sees it: its metadata, and type-erased ways to read, write
/// and make parameter values.
///
/// The assistant works with descriptors only; it never calls a handler (that is the host's job).
/// A descriptor is made from a Swift intent type (the app's own catalog, or an app linked into
/// the assistant's process) or from data (`IntentDescription`, read from an installed app's
/// bundle): the assistant converses the same about either.
public struct IntentDescriptor: Sendable {
    /// Everything a descriptor holds, in one object: a descriptor is copied on every request
    /// (out of the catalog, into the exchange), and one reference costs one retain where its
    /// fields cost one each.
    private final class Storage: Sendable {
        let data: IntentDescription
        let resolvable: [ParameterDescriptor]
        let resolvableNames: [ParameterName]
        let intentType: any Intent.Type
        let handlerTypeName: String
        let mismatchedParameter: (name: ParameterName, handlerType: String)?
        let valueTypes: [String: any ParameterValue.Type]
        let enums: [String: EnumDescription]
        let readValues: @Sendable (any Intent, ParameterName) -> [AnyParameterValue]?
        let writeValues: @Sendable (any Intent, ParameterName, [AnyParameterValue]?) -> (any Intent)?
        let spoken: @Sendable (ParameterName, String, String?) -> AnyParameterValue?
        let makeEmpty: @Sendable () -> any Intent
        let assemble: @Sendable ([(name: ParameterName, values: [AnyParameterValue])]) -> Assembly

        init<I: Intent>(_ type: I.Type) {
            let schema = I.schema
            data = IntentDescription(
                typeName: I.typeName, parameters: schema.parameters.map(\.descriptor), responses: schema.responses,
                requirements: schema.requirements, isDeprecated: I.isDeprecated, suggestedInvocationPhrase: I.suggestedInvocationPhrase)
            (resolvable, resolvableNames) = Self.resolvable(data.parameters)
            intentType = I.self
            handlerTypeName = schema.handlerTypeName
            mismatchedParameter = schema.mismatchedParameter
            valueTypes = Dictionary(
                schema.parameters.map { ($0.descriptor.valueTypeName, $0.valueType) },
                uniquingKeysWith: { first, _ in first })
            func described<E: EnumParameterValue>(_ type: E.Type) -> EnumDescription { EnumDescription(type) }
            enums = valueTypes.compactMapValues { ($0 as? any EnumParameterValue.Type).map { described($0) } }
            readValues = { intent, name in
                guard let intent = intent as? I else { return nil }
                return schema.parameter(named: name)?.read(intent)
            }
            writeValues = { intent, name, values in
                guard var intent = intent as? I, let index = schema.index(of: name), schema.write(parameter: index, values, into: &intent)
                else { return nil }
                return intent
            }
            spoken = { name, text, identifier in
                schema.parameter(named: name)?.valueType.fromSpoken(text, identifier: identifier).map { AnyParameterValue(erasing: $0) }
            }
            makeEmpty = { I() }
            // One cast and one copy of the typed intent for all its values: what every message
            // carrying an intent costs to read.
            assemble = { given in
                var intent = I()
                // By index, through the schema's writers: no copy of a parameter's closures.
                for (name, values) in given {
                    guard let index = schema.index(of: name), schema.write(parameter: index, values, into: &intent) else {
                        return .refused(name)
                    }
                }
                return .made(intent)
            }
        }

        init(_ data: IntentDescription, enums known: [String: EnumDescription]) {
            self.data = data
            (resolvable, resolvableNames) = Self.resolvable(data.parameters)
            intentType = IntentRecord.self
            handlerTypeName = "the app's handler"
            mismatchedParameter = nil
            valueTypes = [:]
            let parameters = Dictionary(data.parameters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let enums = known.filter { entry in data.parameters.contains { $0.valueTypeName == entry.key } }
            self.enums = enums
            let typeName = data.typeName
            // An intent of the app's own type (handed over in process) is read as its record.
            readValues = { intent, name in
                let record = IntentRecord(intent)
                return record.intentTypeName == typeName ? record.values[name] : nil
            }
            writeValues = { intent, name, values in
                var record = IntentRecord(intent)
                guard record.intentTypeName == typeName, let parameter = parameters[name] else { return nil }
                guard let values else {
                    record.values[name] = nil
                    return record
                }
                guard Self.fits(values, parameter) else { return nil }
                record.values[name] = values
                return record
            }
            spoken = { name, text, identifier in
                guard let parameter = parameters[name] else { return nil }
                let typeName = parameter.valueTypeName
                if let type = IntentCatalog.builtInValueTypes[typeName] {
                    return type.fromSpoken(text, identifier: identifier).map { AnyParameterValue(erasing: $0) }
                }
                if let described = enums[typeName] { return described.value(spoken: text, identifier: identifier) }
                guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
                return AnyParameterValue(ParameterValueRecord(typeName: typeName, spoken: text, identifier: identifier))
            }
            makeEmpty = { IntentRecord(typeName: typeName) }
            assemble = { given in
                var record = IntentRecord(typeName: typeName)
                for (name, values) in given {
                    guard let parameter = parameters[name], Self.fits(values, parameter) else { return .refused(name) }
                    record.values[name] = values
                }
                return .made(record)
            }
        }

        /// Whether `values` may be a value of `parameter` known from data: one, or several of a
        /// multi-value one, each of its type.
        private static func fits(_ values: [AnyParameterValue], _ parameter: ParameterDescriptor) -> Bool {
            (values.count == 1 || (parameter.flags.contains(.multiValue) && !values.isEmpty))
                && values.allSatisfy { $0.typeName == parameter.valueTypeName }
        }

        private static func resolvable(_ parameters: [ParameterDescriptor]) -> ([ParameterDescriptor], [ParameterName]) {
            let resolvable = parameters.filter { $0.flags.contains(.resolvable) }
            return (resolvable, resolvable.map(\.name))
        }
    }

    private let storage: Storage

    /// The intent's type name.
    public var typeName: String { storage.data.typeName }
    /// The parameters, in declaration (and resolution) order.
    public var parameters: [ParameterDescriptor] { storage.data.parameters }
    /// The parameters the assistant resolves, in order (those flagged `resolvable`), and their
    /// names: worked out once, not on every request.
    package var resolvableParameters: [ParameterDescriptor] { storage.resolvable }
    /// The names of `resolvableParameters`.
    package var resolvableNames: [ParameterName] { storage.resolvableNames }
    /// The dialog templates the intent declares.
    public var responses: [ResponseTemplate] { storage.data.responses }
    /// The confirmation the user answers before `handle` and the restriction, if any.
    public var requirements: IntentRequirements { storage.data.requirements }
    /// Whether the intent is deprecated.
    public var isDeprecated: Bool { storage.data.isDeprecated }
    /// The phrase suggested for a shortcut.
    public var suggestedInvocationPhrase: String? { storage.data.suggestedInvocationPhrase }
    /// The intent type as data: what an installed app's bundle says of it.
    public var intentDescription: IntentDescription { storage.data }
    /// The enum types of its parameters, by type name.
    var enums: [String: EnumDescription] { storage.enums }
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

    /// The descriptor of an intent type known from data, whose intents are `IntentRecord`s;
    /// `enums` describes the enum types its parameters may use (others are taken as they come).
    public init(_ description: IntentDescription, enums: [String: EnumDescription] = [:]) {
        storage = Storage(description, enums: enums)
    }

    /// The parameter with this name, if any.
    public func parameter(named name: ParameterName) -> ParameterDescriptor? {
        parameters.first { $0.name == name }
    }

    /// An intent of this type with no parameter given.
    public func makeIntent() -> AnyIntent { AnyIntent(erasing: storage.makeEmpty()) }

    /// What `assembling` came to.
    package enum Assembly {
        /// The intent, every value given.
        case made(any Intent)
        /// This parameter is unknown, or its values do not fit it.
        case refused(ParameterName)
    }

    /// An intent of this type with each parameter's values given, made in one pass (reading a
    /// message); `refused` names the first parameter that is unknown or whose values do not fit.
    package func assembling(_ given: [(name: ParameterName, values: [AnyParameterValue])]) -> Assembly {
        storage.assemble(given)
    }

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

    /// A value for a parameter made from spoken words, if its type accepts them. For a type the
    /// descriptor knows only by name, the words themselves (a `ParameterValueRecord`), which the
    /// app reads.
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
    public func isSuccess(_ code: ResponseCode) -> Bool { ResponseTemplate.isSuccess(code, among: responses) }
}
