import SceneIntents

// A phase call, its answer and its steps, converted by hand (see `JSONConvertible`).

extension PhaseCall: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        writer.beginObject()
        if !choices.isEmpty {
            writer.member("choices") { writer in
                writer.beginObject()
                for (key, position) in choices.sorted(by: { JSONValue.keyPrecedes($0.key, $1.key) }) {
                    writer.key(key)
                    writer.number(position)
                }
                writer.endObject()
            }
        }
        try writer.member("intent") { try intent.write(to: &$0, context) }
        try writer.member("phase") { try phase.write(to: &$0, context) }
        writer.member("request", number: request)
        if isTraced { writer.member("traced", value: .bool(true)) }
        writer.endObject()
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        var request: UInt64?
        var intent: AnyIntent?
        var phase: Phase?
        var choices: [String: Int] = [:]
        var isTraced = false
        try reader.object { key, reader in
            switch key {
            case "request": request = try reader.id()
            case "intent": intent = try AnyIntent(reading: &reader, context)
            case "phase": phase = try Phase(reading: &reader, context)
            case "choices": try reader.object { name, reader in choices[name.string] = try reader.integer(Int.self) }
            case "traced": isTraced = try reader.boolean()
            default: try reader.skip()
            }
        }
        self.init(
            request: try required(&request, "request"), intent: try required(&intent, "intent"), phase: try required(&phase, "phase"),
            choices: choices, isTraced: isTraced)
    }
}

extension PhaseCall.Phase: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        switch self {
        case .resolve(let parameter): writer.enumCase("resolve") { $0.member("parameter", string: parameter.rawValue) }
        case .provideOptions(let parameter, let searchTerm, let page):
            writer.enumCase("provideOptions") {
                $0.member("page") { object in
                    object.beginObject()
                    object.member("limit", number: page.limit)
                    object.member("offset", number: page.offset)
                    object.endObject()
                }
                $0.member("parameter", string: parameter.rawValue)
                if let searchTerm { $0.member("searchTerm", string: searchTerm) }
            }
        case .confirm: writer.enumCase("confirm")
        case .handle: writer.enumCase("handle")
        case .finish: writer.enumCase("finish")
        case .proceed(let parameters):
            writer.enumCase("proceed") {
                $0.member("parameters") { $0.array(parameters) { $0.string($1.rawValue) } }
            }
        }
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        self = try Self.decodeCase(&reader) { name, reader in
            switch name {
            case "resolve": return .resolve(parameter: try reader.single("parameter") { ParameterName(try $0.string()) })
            case "provideOptions":
                var parameter: ParameterName?
                var searchTerm: String?
                var page: OptionsPage?
                try reader.object { key, reader in
                    switch key {
                    case "parameter": parameter = ParameterName(try reader.string())
                    case "searchTerm": searchTerm = try reader.nullable { try $0.string() }
                    case "page": page = try OptionsPage(reading: &reader)
                    default: try reader.skip()
                    }
                }
                return .provideOptions(parameter: try required(&parameter, "parameter"), searchTerm: searchTerm, page: try required(&page, "page"))
            case "confirm": return try reader.valueless(.confirm)
            case "handle": return try reader.valueless(.handle)
            case "finish": return try reader.valueless(.finish)
            case "proceed":
                return .proceed(parameters: try reader.single("parameters") { try $0.array { ParameterName(try $0.string()) } })
            default: throw Self.unknownCase(name)
            }
        }
    }
}

extension OptionsPage {
    fileprivate init(reading reader: inout JSONReader) throws {
        var offset: Int?
        var limit: Int?
        try reader.pair("offset", &offset, { try $0.integer(Int.self) }, "limit", &limit, { try $0.integer(Int.self) })
        self.init(offset: try required(&offset, "offset"), limit: try required(&limit, "limit"))
    }
}

extension PhaseAnswer: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        try write(to: &writer, context, intentAsCalled: false)
    }

    /// The answer; a `progressed` one without its intent when `intentAsCalled` (the intent is
    /// the call's own, which its reader puts back: `AnyIntent.asCalled`).
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext, intentAsCalled: Bool) throws {
        switch self {
        case .resolved(let results):
            try writer.enumCase("resolved") { try $0.member("_0") { try $0.array(results) { try $1.write(to: &$0, context) } } }
        case .options(let collection):
            let collection = try context.box(collection)
            writer.enumCase("options") { $0.member("_0", value: collection) }
        case .response(let response): try writer.enumCase("response") { try $0.member("_0") { try response.write(to: &$0, context) } }
        case .finished: writer.enumCase("finished")
        case .refused(let error):
            let error = try context.box(error)
            writer.enumCase("refused") { $0.member("_0", value: error) }
        case .asks(let question):
            let question = try context.box(question)
            writer.enumCase("asks") { $0.member("_0", value: question) }
        case .working(let progress):
            let progress = try context.box(progress)
            writer.enumCase("working") { $0.member("_0", value: progress) }
        case .progressed(let intent, let steps):
            try writer.enumCase("progressed") {
                if !intentAsCalled { try $0.member("intent") { try intent.write(to: &$0, context) } }
                try $0.member("steps") { try $0.array(steps) { try $1.write(to: &$0, context) } }
            }
        }
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        self = try Self.decodeCase(&reader) { name, reader in
            switch name {
            case "resolved": return .resolved(try reader.single("_0") { try $0.array { try ParameterResolution(reading: &$0, context) } })
            case "options": return .options(try reader.single("_0") { try $0.decoded(ObjectCollection<AnyParameterValue>.self, context) })
            case "response": return .response(try reader.single("_0") { try IntentResponse(reading: &$0, context) })
            case "finished": return try reader.valueless(.finished)
            case "asks": return .asks(try reader.single("_0") { try $0.decoded(IntentQuestion.self, context) })
            case "refused": return .refused(try reader.single("_0") { try $0.decoded(IntentHostError.self, context) })
            case "working": return .working(try reader.single("_0") { try $0.decoded(IntentProgress.self, context) })
            case "progressed":
                var intent: AnyIntent?
                var steps: [PhaseStep]?
                try reader.pair(
                    "intent", &intent, { try AnyIntent(reading: &$0, context) }, "steps", &steps,
                    { try $0.array { try PhaseStep(reading: &$0, context) } })
                // No intent: the host left it as called (see `JSONCoderContext.isCalledIntent`).
                return .progressed(intent: intent ?? .asCalled, steps: try required(&steps, "steps"))
            default: throw Self.unknownCase(name)
            }
        }
    }
}

extension PhaseStep: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        writer.beginObject()
        try writer.member("answer") { try answer.write(to: &$0, context) }
        try writer.member("phase") { try phase.write(to: &$0, context) }
        writer.endObject()
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        var phase: PhaseCall.Phase?
        var answer: PhaseAnswer?
        try reader.pair(
            "phase", &phase, { try PhaseCall.Phase(reading: &$0, context) }, "answer", &answer, { try PhaseAnswer(reading: &$0, context) })
        self.init(phase: try required(&phase, "phase"), answer: try required(&answer, "answer"))
    }
}

extension IntentResponse: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        writer.beginObject()
        writer.member("code", number: code.rawValue)
        if let dialog { writer.member("dialog", string: dialog) }
        if let userActivity { try writer.member("userActivity") { try userActivity.content.write(to: &$0, context) } }
        writer.member("values") { $0.stringObject(values) }
        writer.endObject()
    }

    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws {
        var code: Int?
        var values: [String: String]?
        var userActivity: UserActivity?
        var dialog: String?
        try reader.object { key, reader in
            switch key {
            case "code": code = try reader.integer(Int.self)
            case "values": values = try reader.strings { $0 }
            case "userActivity": userActivity = try reader.nullable { UserActivity(content: try UserActivity.Content(reading: &$0, context)) }
            case "dialog": dialog = try reader.nullable { try $0.string() }
            default: try reader.skip()
            }
        }
        self.init(
            code: ResponseCode(rawValue: try required(&code, "code")), values: try required(&values, "values"), userActivity: userActivity,
            dialog: dialog)
    }
}
