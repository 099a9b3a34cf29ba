import Foundation
import SceneIntents

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
            let requirements = plan.intent.requirements
            if let confirmation = requirements.confirmation {
                let prompt = confirmation.prompt.map { "prompt: \(SwiftName.literal($0))" } ?? ""
                code.line("    confirmation: IntentConfirmation(\(prompt)),")
            }
            if requirements.restriction != .unrestricted { code.line("    restriction: .\(requirements.restriction),") }
            code.line("    confirm: { handler, intent in try await handler.confirm(intent: intent).intentResponse },")
            code.line("    handle: { handler, intent in try await handler.handle(intent: intent).intentResponse })")
        }
        code.line("")
        code.block("extension \(plan.responseName)") { code in
            code.doc("The dialog of each code the definition words.")
            code.line("public static let templates: [ResponseTemplate] = [")
            for template in plan.intent.responseTemplates {
                let dialog = SwiftName.literal(template.dialog)
                guard template.code.isCustom else {
                    code.line("    ResponseTemplate(code: .\(template.name), dialog: \(dialog)),")
                    continue
                }
                code.line(
                    "    ResponseTemplate(custom: \(template.code.rawValue), name: \(SwiftName.literal(template.name)), isSuccess: \(template.isSuccess), dialog: \(dialog)),")
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
        // `.values(…)` adds `multiValue` itself.
        let named: [(ParameterFlags, String)] = [
            (.resolvable, ".resolvable"), (.configurable, ".configurable"), (.dynamicOptions, ".dynamicOptions"),
            (.searchable, ".searchable"),
        ]
        let flags = named.filter { parameter.flags.contains($0.0) }.map(\.1)
        code.line("        .\(planned.type.isMultiple ? "values" : "value")(")
        code.line("            \(SwiftName.literal(parameter.name)), \\.\(name), flags: [\(flags.joined(separator: ", "))],")
        if let prompts = prompts(parameter) { code.line("            prompts: \(prompts),") }
        let resolve: String
        if parameter.supportsResolution && planned.type.mayLeaveWordsUnread {
            // The words a value type could not read reach the handler's own method for them.
            let method = resolveMethod(parameter)
            resolve = "resolveInput: { (handler: \(handler), intent, input) in\n"
                + "                    if case .unread(let words) = input { return try await handler.\(method)(for: intent, unreadWords: words) }\n"
                + "                    return try await handler.\(method)(for: intent)\n"
                + "                }"
        } else if parameter.supportsResolution {
            resolve = "resolve: { (handler: \(handler), intent) in try await handler.\(resolveMethod(parameter))(for: intent) }"
        } else if planned.type.isMultiple {
            resolve = "resolve: { (_: \(handler), intent) in (intent.\(name) ?? []).map { .success($0) } }"
        } else {
            resolve = "resolve: { (_: \(handler), intent) in .accepting(intent.\(name)) }"
        }
        // The bounds the assistant enforces follow the parameter: `.value(…).bounded(…)`.
        let bounded = parameter.bounds.map { ".bounded(\($0.arguments))" } ?? ""
        guard parameter.supportsDynamicEnumeration else {
            code.line("            \(resolve))\(bounded),")
            return
        }
        code.line("            \(resolve),")
        let search = parameter.supportsSearch ? ", searchTerm: term" : ""
        code.line("            pagedOptions: { (handler: \(handler), intent, term, page) in")
        code.line("                try await handler.\(optionsMethod(parameter))(for: intent\(search), page: page)")
        code.line("            })\(bounded),")
    }

    /// `ParameterPrompts(…)` of the parameter's prompts (reasons in file order), or nil when it
    /// has none.
    private func prompts(_ parameter: DefinedParameter) -> String? {
        let prompts = parameter.prompts
        var arguments: [String] = []
        for (label, text) in [
            ("value", prompts.value), ("disambiguationIntroduction", prompts.disambiguationIntroduction),
            ("confirmation", prompts.confirmation),
        ] {
            if let text { arguments.append("\(label): \(SwiftName.literal(text))") }
        }
        let reasons = parameter.unsupportedReasons.compactMap { reason in
            let key = DefinedParameter.promptKey(ofReason: reason.code)
            return prompts.unsupported[key].map { "\(SwiftName.literal(key)): \(SwiftName.literal($0))" }
        }
        if !reasons.isEmpty { arguments.append("unsupported: [\(reasons.joined(separator: ", "))]") }
        return arguments.isEmpty ? nil : "ParameterPrompts(\(arguments.joined(separator: ", ")))"
    }
}
