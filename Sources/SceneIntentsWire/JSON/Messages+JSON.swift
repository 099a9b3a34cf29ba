import SceneIntents

// The two message enums and the small types only they carry, converted by hand (see
// `JSONConvertible`); the rare cases' payloads (a hello, a continuation's result) go through
// `Codable`.

extension SystemMessage: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        switch self {
        case .accept(let version): writer.enumCase("accept") { $0.member("protocolVersion", number: version) }
        case .call(let id, let call): try writer.enumCase("call", id: id, "call") { try call.write(to: &$0, context) }
        case .cancel(let id): writer.enumCase("cancel") { $0.member("id", number: id) }
        case .continueActivity(let id, let activity):
            try writer.enumCase("continueActivity", id: id, "activity") { try activity.content.write(to: &$0, context) }
        case .event(let id, let event): writer.enumCase("event", id: id, "event") { event.write(to: &$0, context) }
        case .restore(let restoration): try writer.enumCase("restore") { try $0.member("_0") { try restoration.write(to: &$0, context) } }
        }
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        self = try Self.decodeCase(&reader) { name, reader in
            switch name {
            case "accept": return .accept(protocolVersion: try reader.single("protocolVersion") { try $0.integer(Int.self) })
            case "call":
                let (id, call) = try reader.identified("call") { try PhaseCall(reading: &$0, context) }
                context.read(call: id, intent: call.intent)
                return .call(id: id, call: call)
            case "cancel": return .cancel(id: try reader.single("id") { try $0.id() })
            case "continueActivity":
                let (id, activity) = try reader.identified("activity") { UserActivity(content: try UserActivity.Content(reading: &$0, context)) }
                return .continueActivity(id: id, activity: activity)
            case "event":
                let (id, event) = try reader.identified("event") { try SystemEvent(reading: &$0, context) }
                return .event(id: id, event: event)
            case "restore": return .restore(try reader.single("_0") { try SessionRestoration(reading: &$0, context) })
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
        case .answer(let id, let answer):
            var intent: AnyIntent?
            if case .progressed(let progressed, _) = answer { intent = progressed }
            let asCalled = context.isCalledIntent(intent, answering: id)
            try writer.enumCase("answer", id: id, "answer") { try answer.write(to: &$0, context, intentAsCalled: asCalled) }
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
        case .sessions(let changes):
            try writer.enumCase("sessions") { try $0.member("_0") { try $0.array(changes) { try $1.write(to: &$0, context) } } }
        }
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        self = try Self.decodeCase(&reader) { name, reader in
            switch name {
            case "hello": return .hello(try reader.single("_0") { try $0.decoded(AppHello.self, context) })
            case "step":
                let (id, step) = try reader.identified("step") { try PhaseStep(reading: &$0, context) }
                return .step(id: id, step: step)
            case "answer":
                let (id, answer) = try reader.identified("answer") { try PhaseAnswer(reading: &$0, context) }
                return .answer(id: id, answer: answer)
            case "continued":
                let (id, result) = try reader.identified("result") { try $0.decoded(ContinuationResult.self, context) }
                return .continued(id: id, result: result)
            case "eventDone":
                var id: UInt64?
                var refusal: String?
                var output: String?
                try reader.object { key, reader in
                    switch key {
                    case "id": id = try reader.id()
                    case "refusal": refusal = try reader.nullable { try $0.string() }
                    case "output": output = try reader.nullable { try $0.string() }
                    default: try reader.skip()
                    }
                }
                return .eventDone(id: try required(&id, "id"), refusal: refusal, output: output)
            case "lifecycle": return .lifecycle(try reader.single("_0") { try LifecycleEvent(reading: &$0, context) })
            case "report": return .report(try reader.single("_0") { try AppReport(reading: &$0) })
            case "shortcuts": return .shortcuts(try reader.single("_0") { try $0.decoded(ShortcutsMessage.self, context) })
            case "sessions": return .sessions(try reader.single("_0") { try $0.array { try SessionChange(reading: &$0, context) } })
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

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        self = try Self.decodeCase(&reader) { name, reader in
            switch name {
            case "application":
                var callback: ApplicationCallback?
                var detail: String??
                try reader.pair("_0", &callback, { try $0.rawValue(ApplicationCallback.self) }, "detail", &detail, { try $0.nullable { try $0.string() } })
                return .application(try required(&callback, "_0"), detail: detail ?? nil)
            case "scene":
                var session: String?
                var callback: SceneCallback?
                try reader.pair("_0", &session, { try $0.string() }, "_1", &callback, { try $0.rawValue(SceneCallback.self) })
                return .scene(try required(&session, "_0"), try required(&callback, "_1"))
            case "view":
                var view: String?
                var callback: ViewCallback?
                try reader.pair("_0", &view, { try $0.string() }, "_1", &callback, { try $0.rawValue(ViewCallback.self) })
                return .view(try required(&view, "_0"), try required(&callback, "_1"))
            case "diagnostic": return .diagnostic(try reader.single("_0") { try $0.decoded(ManifestDiagnostic.self, context) })
            default: throw Self.unknownCase(name)
            }
        }
    }
}

extension AppReport {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("detail", string: detail)
        writer.member("kind", string: kind.rawValue)
        writer.endObject()
    }

    init(reading reader: inout JSONReader) throws {
        var kind: Kind?
        var detail: String?
        try reader.pair("kind", &kind, { try $0.rawValue(Kind.self) }, "detail", &detail, { try $0.string() })
        self.init(try required(&kind, "kind"), try required(&detail, "detail"))
    }
}

extension SystemEvent: JSONConvertible {
    // By hand too, though events are rare: `Codable`'s first event in a process instantiates a
    // container type per case, each a scan of every conformance record (2.8 million instructions
    // in an app's first `open` or `quit`).
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) {
        switch self {
        case .open: writer.enumCase("open")
        case .newWindow: writer.enumCase("newWindow")
        case .home: writer.enumCase("home")
        case .close(let session): writer.enumCase("close") { $0.member("session", string: session) }
        case .lock(let isLocked): writer.enumCase("lock") { $0.member("isLocked", value: .bool(isLocked)) }
        case .overlay(let isShown): writer.enumCase("overlay") { $0.member("isShown", value: .bool(isShown)) }
        case .quit: writer.enumCase("quit")
        case .command(let text): writer.enumCase("command") { $0.member("_0", string: text) }
        }
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        self = try Self.decodeCase(&reader) { name, reader in
            switch name {
            case "open": return try reader.valueless(.open)
            case "newWindow": return try reader.valueless(.newWindow)
            case "home": return try reader.valueless(.home)
            case "close": return .close(session: try reader.single("session") { try $0.string() })
            case "lock": return .lock(isLocked: try reader.single("isLocked") { try $0.boolean() })
            case "overlay": return .overlay(isShown: try reader.single("isShown") { try $0.boolean() })
            case "quit": return try reader.valueless(.quit)
            case "command": return .command(try reader.single("_0") { try $0.string() })
            default: throw Self.unknownCase(name)
            }
        }
    }
}
