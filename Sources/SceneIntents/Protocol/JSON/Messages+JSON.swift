// The two message enums and the small types only they carry, converted by hand (see
// `JSONConvertible`); the rare cases' payloads (a hello, an activity, an event) go through
// `Codable`.

extension SystemMessage: JSONConvertible {
    func json(_ context: JSONCoderContext) throws -> JSONValue {
        switch self {
        case .accept(let version): Self.enumCase("accept", [JSONMember("protocolVersion", .number(version))])
        case .call(let id, let call): Self.enumCase("call", [JSONMember("call", try call.json(context)), JSONMember("id", .number(id))])
        case .cancel(let id): Self.enumCase("cancel", [JSONMember("id", .number(id))])
        case .continueActivity(let id, let activity):
            Self.enumCase("continueActivity", [JSONMember("activity", try context.box(activity)), JSONMember("id", .number(id))])
        case .event(let id, let event): Self.enumCase("event", [JSONMember("event", try context.box(event)), JSONMember("id", .number(id))])
        }
    }

    init(json: JSONValue, _ context: JSONCoderContext) throws {
        self = try Self.decodeCase(json) { name, object in
            switch name {
            case "accept": .accept(protocolVersion: try object.read("protocolVersion") { try $0.integer(Int.self) })
            case "call": .call(id: try object.id("id"), call: try object.message("call", context))
            case "cancel": .cancel(id: try object.id("id"))
            case "continueActivity": .continueActivity(id: try object.id("id"), activity: try object.decoded("activity", context))
            case "event": .event(id: try object.id("id"), event: try object.decoded("event", context))
            default: throw Self.unknownCase(name)
            }
        }
    }
}

extension AppMessage: JSONConvertible {
    func json(_ context: JSONCoderContext) throws -> JSONValue {
        switch self {
        case .hello(let hello): Self.enumCase("hello", [JSONMember("_0", try context.box(hello))])
        case .step(let id, let step): Self.enumCase("step", [JSONMember("id", .number(id)), JSONMember("step", try step.json(context))])
        case .answer(let id, let answer):
            Self.enumCase("answer", [JSONMember("answer", try answer.json(context)), JSONMember("id", .number(id))])
        case .continued(let id, let result):
            Self.enumCase("continued", [JSONMember("id", .number(id)), JSONMember("result", try context.box(result))])
        case .eventDone(let id, let refusal, let output):
            Self.enumCase("eventDone", Self.members(JSONMember("id", .number(id)), ("output", output.map(JSONValue.string)), ("refusal", refusal.map(JSONValue.string))))
        case .lifecycle(let event): Self.enumCase("lifecycle", [JSONMember("_0", try event.json(context))])
        case .report(let report): Self.enumCase("report", [JSONMember("_0", report.json)])
        case .shortcuts(let message): Self.enumCase("shortcuts", [JSONMember("_0", try context.box(message))])
        }
    }

    init(json: JSONValue, _ context: JSONCoderContext) throws {
        self = try Self.decodeCase(json) { name, object in
            switch name {
            case "hello": .hello(try object.decoded("_0", context))
            case "step": .step(id: try object.id("id"), step: try object.message("step", context))
            case "answer": .answer(id: try object.id("id"), answer: try object.message("answer", context))
            case "continued": .continued(id: try object.id("id"), result: try object.decoded("result", context))
            case "eventDone":
                .eventDone(
                    id: try object.id("id"), refusal: try object.readIfPresent("refusal") { try $0.string() },
                    output: try object.readIfPresent("output") { try $0.string() })
            case "lifecycle": .lifecycle(try object.message("_0", context))
            case "report": .report(try object.read("_0") { try HostReport(json: $0) })
            case "shortcuts": .shortcuts(try object.decoded("_0", context))
            default: throw Self.unknownCase(name)
            }
        }
    }

    /// `first`, then each optional member that is present.
    private static func members(_ first: JSONMember, _ optional: (String, JSONValue?)...) -> [JSONMember] {
        var members = [first]
        for (key, value) in optional { members.append(key, ifPresent: value) }
        return members
    }
}

extension LifecycleEvent: JSONConvertible {
    func json(_ context: JSONCoderContext) throws -> JSONValue {
        switch self {
        case .application(let callback, let detail):
            var members = [JSONMember("_0", .string(callback.rawValue))]
            members.append("detail", ifPresent: detail.map(JSONValue.string))
            return Self.enumCase("application", members)
        case .scene(let session, let callback):
            return Self.enumCase("scene", [JSONMember("_0", .string(session)), JSONMember("_1", .string(callback.rawValue))])
        case .view(let name, let callback):
            return Self.enumCase("view", [JSONMember("_0", .string(name)), JSONMember("_1", .string(callback.rawValue))])
        case .diagnostic(let diagnostic): return Self.enumCase("diagnostic", [JSONMember("_0", try context.box(diagnostic))])
        }
    }

    init(json: JSONValue, _ context: JSONCoderContext) throws {
        self = try Self.decodeCase(json) { name, object in
            switch name {
            case "application":
                .application(
                    try object.read("_0") { try $0.rawValue(ApplicationCallback.self) },
                    detail: try object.readIfPresent("detail") { try $0.string() })
            case "scene": .scene(try object.string("_0"), try object.read("_1") { try $0.rawValue(SceneCallback.self) })
            case "view": .view(try object.string("_0"), try object.read("_1") { try $0.rawValue(ViewCallback.self) })
            case "diagnostic": .diagnostic(try object.decoded("_0", context))
            default: throw Self.unknownCase(name)
            }
        }
    }
}

extension HostReport {
    var json: JSONValue { .object([JSONMember("detail", .string(detail)), JSONMember("kind", .string(kind.rawValue))]) }

    init(json: JSONValue) throws {
        let object = try JSONObject(json)
        self.init(try object.read("kind") { try $0.rawValue(Kind.self) }, try object.string("detail"))
    }
}
