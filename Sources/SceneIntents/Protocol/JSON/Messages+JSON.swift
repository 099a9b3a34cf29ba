// The two message enums and the small types only they carry, converted by hand (see
// `JSONConvertible`); the rare cases' payloads (a hello, an activity, an event) go through
// `Codable`.

extension SystemMessage: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        switch self {
        case .accept(let version): writer.enumCase("accept") { $0.member("protocolVersion", number: version) }
        case .call(let id, let call): try writer.enumCase("call", id: id, "call") { try call.write(to: &$0, context) }
        case .cancel(let id): writer.enumCase("cancel") { $0.member("id", number: id) }
        case .continueActivity(let id, let activity):
            let activity = try context.box(activity)
            writer.enumCase("continueActivity", id: id, "activity") { $0.value(activity) }
        case .event(let id, let event):
            let event = try context.box(event)
            writer.enumCase("event", id: id, "event") { $0.value(event) }
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
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        switch self {
        case .hello(let hello):
            let hello = try context.box(hello)
            writer.enumCase("hello") { $0.member("_0", value: hello) }
        case .step(let id, let step): try writer.enumCase("step", id: id, "step") { try step.write(to: &$0, context) }
        case .answer(let id, let answer): try writer.enumCase("answer", id: id, "answer") { try answer.write(to: &$0, context) }
        case .continued(let id, let result):
            let result = try context.box(result)
            writer.enumCase("continued", id: id, "result") { $0.value(result) }
        case .eventDone(let id, let refusal, let output):
            writer.enumCase("eventDone") {
                $0.member("id", number: id)
                if let output { $0.member("output", string: output) }
                if let refusal { $0.member("refusal", string: refusal) }
            }
        case .lifecycle(let event): try writer.enumCase("lifecycle") { try $0.member("_0") { try event.write(to: &$0, context) } }
        case .report(let report): writer.enumCase("report") { $0.member("_0") { report.write(to: &$0) } }
        case .shortcuts(let message):
            let message = try context.box(message)
            writer.enumCase("shortcuts") { $0.member("_0", value: message) }
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
}

extension LifecycleEvent: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        switch self {
        case .application(let callback, let detail):
            writer.enumCase("application") {
                $0.member("_0", string: callback.rawValue)
                if let detail { $0.member("detail", string: detail) }
            }
        case .scene(let session, let callback):
            writer.enumCase("scene") {
                $0.member("_0", string: session)
                $0.member("_1", string: callback.rawValue)
            }
        case .view(let name, let callback):
            writer.enumCase("view") {
                $0.member("_0", string: name)
                $0.member("_1", string: callback.rawValue)
            }
        case .diagnostic(let diagnostic):
            let diagnostic = try context.box(diagnostic)
            writer.enumCase("diagnostic") { $0.member("_0", value: diagnostic) }
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
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("detail", string: detail)
        writer.member("kind", string: kind.rawValue)
        writer.endObject()
    }

    init(json: JSONValue) throws {
        let object = try JSONObject(json)
        self.init(try object.read("kind") { try $0.rawValue(Kind.self) }, try object.string("detail"))
    }
}
