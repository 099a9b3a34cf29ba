// The erased intent and parameter value, and a resolution, converted by hand (see
// `JSONConvertible`); the typed intent and value inside go through their `Codable` conformance.

extension AnyIntent: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        let intent = try context.box(base)
        writer.beginObject()
        writer.member("intent", value: intent)
        if let targetSceneIdentifier { writer.member("targetSceneIdentifier", string: targetSceneIdentifier) }
        writer.member("type", string: typeName)
        if !unreadWords.isEmpty {
            // Sorted, so the same intent always writes the same bytes.
            writer.member("unreadWords") { $0.stringObject(unreadWords.lazy.map { (key: $0.key.rawValue, value: $0.value) }) }
        }
        writer.endObject()
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        var targetSceneIdentifier: String?
        var unreadWords: [ParameterName: String]?
        let (type, intent) = try reader.erased("intent", context.catalog.intentType(named:)) {
            "unknown intent type '\($0)': the app's catalog does not list it"
        } other: { key, reader in
            switch key {
            case "targetSceneIdentifier": targetSceneIdentifier = try reader.nullable { try $0.string() }
            case "unreadWords": unreadWords = try reader.nullable { try $0.strings { ParameterName($0) } }
            default: try reader.skip()
            }
        }
        func decode<T: Intent>(_ type: T.Type) throws -> any Intent { try under([JSONKey("intent")]) { try context.unbox(T.self, from: intent) } }
        self.init(erasing: try decode(type), targetSceneIdentifier: targetSceneIdentifier)
        self.unreadWords = unreadWords ?? [:]
    }
}

extension AnyParameterValue: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        func typeName<T: ParameterValue>(_ value: T) -> String { T.typeName }
        let value = try context.box(base)
        writer.beginObject()
        writer.member("type", string: typeName(base))
        writer.member("value", value: value)
        writer.endObject()
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        let (type, value) = try reader.erased("value", context.catalog.valueType(named:)) {
            "no intent in the catalog has a parameter of type '\($0)'"
        }
        func decode<T: ParameterValue>(_ type: T.Type) throws -> any ParameterValue { try under([JSONKey("value")]) { try context.unbox(T.self, from: value) } }
        self.init(erasing: try decode(type))
    }
}

extension JSONReader {
    /// Reads the object of an erased value: the type `type` names, found by `lookup` in the
    /// catalog (an unknown name is an error at `.type` saying `unknown(name)`), and the value
    /// `key` holds, kept until its type is known, as it may come first; `other` reads any other
    /// member.
    fileprivate mutating func erased<T>(
        _ key: StaticString, _ lookup: (String) -> T?, unknown: (String) -> String,
        other: (JSONName, inout JSONReader) throws -> Void = { _, reader in try reader.skip() }
    ) throws -> (type: T, value: JSONNode) {
        var typeName: String?
        var value: JSONTape?
        try pair("type", &typeName, { try $0.string() }, key, &value, { try $0.tape() }, other: other)
        let name = try required(&typeName, "type")
        guard let type = lookup(name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [JSONKey("type")], debugDescription: unknown(name)))
        }
        return (type, try required(&value, key).root)
    }
}

extension ParameterResolution: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        writer.beginObject()
        writer.member("kind", string: kind.rawValue)
        switch self {
        case .success(let value), .confirmationRequired(let value): try writer.member("value") { try value.write(to: &$0, context) }
        case .disambiguation(let values): try writer.member("values") { try $0.array(values) { try $1.write(to: &$0, context) } }
        case .unsupported(let reason?): writer.member("reason", string: reason)
        case .unsupported(nil), .needsValue, .notRequired: break
        }
        writer.endObject()
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        var kind: Kind?
        var value: AnyParameterValue?
        var values: [AnyParameterValue]?
        var reason: String?
        try reader.object { key, reader in
            switch key {
            case "kind":
                let text = try reader.string()
                guard let known = Kind(rawValue: text) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "'\(text)' is not a kind of ParameterResolution"))
                }
                kind = known
            case "value": value = try AnyParameterValue(reading: &reader, context)
            case "values": values = try reader.array { try AnyParameterValue(reading: &$0, context) }
            case "reason": reason = try reader.nullable { try $0.string() }
            default: try reader.skip()
            }
        }
        self =
            switch try required(&kind, "kind") {
            case .success: .success(try required(&value, "value"))
            case .disambiguation: .disambiguation(try required(&values, "values"))
            case .confirmationRequired: .confirmationRequired(try required(&value, "value"))
            case .needsValue: .needsValue
            case .notRequired: .notRequired
            case .unsupported: .unsupported(reason: reason)
            }
    }
}
