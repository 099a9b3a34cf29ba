// A phase call, its answer and its steps, converted by hand (see `JSONConvertible`).

extension PhaseCall: JSONConvertible {
    func json(_ context: JSONCoderContext) throws -> JSONValue {
        .object([
            JSONMember("intent", try intent.json(context)), JSONMember("phase", try phase.json(context)),
            JSONMember("request", .number(request)),
        ])
    }

    init(json: JSONValue, _ context: JSONCoderContext) throws {
        let object = try JSONObject(json)
        self.init(
            request: try object.id("request"), intent: try object.message("intent", context), phase: try object.message("phase", context))
    }
}

extension PhaseCall.Phase: JSONConvertible {
    func json(_ context: JSONCoderContext) throws -> JSONValue {
        switch self {
        case .resolve(let parameter): Self.enumCase("resolve", [JSONMember("parameter", .string(parameter.rawValue))])
        case .provideOptions(let parameter, let searchTerm, let page):
            Self.enumCase(
                "provideOptions",
                [
                    JSONMember("page", .object([JSONMember("limit", .number(page.limit)), JSONMember("offset", .number(page.offset))])),
                    JSONMember("parameter", .string(parameter.rawValue)),
                ] + (searchTerm.map { [JSONMember("searchTerm", .string($0))] } ?? []))
        case .confirm: Self.enumCase("confirm")
        case .handle: Self.enumCase("handle")
        case .finish: Self.enumCase("finish")
        case .proceed(let parameters):
            Self.enumCase("proceed", [JSONMember("parameters", .array(parameters.map { .string($0.rawValue) }))])
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
    func json(_ context: JSONCoderContext) throws -> JSONValue {
        switch self {
        case .resolved(let results): Self.enumCase("resolved", [JSONMember("_0", .array(try results.map { try $0.json(context) }))])
        case .options(let collection): Self.enumCase("options", [JSONMember("_0", try context.box(collection))])
        case .response(let response): Self.enumCase("response", [JSONMember("_0", try response.json(context))])
        case .finished: Self.enumCase("finished")
        case .refused(let error): Self.enumCase("refused", [JSONMember("_0", try context.box(error))])
        case .progressed(let intent, let steps):
            Self.enumCase(
                "progressed", [JSONMember("intent", try intent.json(context)), JSONMember("steps", .array(try steps.map { try $0.json(context) }))])
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
    func json(_ context: JSONCoderContext) throws -> JSONValue {
        .object([JSONMember("answer", try answer.json(context)), JSONMember("phase", try phase.json(context))])
    }

    init(json: JSONValue, _ context: JSONCoderContext) throws {
        let object = try JSONObject(json)
        self.init(phase: try object.message("phase", context), answer: try object.message("answer", context))
    }
}

extension IntentResponse: JSONConvertible {
    func json(_ context: JSONCoderContext) throws -> JSONValue {
        var members = [JSONMember("code", .number(code.rawValue))]
        members.append("dialog", ifPresent: dialog.map(JSONValue.string))
        members.append("userActivity", ifPresent: try userActivity.map { try context.box($0) })
        members.append(JSONMember("values", .object(values.map { JSONMember($0.key, .string($0.value)) })))
        return .object(members)
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
