import Foundation

/// The calls into SceneIntents' intent API: the schema with its parameter table, the response
/// templates and the conversion to `IntentResponse`. Everything the generated code asks of the
/// API beyond plain types is here.
extension FileEmitter {
    func emitGlue(_ plan: IntentPlan, into code: inout SwiftCode) {
        let handler = "any \(plan.handlingName)"
        code.line("")
        code.block("extension \(plan.typeName)") { code in
            code.doc("The parameter table and handler glue SceneIntents calls.")
            code.line("public static let schema = IntentSchema<\(plan.typeName)>(")
            code.line("    handler: (\(handler)).self,")
            if plan.parameters.isEmpty {
                code.line("    parameters: [],")
            } else {
                code.line("    parameters: [")
                for parameter in plan.parameters { emitParameter(parameter, handler: handler, into: &code) }
                code.line("    ],")
            }
            code.line("    responses: \(plan.responseName).templates,")
            if plan.intent.userConfirmationRequired {
                let prompt = plan.intent.confirmationPrompt.map { "prompt: \(SwiftName.literal(slotTemplate($0)))" } ?? ""
                code.line("    confirmation: IntentConfirmation(\(prompt)),")
            }
            if let restriction = plan.intent.restrictionCase { code.line("    restriction: .\(restriction),") }
            code.line("    confirm: { handler, intent in try await handler.confirm(intent: intent).intentResponse },")
            code.line("    handle: { handler, intent in try await handler.handle(intent: intent).intentResponse })")
        }
        code.line("")
        code.block("extension \(plan.responseName)") { code in
            code.doc("The dialog of each code the definition words.")
            code.line("public static let templates: [ResponseTemplate] = [")
            let standard = Self.standardCodes.map(\.name)
            // The `ready` code's text of an intent that requires confirmation is its question
            // (`confirmation:` above), not a response dialog.
            let question = plan.intent.userConfirmationRequired ? "ready" : nil
            for responseCode in plan.intent.response?.codes ?? []
            where standard.contains(responseCode.name) && responseCode.name != question {
                guard let dialog = responseCode.formatString, !dialog.isEmpty else { continue }
                code.line("    ResponseTemplate(code: .\(responseCode.name), dialog: \(SwiftName.literal(slotTemplate(dialog)))),")
            }
            for custom in customCodes(plan) {
                code.line(
                    "    ResponseTemplate(custom: \(custom.rawValue), name: \(SwiftName.literal(custom.code.name)), isSuccess: \(custom.code.isSuccess), dialog: \(SwiftName.literal(slotTemplate(custom.code.formatString ?? "")))),")
            }
            code.line("]")
            code.line("")
            code.doc("The response as SceneIntents carries it.")
            code.block("public var intentResponse: IntentResponse") { code in
                code.line("IntentResponse(code: ResponseCode(rawValue: code.rawValue), values: values, userActivity: userActivity)")
            }
        }
    }

    private func emitParameter(_ planned: PlannedValue<DefinedParameter>, handler: String, into code: inout SwiftCode) {
        let parameter = planned.declared
        let name = SwiftName.escaped(parameter.name)
        var flags: [String] = []
        if parameter.supportsResolution { flags.append(".resolvable") }
        if parameter.isConfigurable { flags.append(".configurable") }
        if parameter.supportsDynamicEnumeration { flags.append(".dynamicOptions") }
        if parameter.supportsDynamicEnumeration && parameter.supportsSearch { flags.append(".searchable") }
        code.line("        .\(planned.type.isMultiple ? "values" : "value")(")
        code.line("            \(SwiftName.literal(parameter.name)), \\.\(name), flags: [\(flags.joined(separator: ", "))],")
        if let prompts = prompts(parameter) { code.line("            prompts: \(prompts),") }
        let resolve: String
        if parameter.supportsResolution && planned.type.mayLeaveWordsUnread {
            // The words a value type could not read reach the handler's own method for them.
            let method = resolveMethod(parameter)
            resolve = "{ (handler: \(handler), intent, input) in\n"
                + "                    if case .unread(let words) = input { return try await handler.\(method)(for: intent, unreadWords: words) }\n"
                + "                    return try await handler.\(method)(for: intent)\n"
                + "                }"
        } else if parameter.supportsResolution {
            resolve = "{ (handler: \(handler), intent) in try await handler.\(resolveMethod(parameter))(for: intent) }"
        } else if planned.type.isMultiple {
            resolve = "{ (_: \(handler), intent) in (intent.\(name) ?? []).map { .success($0) } }"
        } else {
            resolve = "{ (_: \(handler), intent) in .accepting(intent.\(name)) }"
        }
        let label = parameter.supportsResolution && planned.type.mayLeaveWordsUnread ? "resolveInput" : "resolve"
        // The bounds the assistant enforces follow the parameter: `.value(…).bounded(…)`.
        let bounded = parameter.bounds.map { ".bounded(\($0.arguments))" } ?? ""
        guard parameter.supportsDynamicEnumeration else {
            code.line("            \(label): \(resolve))\(bounded),")
            return
        }
        code.line("            \(label): \(resolve),")
        let search = parameter.supportsSearch ? ", searchTerm: term" : ""
        code.line("            pagedOptions: { (handler: \(handler), intent, term, page) in")
        code.line("                try await handler.\(optionsMethod(parameter))(for: intent\(search), page: page)")
        code.line("            })\(bounded),")
    }

    /// `ParameterPrompts(…)` from the dialogs and unsupported reasons, or nil when there are none.
    private func prompts(_ parameter: DefinedParameter) -> String? {
        var arguments: [String] = []
        for (label, type) in [("value", "Primary"), ("disambiguationIntroduction", "DisambiguationIntroduction"), ("confirmation", "Confirmation")] {
            if let text = parameter.prompt(type) { arguments.append("\(label): \(SwiftName.literal(text))") }
        }
        let reasons = parameter.unsupportedReasons.compactMap { reason -> String? in
            guard let text = reason.formatString, !text.isEmpty else { return nil }
            return "\(SwiftName.literal(reason.code)): \(SwiftName.literal(filled(text, parameter.declaration)))"
        }
        if !reasons.isEmpty { arguments.append("unsupported: [\(reasons.joined(separator: ", "))]") }
        return arguments.isEmpty ? nil : "ParameterPrompts(\(arguments.joined(separator: ", ")))"
    }

    /// The reason text with what the definition knows filled in: `${displayName}`,
    /// `${minimumValue}`, `${maximumValue}`.
    private func filled(_ text: String, _ declaration: ValueDeclaration) -> String {
        func number(_ key: String) -> String? { declaration.metadataNumber(key).map(numberLiteral) }
        var text = text.replacingOccurrences(of: "${displayName}", with: declaration.label)
        if let minimum = number("MinimumValue") { text = text.replacingOccurrences(of: "${minimumValue}", with: minimum) }
        if let maximum = number("MaximumValue") { text = text.replacingOccurrences(of: "${maximumValue}", with: maximum) }
        return text
    }
}
