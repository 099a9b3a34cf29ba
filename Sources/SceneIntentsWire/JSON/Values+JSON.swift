import SceneIntents

// The erased intent and parameter value go through their `Codable` conformance (one definition
// of their JSON: each names its type, which decides how the rest is read).

extension AnyIntent: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        writer.value(try context.box(self))
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        self = try context.unbox(AnyIntent.self, from: try reader.tape().root)
    }
}

extension AnyParameterValue: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        writer.value(try context.box(self))
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        self = try context.unbox(AnyParameterValue.self, from: try reader.tape().root)
    }
}

// A resolution, converted by hand (see `JSONConvertible`).
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
