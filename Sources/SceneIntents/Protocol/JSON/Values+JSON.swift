// The erased intent and parameter value, and a resolution, converted by hand (see
// `JSONConvertible`); the typed intent and value inside go through their `Codable` conformance.

extension AnyIntent: JSONConvertible {
    func json(_ context: JSONCoderContext) throws -> JSONValue {
        var members = [JSONMember("intent", try context.box(base))]
        members.append("targetSceneIdentifier", ifPresent: targetSceneIdentifier.map(JSONValue.string))
        members.append(JSONMember("type", .string(typeName)))
        if !unreadWords.isEmpty {
            // Sorted, so the same intent always writes the same bytes.
            let unread = unreadWords.sorted { $0.key < $1.key }.map { JSONMember($0.key.rawValue, .string($0.value)) }
            members.append(JSONMember("unreadWords", .object(unread)))
        }
        return .object(members)
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
    func json(_ context: JSONCoderContext) throws -> JSONValue {
        func typeName<T: ParameterValue>(_ value: T) -> String { T.typeName }
        return .object([JSONMember("type", .string(typeName(base))), JSONMember("value", try context.box(base))])
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
    func json(_ context: JSONCoderContext) throws -> JSONValue {
        let kind = JSONMember("kind", .string(kind.rawValue))
        return switch self {
        case .success(let value), .confirmationRequired(let value): .object([kind, JSONMember("value", try value.json(context))])
        case .disambiguation(let values): .object([kind, JSONMember("values", .array(try values.map { try $0.json(context) }))])
        case .unsupported(let reason?): .object([kind, JSONMember("reason", .string(reason))])
        case .unsupported(nil), .needsValue, .notRequired: .object([kind])
        }
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
