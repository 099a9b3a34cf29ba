// A phase call, its answer and its steps, converted by hand (see `JSONConvertible`).

extension PhaseCall: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        writer.beginObject()
        try writer.member("intent") { try intent.write(to: &$0, context) }
        try writer.member("phase") { try phase.write(to: &$0, context) }
        writer.member("request", number: request)
        writer.endObject()
    }

    init(json: JSONValue, _ context: JSONCoderContext) throws {
        let object = try JSONObject(json)
        self.init(
            request: try object.id("request"), intent: try object.message("intent", context), phase: try object.message("phase", context))
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

    init(json: JSONValue, _ context: JSONCoderContext) throws {
        func parameter(_ object: JSONObject) throws -> ParameterName { ParameterName(try object.string("parameter")) }
        self = try Self.decodeCase(json) { name, object in
            switch name {
            case "resolve": .resolve(parameter: try parameter(object))
            case "provideOptions":
                .provideOptions(
                    parameter: try parameter(object), searchTerm: try object.readIfPresent("searchTerm") { try $0.string() },
                    page: try object.read("page") { page in
                        let page = try JSONObject(page)
                        return OptionsPage(
                            offset: try page.read("offset") { try $0.integer(Int.self) }, limit: try page.read("limit") { try $0.integer(Int.self) })
                    })
            case "confirm": .confirm
            case "handle": .handle
            case "finish": .finish
            case "proceed": .proceed(parameters: try object.read("parameters") { try $0.elements { ParameterName(try $0.string()) } })
            default: throw Self.unknownCase(name)
            }
        }
    }
}

extension PhaseAnswer: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
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
        case .progressed(let intent, let steps):
            try writer.enumCase("progressed") {
                try $0.member("intent") { try intent.write(to: &$0, context) }
                try $0.member("steps") { try $0.array(steps) { try $1.write(to: &$0, context) } }
            }
        }
    }

    init(json: JSONValue, _ context: JSONCoderContext) throws {
        self = try Self.decodeCase(json) { name, object in
            switch name {
            case "resolved": .resolved(try object.read("_0") { try $0.elements { try ParameterResolution(json: $0, context) } })
            case "options": .options(try object.decoded("_0", context))
            case "response": .response(try object.message("_0", context))
            case "finished": .finished
            case "refused": .refused(try object.decoded("_0", context))
            case "progressed":
                .progressed(
                    intent: try object.message("intent", context),
                    steps: try object.read("steps") { try $0.elements { try PhaseStep(json: $0, context) } })
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

    init(json: JSONValue, _ context: JSONCoderContext) throws {
        let object = try JSONObject(json)
        self.init(phase: try object.message("phase", context), answer: try object.message("answer", context))
    }
}

extension IntentResponse: JSONConvertible {
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws {
        let activity = try userActivity.map { try context.box($0) }
        writer.beginObject()
        writer.member("code", number: code.rawValue)
        if let dialog { writer.member("dialog", string: dialog) }
        if let activity { writer.member("userActivity", value: activity) }
        writer.member("values") { $0.stringObject(values) }
        writer.endObject()
    }

    init(json: JSONValue, _ context: JSONCoderContext) throws {
        let object = try JSONObject(json)
        self.init(
            code: ResponseCode(rawValue: try object.read("code") { try $0.integer(Int.self) }),
            values: try object.read("values") { values in
                Dictionary(try JSONObject(values).members.map { member in (member.key, try under([JSONKey(member.key)]) { try member.value.string() }) }) { _, last in last }
            },
            userActivity: try object.readIfPresent("userActivity") { try context.unbox(UserActivity.self, from: $0) },
            dialog: try object.readIfPresent("dialog") { try $0.string() })
    }
}
