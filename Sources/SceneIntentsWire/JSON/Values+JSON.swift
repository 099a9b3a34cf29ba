import SceneIntents

// The erased intent and parameter value, converted by hand (see `JSONConvertible`): the same JSON
// their `Codable` conformances write, and read through the same definitions (`assembled`); the
// typed value inside goes through its own `Codable` conformance.

extension AnyIntent: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        writer.beginObject()
        try writer.member("parameters") { writer in
            writer.beginObject()
            for (name, values) in sortedParameterValues {
                writer.key(name)
                try writer.array(values) { try $1.write(to: &$0, context) }
            }
            writer.endObject()
        }
        if let targetSceneIdentifier { writer.member("targetSceneIdentifier", string: targetSceneIdentifier) }
        writer.member("type", string: typeName)
        if !unreadWords.isEmpty {
            // Sorted, so the same intent always writes the same bytes.
            writer.member("unreadWords") { $0.stringObject(Dictionary(uniqueKeysWithValues: unreadWords.map { ($0.key.rawValue, $0.value) })) }
        }
        writer.endObject()
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        var typeName: String?
        var target: String?
        var unread: [ParameterName: String]?
        var parameters: [(name: String, values: [AnyParameterValue])] = []
        try reader.object { key, reader in
            switch key {
            case "type": typeName = try reader.string()
            case "parameters":
                try reader.object { name, reader in
                    parameters.append((name.string, try reader.array { try AnyParameterValue(reading: &$0, context) }))
                }
            case "targetSceneIdentifier": target = try reader.nullable { try $0.string() }
            case "unreadWords": unread = try reader.nullable { try $0.strings { ParameterName($0) } }
            default: try reader.skip()
            }
        }
        self = try AnyIntent.assembled(
            typeName: try required(&typeName, "type"), parameters: parameters, target: target, unread: unread ?? [:],
            catalog: context.catalog)
    }
}

extension AnyParameterValue: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        writer.beginObject()
        if let record {
            switch record.content {
            case .encoded(let tree):
                writer.member("display", value: try context.box(record.displayItem))
                writer.member("type", string: record.valueTypeName)
                writer.member("value", value: tree)
            case .spoken(let text, let identifier):
                if let identifier { writer.member("identifier", string: identifier) }
                writer.member("spoken", string: text)
                writer.member("type", string: record.valueTypeName)
            }
        } else {
            func box<T: ParameterValue>(_ value: T) throws -> JSONValue { try context.box(value) }
            let typeName = typeName
            if IntentCatalog.builtInValueTypes[typeName] == nil { writer.member("display", value: try context.box(displayItem)) }
            writer.member("type", string: typeName)
            writer.member("value", value: try box(base))
        }
        writer.endObject()
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        var typeName: String?
        var value: ReadValue?
        var display: JSONTape?
        var spoken: String?
        var identifier: String?
        try reader.object { key, reader in
            switch key {
            case "type": typeName = try reader.string()
            case "value": value = try ReadValue(reading: &reader)
            case "display": display = try reader.tape()
            case "spoken": spoken = try reader.nullable { try $0.string() }
            case "identifier": identifier = try reader.nullable { try $0.string() }
            default: try reader.skip()
            }
        }
        let name = try required(&typeName, "type")
        let document = reader.bytes
        self = try AnyParameterValue.assembled(
            typeName: name, catalog: context.catalog, spoken: spoken.map { ($0, identifier) },
            value: { type in
                let read = try required(&value, "value")
                func decode<T: ParameterValue>(_ type: T.Type) throws -> any ParameterValue {
                    if T.self == String.self, case .text(let text, _) = read { return text }
                    let node = try read.tape(in: document).root
                    return try under([JSONKey("value")]) { try context.unbox(T.self, from: node) }
                }
                return try decode(type)
            },
            record: {
                let tree = try JSONValue(try required(&value, "value").tape(in: document).root)
                let item = try display.map { tape in
                    try under([JSONKey("display")]) { try context.unbox(DisplayItem.self, from: tape.root) }
                }
                return (tree, item)
            })
    }
}

/// A parameter value as read, before its type is known: a string as text (most values are
/// `String`s, which need nothing more), anything else as a tape for its type's decoder.
private enum ReadValue {
    /// A string, and where it starts in the document (to make a tape of it for another type).
    case text(String, at: Int)
    case tape(JSONTape)

    init(reading reader: inout JSONReader) throws {
        reader.skipWhitespace()
        guard reader.current == UInt8(ascii: "\"") else {
            self = .tape(try reader.tape())
            return
        }
        let start = reader.offset
        self = .text(try reader.string(), at: start)
    }

    /// The value as a tape: a string read again from `document`, the one it was read from.
    func tape(in document: UnsafeBufferPointer<UInt8>) throws -> JSONTape {
        switch self {
        case .tape(let tape): return tape
        case .text(_, let start):
            var reader = JSONReader(document)
            reader.offset = start
            return try reader.tape()
        }
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
