import PropertyListSafety

/// The response code enum and the response struct.
extension FileEmitter {
    func emitResponse(_ plan: IntentPlan, into code: inout SwiftCode) {
        code.line("")
        code.doc("The codes a `\(plan.typeName)` handler answers with; custom codes start at 100.")
        code.block("public enum \(plan.codeName): Int, Sendable, CaseIterable") { code in
            for (rawValue, standard) in DefinedIntent.standardCodes.enumerated() {
                code.doc(standard.summary)
                code.line("case \(standard.name) = \(rawValue)")
            }
            for custom in plan.intent.customCodes {
                let format = custom.code.formatString.map { ": \"\($0.replacingNewlines)\"" } ?? ""
                code.doc("\(custom.code.isSuccess ? "A success" : "A failure")\(format)")
                code.line("case \(SwiftName.escaped(custom.code.name)) = \(custom.rawValue)")
            }
        }
        code.line("")
        code.doc("A handler's answer to `\(plan.typeName)`: a code, the values its dialog names, and an optional\nactivity to continue in the app.")
        code.block("public struct \(plan.responseName): Sendable, Equatable") { code in
            code.doc("The code.")
            code.line("public var code: \(plan.codeName)")
            code.doc("The activity the app continues when the response opens it; nil lets the system make one.")
            code.line("public var userActivity: UserActivity?")
            for output in plan.responseParameters {
                code.optionalProperty(output.declared.name, output.type.swiftType, doc: output.declared.label)
            }
            code.line("")
            let values = plan.responseParameters.map {
                (name: SwiftName.escaped($0.declared.name), type: $0.type.swiftType)
            }
            let arguments = ["code: \(plan.codeName)", "userActivity: UserActivity? = nil"] + values.map { "\($0.name): \($0.type)? = nil" }
            code.doc("A response with a code and any of its values.")
            code.block("public init(\(arguments.joined(separator: ", ")))") { code in
                code.line("self.code = code")
                code.line("self.userActivity = userActivity")
                for value in values { code.line("self.\(value.name) = \(value.name)") }
            }
            emitFactories(plan, into: &code)
            code.line("")
            code.doc("The values the dialogs name, as text (a custom type's property `${name.property}` as `name__property`).")
            guard !plan.responseParameters.isEmpty else {
                code.line("public var values: [String: String] { [:] }")
                return
            }
            code.block("public var values: [String: String]") { code in
                code.line("var values: [String: String] = [:]")
                for output in plan.responseParameters { emitValue(output, into: &code) }
                code.line("return values")
            }
        }
    }

    /// `static func <code>(<parameters>)` for each code whose dialog names response parameters.
    private func emitFactories(_ plan: IntentPlan, into code: inout SwiftCode) {
        for responseCode in plan.intent.response?.codes ?? [] {
            let named = Set(
                ([responseCode.formatString, responseCode.conciseFormatString].compactMap { $0 }).flatMap(placeholders)
                    .map { String($0.prefix { $0 != "." }) })
            let arguments = plan.responseParameters.filter { named.contains($0.declared.name) }
            guard !arguments.isEmpty else { continue }
            let signature = arguments.map { "\(SwiftName.escaped($0.declared.name)): \($0.type.swiftType)" }
            code.line("")
            code.doc("`\(responseCode.name)` with the values its dialog names.")
            code.block("public static func \(SwiftName.escaped(responseCode.name))(\(signature.joined(separator: ", "))) -> \(plan.responseName)") { code in
                let values = arguments.map { "\(SwiftName.argumentLabel($0.declared.name)): \(SwiftName.escaped($0.declared.name))" }
                code.line("\(plan.responseName)(code: .\(SwiftName.escaped(responseCode.name)), \(values.joined(separator: ", ")))")
            }
        }
    }

    private func emitValue(_ output: PlannedValue<ValueDeclaration>, into code: inout SwiftCode) {
        let name = output.declared.name
        code.block("if let value = self.\(SwiftName.escaped(name))") { code in
            code.line("values[\(SwiftName.literal(name))] = \(text(of: "value", output))")
            guard output.type.isCustomType, !output.type.isMultiple,
                let custom = self.plan.types.first(where: { $0.type.name == output.type.element })
            else { return }
            for property in custom.properties.map(\.declared) {
                let key = SwiftName.literal(slotName("\(name).\(property.name)"))
                code.line(
                    "if let property = value.\(SwiftName.escaped(property.name)) { values[\(key)] = \(text(of: "property", property.supportsMultipleValues)) }")
            }
        }
    }

    private func text(of value: String, _ isMultiple: Bool) -> String {
        isMultiple ? "\(value).map(\\.displayItem.title).joined(separator: \", \")" : "\(value).displayItem.title"
    }

    /// A response parameter's text; a Boolean with the definition's true/false names says them.
    private func text(of value: String, _ output: PlannedValue<ValueDeclaration>) -> String {
        let metadata = output.declared.metadata
        guard output.type.element == "Bool", !output.type.isMultiple,
            case .string(let yes)? = metadata["TrueDisplayName"], case .string(let no)? = metadata["FalseDisplayName"]
        else { return text(of: value, output.type.isMultiple) }
        return "\(value) ? \(SwiftName.literal(yes)) : \(SwiftName.literal(no))"
    }
}
