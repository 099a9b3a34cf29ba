/// An intent of any type, with the routing facts the system adds to it.
///
/// This is what crosses the boundary and what `ApplicationDelegate.application(_:handlerFor:)`
/// receives. Encoding writes the type name and each parameter's values (so a system that knows
/// the app only from data reads it as an `IntentRecord`); decoding needs the app's
/// `IntentCatalog` in the decoder's `userInfo` (see `IntentCatalog.makeDecoder()`).
public struct AnyIntent: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The fields, in one object: an intent is copied between the exchange, its calls and the
    /// host on every step, and one retain is cheaper than copying a boxed existential, a string
    /// and a dictionary. A setter replaces the object (they are rare: the assistant's routing).
    private final class Storage: Sendable {
        let base: any Intent
        let typeName: String
        let targetSceneIdentifier: String?
        let unreadWords: [ParameterName: String]

        convenience init(_ base: any Intent, _ targetSceneIdentifier: String?, _ unreadWords: [ParameterName: String]) {
            self.init(
                base, typeName: type(of: base) == IntentRecord.self ? (base as! IntentRecord).intentTypeName : type(of: base).typeName,
                targetSceneIdentifier, unreadWords)
        }

        /// With the type name known already (a descriptor's: the app's type's, or its record's).
        init(_ base: any Intent, typeName: String, _ targetSceneIdentifier: String?, _ unreadWords: [ParameterName: String]) {
            self.base = base
            self.typeName = typeName
            self.targetSceneIdentifier = targetSceneIdentifier
            self.unreadWords = unreadWords
        }
    }

    private var storage: Storage

    private init(_ storage: Storage) { self.storage = storage }

    /// The typed intent.
    public var base: any Intent { storage.base }
    /// The persistent identifier of the scene session the request targets, if any; the handler
    /// store answers for that scene first.
    public var targetSceneIdentifier: String? {
        get { storage.targetSceneIdentifier }
        set { storage = Storage(storage.base, newValue, storage.unreadWords) }
    }
    /// Words the user gave for a parameter that its value type could not read ("lots" for a
    /// number), by parameter; that parameter stays nil. The assistant sets them and the host
    /// hands them to the parameter's resolution as `ParameterInput.unread`.
    public var unreadWords: [ParameterName: String] {
        get { storage.unreadWords }
        set { storage = Storage(storage.base, storage.targetSceneIdentifier, newValue) }
    }

    /// Wraps a typed intent.
    public init<I: Intent>(_ intent: I, targetSceneIdentifier: String? = nil) {
        storage = Storage(intent, targetSceneIdentifier, [:])
    }

    /// Wraps an intent already erased.
    public init(erasing intent: any Intent, targetSceneIdentifier: String? = nil) {
        storage = Storage(intent, targetSceneIdentifier, [:])
    }

    /// The intent's type name (a record's `intentTypeName`).
    public var typeName: String { storage.typeName }

    /// The intent as type `I`, if it is one.
    public func `as`<I: Intent>(_ type: I.Type) -> I? { base as? I }

    /// Whether the intent is of type `I`.
    public func `is`<I: Intent>(_ type: I.Type) -> Bool { base is I }

    /// Equal when the wrapped values are of the same type and equal.
    public static func == (lhs: AnyIntent, rhs: AnyIntent) -> Bool {
        func equals<T: Intent>(_ left: T) -> Bool { (rhs.base as? T) == left }
        return lhs.targetSceneIdentifier == rhs.targetSceneIdentifier && lhs.unreadWords == rhs.unreadWords
            && equals(lhs.base)
    }

    /// One line for logs and messages.
    public var description: String { typeName }

    private enum CodingKeys: String, CodingKey { case type, parameters, intent, targetSceneIdentifier, unreadWords }

    /// Decodes an intent whose type the catalog in `decoder.userInfo` knows: an intent of the
    /// app's own type, or an `IntentRecord` when the catalog was read from data. Words for a
    /// parameter that the app's type cannot read become its unread words.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let typeName = try container.decode(String.self, forKey: .type)
        let catalog = try IntentCatalog.from(decoder)
        let target = try container.decodeIfPresent(String.self, forKey: .targetSceneIdentifier)
        let unread = Dictionary(
            uniqueKeysWithValues: (try container.decodeIfPresent([String: String].self, forKey: .unreadWords) ?? [:]).map {
                (ParameterName($0.key), $0.value)
            })
        if container.contains(.intent), !catalog.keepsRecords, let type = catalog.intentType(named: typeName),
            catalog.descriptor(named: typeName) != nil
        {
            // Written before intents went as their parameters: the typed intent itself.
            func decode<T: Intent>(_ type: T.Type) throws -> any Intent { try container.decode(T.self, forKey: .intent) }
            self.init(erasing: try decode(type), targetSceneIdentifier: target)
            unreadWords = unread
            return
        }
        let parameters = try container.decodeIfPresent([String: [AnyParameterValue]].self, forKey: .parameters) ?? [:]
        self = try Self.assembled(
            typeName: typeName, parameters: parameters.map { ($0.key, $0.value) }, target: target, unread: unread,
            catalog: catalog)
    }

    /// The intent of type `typeName` with the parameters' values read (its first form: the one
    /// definition of what the values make, for `init(from:)` and the message codec alike): the
    /// app's own type, or an `IntentRecord` for a catalog read from data; words the app's type
    /// cannot read become the parameter's unread words.
    ///
    /// - Throws: `DecodingError` for a type the catalog does not list, or values that do not fit
    ///   a parameter.
    package static func assembled(
        typeName: String, parameters: [(name: String, values: [AnyParameterValue])], target: String?,
        unread: [ParameterName: String], catalog: IntentCatalog
    ) throws -> AnyIntent {
        guard let descriptor = catalog.descriptor(named: typeName) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [CodingKeys.type],
                    debugDescription: "unknown intent type '\(typeName)': the app's catalog does not list it"))
        }
        var unread = unread
        var given: [(name: ParameterName, values: [AnyParameterValue])] = []
        given.reserveCapacity(parameters.count)
        for (name, values) in parameters.sorted(by: { $0.name < $1.name }) {
            let parameter = ParameterName(name)
            if !catalog.keepsRecords, let words = values.lazy.compactMap({ $0.record?.spokenWords }).first {
                unread[parameter] = words.text
                continue
            }
            given.append((parameter, values))
        }
        switch descriptor.assembling(given) {
        case .made(let intent):
            return AnyIntent(Storage(intent, typeName: descriptor.typeName, target, unread))
        case .refused(let name):
            let values = given.first { $0.name == name }?.values ?? []
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [CodingKeys.parameters],
                    debugDescription:
                        "\(typeName) has no parameter '\(name)' taking \(values.count) value(s) of type \(values.first?.typeName ?? "none")"))
        }
    }

    /// Encodes the type name, each parameter's values, the target and the unread words.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(typeName, forKey: .type)
        let parameters = Dictionary(uniqueKeysWithValues: sortedParameterValues.lazy.map { ($0.name, $0.values) })
        try container.encode(parameters, forKey: .parameters)
        try container.encodeIfPresent(targetSceneIdentifier, forKey: .targetSceneIdentifier)
        if !unreadWords.isEmpty {
            let unread = Dictionary(uniqueKeysWithValues: unreadWords.map { ($0.key.rawValue, $0.value) })
            try container.encode(unread, forKey: .unreadWords)
        }
    }

    /// The values of every parameter given, in the order of their names' UTF-8 bytes (the order
    /// a message writes them in), read from the typed intent with no dictionary between.
    package var sortedParameterValues: [(name: String, values: [AnyParameterValue])] {
        func read<I: Intent>(_ intent: I) -> [(name: String, values: [AnyParameterValue])] {
            var given: [(name: String, values: [AnyParameterValue])]
            // The type compared, then a cast the runtime need not check (`as?` from a generic
            // value searches its conformances on every message).
            if I.self == IntentRecord.self {
                given = _identityCast(intent, to: IntentRecord.self).values.map { ($0.key.rawValue, $0.value) }
            } else {
                given = []
                // Each parameter read where it lies in the schema's array, not copied out of it.
                I.schema.parameters.withUnsafeBufferPointer { parameters in
                    for index in parameters.indices {
                        if let values = parameters[index].read(intent) { given.append((parameters[index].descriptor.name.rawValue, values)) }
                    }
                }
            }
            if given.count > 1 { given.sort { JSONValue.keyPrecedes($0.name, $1.name) } }
            return given
        }
        return read(base)
    }
}

extension AnyIntent {
    /// Whether both are the one value, not merely equal ones: the same storage.
    package func isSame(as other: AnyIntent) -> Bool { storage === other.storage }

    /// Stands, in a `progressed` answer read from the wire, for the intent of the call it
    /// answers: the host left the intent as it was called and did not send it back (see
    /// `MessageCodec`). The link that sent the call puts that call's intent in its place
    /// (`PhaseAnswer.takingCalled(_:)`) before anything else sees the answer.
    package static let asCalled = AnyIntent(IntentRecord(typeName: "(the intent as called)"))

    /// Whether this is `asCalled`.
    package var isAsCalled: Bool { isSame(as: .asCalled) }
}

extension PhaseAnswer {
    /// The answer with `called`, the intent of the call it answers, in place of `asCalled`.
    package func takingCalled(_ called: AnyIntent) -> PhaseAnswer {
        guard case .progressed(let intent, let steps) = self, intent.isAsCalled else { return self }
        return .progressed(intent: called, steps: steps)
    }
}
