import Foundation
import SceneIntents

// The kept sessions, converted by hand (see `JSONConvertible`): a relaunch with 100 sessions
// sends 100 records (about 70 KB) before its first call, and the generic containers of `Codable`
// made reading and writing them a large part of that launch. The same JSON as their `Codable`
// conformances; the rare values inside (a real, a date, data) go through `Codable`, so they keep
// the wire's date and data encodings.

extension SessionRestoration: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        writer.beginObject()
        try writer.member("discarded") { try $0.array(discarded) { try $1.write(to: &$0, context) } }
        try writer.member("sessions") { try $0.array(sessions) { try $1.write(to: &$0, context) } }
        writer.endObject()
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        var sessions: [SessionRecord]?
        var discarded: [SessionRecord]?
        let record: (inout JSONReader) throws -> SessionRecord = { try SessionRecord(reading: &$0, context) }
        try reader.pair("sessions", &sessions, { try $0.array(record) }, "discarded", &discarded, { try $0.array(record) })
        self.init(sessions: try required(&sessions, "sessions"), discarded: try required(&discarded, "discarded"))
    }
}

extension SessionChange: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        switch self {
        case .saved(let record): try writer.enumCase("saved") { try $0.member("_0") { try record.write(to: &$0, context) } }
        case .discarded(let identifiers):
            writer.enumCase("discarded") { $0.member("_0") { $0.array(identifiers) { $0.string($1) } } }
        }
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        self = try Self.decodeCase(&reader) { name, reader in
            switch name {
            case "saved": return .saved(try reader.single("_0") { try SessionRecord(reading: &$0, context) })
            case "discarded": return .discarded(try reader.single("_0") { try $0.array { try $0.string() } })
            default: throw Self.unknownCase(name)
            }
        }
    }
}

extension SessionRecord: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        writer.beginObject()
        writer.member("activationState", number: activationState.rawValue)
        writer.member("configuration") { configuration.write(to: &$0) }
        writer.member("lastActivation", number: lastActivation)
        writer.member("persistentIdentifier", string: persistentIdentifier)
        writer.member("role", string: role.rawValue)
        if let activity = stateRestorationActivity {
            try writer.member("stateRestorationActivity") { try activity.content.write(to: &$0, context) }
        }
        try writer.member("userInfo") { try PropertyListValue.write(userInfo, to: &$0, context) }
        writer.endObject()
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        var identifier: String?
        var role: SceneSessionRole?
        var configuration: SceneConfiguration?
        var userInfo: [String: PropertyListValue]?
        var activity: UserActivity?
        var state: ActivationState?
        var lastActivation: UInt64?
        try reader.object { key, reader in
            switch key {
            case "persistentIdentifier": identifier = try reader.string()
            case "role": role = try reader.role()
            case "configuration": configuration = try SceneConfiguration(reading: &reader)
            case "userInfo": userInfo = try PropertyListValue.dictionary(reading: &reader, context)
            case "stateRestorationActivity":
                activity = try reader.nullable { UserActivity(content: try UserActivity.Content(reading: &$0, context)) }
            case "activationState":
                let raw = try reader.integer(Int.self)
                guard let known = ActivationState(rawValue: raw) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(raw) is not an ActivationState"))
                }
                state = known
            case "lastActivation": lastActivation = try reader.integer(UInt64.self)
            default: try reader.skip()
            }
        }
        self.init(
            persistentIdentifier: try required(&identifier, "persistentIdentifier"), role: try required(&role, "role"),
            configuration: try required(&configuration, "configuration"), userInfo: try required(&userInfo, "userInfo"),
            stateRestorationActivity: activity, activationState: try required(&state, "activationState"),
            lastActivation: try required(&lastActivation, "lastActivation"))
    }
}

extension SceneConfiguration {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let delegateClassName { writer.member("delegateClassName", string: delegateClassName) }
        writer.member("name", string: name)
        writer.member("role", string: role.rawValue)
        writer.endObject()
    }

    init(reading reader: inout JSONReader) throws {
        var name: String?
        var role: SceneSessionRole?
        var delegate: String?
        try reader.object { key, reader in
            switch key {
            case "name": name = try reader.string()
            case "role": role = try reader.role()
            case "delegateClassName": delegate = try reader.nullable { try $0.string() }
            default: try reader.skip()
            }
        }
        self.init(name: try required(&name, "name"), role: try required(&role, "role"), delegateClassName: delegate)
    }
}

extension UserActivity.Content {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        writer.beginObject()
        writer.member("activityType", string: activityType)
        if let interaction { try writer.member("interaction") { try interaction.write(to: &$0, context) } }
        writer.member("isEligibleForHandoff", value: .bool(isEligibleForHandoff))
        writer.member("isEligibleForPrediction", value: .bool(isEligibleForPrediction))
        writer.member("isEligibleForSearch", value: .bool(isEligibleForSearch))
        if let persistentIdentifier { writer.member("persistentIdentifier", string: persistentIdentifier) }
        // In the set's own order, as `Codable` writes a set.
        writer.member("requiredUserInfoKeys") { $0.array(requiredUserInfoKeys) { $0.string($1) } }
        if let suggestedInvocationPhrase { writer.member("suggestedInvocationPhrase", string: suggestedInvocationPhrase) }
        if let targetContentIdentifier { writer.member("targetContentIdentifier", string: targetContentIdentifier) }
        if let title { writer.member("title", string: title) }
        try writer.member("userInfo") { try PropertyListValue.write(userInfo, to: &$0, context) }
        writer.endObject()
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        var type: String?
        var title: String?
        var userInfo: [String: PropertyListValue] = [:]
        var required: Set<String> = []
        var (search, handoff, prediction) = (false, true, false)
        var persistent: String?
        var phrase: String?
        var target: String?
        var interaction: Interaction?
        try reader.object { key, reader in
            switch key {
            case "activityType": type = try reader.string()
            case "title": title = try reader.nullable { try $0.string() }
            case "userInfo": userInfo = try PropertyListValue.dictionary(reading: &reader, context)
            case "requiredUserInfoKeys": required = Set(try reader.array { try $0.string() })
            case "isEligibleForSearch": search = try reader.boolean()
            case "isEligibleForHandoff": handoff = try reader.boolean()
            case "isEligibleForPrediction": prediction = try reader.boolean()
            case "persistentIdentifier": persistent = try reader.nullable { try $0.string() }
            case "suggestedInvocationPhrase": phrase = try reader.nullable { try $0.string() }
            case "targetContentIdentifier": target = try reader.nullable { try $0.string() }
            case "interaction": interaction = try reader.nullable { try Interaction(reading: &$0, context) }
            default: try reader.skip()
            }
        }
        self.init(activityType: try SceneIntentsWire.required(&type, "activityType"))
        (self.title, self.userInfo, self.requiredUserInfoKeys) = (title, userInfo, required)
        (isEligibleForSearch, isEligibleForHandoff, isEligibleForPrediction) = (search, handoff, prediction)
        (persistentIdentifier, suggestedInvocationPhrase, targetContentIdentifier) = (persistent, phrase, target)
        self.interaction = interaction
    }
}

extension Interaction: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        writer.beginObject()
        writer.member("date", value: try context.box(date))
        if let groupIdentifier { writer.member("groupIdentifier", string: groupIdentifier) }
        writer.member("identifier", string: identifier)
        try writer.member("intent") { try intent.write(to: &$0, context) }
        writer.member("intentHandlingStatus", number: intentHandlingStatus.rawValue)
        if let intentResponse { try writer.member("intentResponse") { try intentResponse.write(to: &$0, context) } }
        writer.endObject()
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        var date: Date?
        var group: String?
        var identifier: String?
        var intent: AnyIntent?
        var status: IntentHandlingStatus?
        var response: IntentResponse?
        try reader.object { key, reader in
            switch key {
            case "date": date = try reader.decoded(Date.self, context)
            case "groupIdentifier": group = try reader.nullable { try $0.string() }
            case "identifier": identifier = try reader.string()
            case "intent": intent = try AnyIntent(reading: &reader, context)
            case "intentHandlingStatus": status = try reader.decoded(IntentHandlingStatus.self, context)
            case "intentResponse": response = try reader.nullable { try IntentResponse(reading: &$0, context) }
            default: try reader.skip()
            }
        }
        self.init(
            intent: try required(&intent, "intent"), response: response, identifier: try required(&identifier, "identifier"),
            groupIdentifier: group, handlingStatus: try required(&status, "intentHandlingStatus"), date: try required(&date, "date"))
    }
}

extension PropertyListValue: JSONConvertible {
    /// Writes `dictionary` as `Codable` writes a `[String: PropertyListValue]`: keys in order,
    /// each value as its synthesized enum case (`{"string":{"_0":"…"}}`).
    static func write(_ dictionary: [String: PropertyListValue], to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        writer.beginObject()
        for (key, value) in dictionary.sorted(by: { JSONValue.keyPrecedes($0.key, $1.key) }) {
            writer.key(key)
            try value.write(to: &writer, context)
        }
        writer.endObject()
    }

    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        switch self {
        case .string(let text): writer.enumCase("string") { $0.member("_0", string: text) }
        case .integer(let number): writer.enumCase("integer") { $0.member("_0", number: number) }
        case .boolean(let flag): writer.enumCase("boolean") { $0.member("_0", value: .bool(flag)) }
        case .real(let number): try writer.enumCase("real") { $0.member("_0", value: try context.box(number)) }
        case .date(let date): try writer.enumCase("date") { $0.member("_0", value: try context.box(date)) }
        case .data(let data): try writer.enumCase("data") { $0.member("_0", value: try context.box(data)) }
        case .array(let values): try writer.enumCase("array") { try $0.member("_0") { try $0.array(values) { try $1.write(to: &$0, context) } } }
        case .dictionary(let values): try writer.enumCase("dictionary") { try $0.member("_0") { try Self.write(values, to: &$0, context) } }
        }
    }

    /// Reads what `write(_:to:_:)` writes.
    static func dictionary(reading reader: inout JSONReader, _ context: JSONCoderContext) throws -> [String: PropertyListValue] {
        // A kept place holds a few values: one allocation, not one for each doubling.
        var result: [String: PropertyListValue] = [:]
        result.reserveCapacity(4)
        try reader.object { key, reader in result[key.string] = try PropertyListValue(reading: &reader, context) }
        return result
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        self = try Self.decodeCase(&reader) { name, reader in
            try reader.single("_0") { reader in
                switch name {
                case "string": .string(try reader.string())
                case "integer": .integer(try reader.integer(Int.self))
                case "boolean": .boolean(try reader.boolean())
                case "real": .real(try reader.decoded(Double.self, context))
                case "date": .date(try reader.decoded(Date.self, context))
                case "data": .data(try reader.decoded(Data.self, context))
                case "array": .array(try reader.array { try PropertyListValue(reading: &$0, context) })
                case "dictionary": .dictionary(try Self.dictionary(reading: &reader, context))
                default: throw Self.unknownCase(name)
                }
            }
        }
    }
}

extension JSONReader {
    /// A session's role: a role `SceneSessionRole.known` holds is matched on the bytes and
    /// shares that role's string (no new one, 35 bytes long, for each of 100 records).
    mutating func role() throws -> SceneSessionRole {
        try expect(UInt8(ascii: "\""), String.self)
        let text = try scanString()
        if !text.isEscaped {
            let bytes = UnsafeBufferPointer(rebasing: self.bytes[text.start..<text.start + text.count])
            if SceneSessionRole.windowApplication.rawValue.utf8.elementsEqual(bytes) { return .windowApplication }
            for role in SceneSessionRole.known where role.rawValue.utf8.elementsEqual(bytes) { return role }
        }
        return SceneSessionRole(rawValue: text.string(in: bytes))
    }
}
