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

    init(json: JSONValue, _ context: JSONCoderContext) throws {
        let object = try JSONObject(json)
        let type = try object.catalogType(context.catalog.intentType(named:)) {
            "unknown intent type '\($0)': the app's catalog does not list it"
        }
        func decode<T: Intent>(_ type: T.Type) throws -> any Intent { try object.decoded("intent", context) as T }
        self.init(erasing: try decode(type), targetSceneIdentifier: try object.readIfPresent("targetSceneIdentifier") { try $0.string() })
        let unread = try object.readIfPresent("unreadWords") { value in
            let words = try JSONObject(value)
            return try words.members.map { (ParameterName($0.key), try words.string($0.key)) }
        }
        unreadWords = Dictionary(unread ?? [], uniquingKeysWith: { _, last in last })
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

    init(json: JSONValue, _ context: JSONCoderContext) throws {
        let object = try JSONObject(json)
        let type = try object.catalogType(context.catalog.valueType(named:)) {
            "no intent in the catalog has a parameter of type '\($0)'"
        }
        func decode<T: ParameterValue>(_ type: T.Type) throws -> any ParameterValue { try object.decoded("value", context) as T }
        self.init(erasing: try decode(type))
    }
}

extension JSONObject {
    /// The type the object's `type` names, found by `lookup` in the catalog; an unknown name is
    /// an error at `.type` saying `unknown(name)`.
    fileprivate func catalogType<T>(_ lookup: (String) -> T?, unknown: (String) -> String) throws -> T {
        let typeName = try string("type")
        guard let type = lookup(typeName) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [JSONKey("type")], debugDescription: unknown(typeName)))
        }
        return type
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

    init(json: JSONValue, _ context: JSONCoderContext) throws {
        let object = try JSONObject(json)
        let kind = try object.string("kind")
        func value() throws -> AnyParameterValue { try object.message("value", context) }
        self =
            switch kind {
            case "success": .success(try value())
            case "disambiguation": .disambiguation(try object.read("values") { try $0.elements { try AnyParameterValue(json: $0, context) } })
            case "confirmationRequired": .confirmationRequired(try value())
            case "needsValue": .needsValue
            case "notRequired": .notRequired
            case "unsupported": .unsupported(reason: try object.readIfPresent("reason") { try $0.string() })
            default:
                throw DecodingError.dataCorrupted(
                    .init(codingPath: [JSONKey("kind")], debugDescription: "'\(kind)' is not a kind of ParameterResolution"))
            }
    }
}
