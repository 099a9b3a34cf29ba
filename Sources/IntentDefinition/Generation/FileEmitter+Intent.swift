/// The intent struct, its unsupported-reason enums and its handling protocol.
extension FileEmitter {
    func emitIntent(_ plan: IntentPlan, into code: inout SwiftCode) {
        let intent = plan.intent
        let summary = [intent.title, intent.description].compactMap { $0?.replacingNewlines }.filter { !$0.isEmpty }
        code.doc((summary.isEmpty ? intent.name : summary.joined(separator: ": ")) + "\n\nHandled by a `\(plan.handlingName)`.")
        code.block("public struct \(plan.typeName): Intent") { code in
            code.doc("The intent's type name, as manifests list it.")
            code.line("public static let typeName = \(SwiftName.literal(plan.typeName))")
            for parameter in plan.parameters {
                code.optionalProperty(parameter.declared.name, parameter.type.swiftType, doc: parameter.declared.declaration.label)
            }
            code.line("")
            code.doc("An intent with no parameter given.")
            code.line("public init() {}")
            if !plan.parameters.isEmpty {
                let arguments = plan.parameters.map { "\(SwiftName.escaped($0.declared.name)): \($0.type.swiftType)? = nil" }
                code.line("")
                code.doc("An intent with the given parameters.")
                code.block("public init(\(arguments.joined(separator: ", ")))") { code in
                    for parameter in plan.parameters {
                        let name = SwiftName.escaped(parameter.declared.name)
                        code.line("self.\(name) = \(name)")
                    }
                }
            }
            code.line("")
            code.doc("Vocabulary phrases from the definition's parameter combination titles.")
            code.line("public static let phrases: [String] = \(literalArray(plan.phrases))")
            if let summary = intent.parameterCombinations.first(where: \.isPrimary)?.title, !summary.isEmpty {
                code.line("")
                code.doc("The summary shown with the intent's suggestions (its primary parameter combination's title).")
                code.line("public static let suggestionSummary = \(SwiftName.literal(summary))")
            }
            if let image = intent.defaultImageName, !image.isEmpty {
                code.line("")
                code.doc("The asset name of the image shown with the intent's suggestions.")
                code.line("public static let defaultImageName = \(SwiftName.literal(image))")
            }
        }
    }

    func emitReasons(_ plan: IntentPlan, into code: inout SwiftCode) {
        for parameter in plan.parameters.map(\.declared) where !parameter.unsupportedReasons.isEmpty {
            code.line("")
            code.doc("Why `\(parameter.name)` of `\(plan.typeName)` can be refused: pass one to\n`ResolutionResult.unsupported(forReason:)`; its raw value picks the dialog.")
            code.block("public enum \(plan.reasonName(parameter)): String, Sendable, CaseIterable") { code in
                for reason in parameter.unsupportedReasons {
                    code.doc(reason.formatString.map { "\"\($0.replacingNewlines)\"" } ?? reason.code)
                    code.line("case \(SwiftName.escaped(reason.code))")
                }
            }
        }
    }

    func emitHandling(_ plan: IntentPlan, into code: inout SwiftCode) {
        let intent = "intent: \(plan.typeName)"
        code.line("")
        code.doc("What a handler of `\(plan.typeName)` implements; `confirm` answers `ready` unless implemented.")
        code.line("@MainActor")
        code.block("public protocol \(plan.handlingName): AnyObject") { code in
            for parameter in plan.parameters where parameter.declared.supportsResolution {
                let result = parameter.type.isMultiple
                    ? "[ResolutionResult<\(parameter.type.element)>]" : "ResolutionResult<\(parameter.type.element)>"
                code.doc("Resolves `\(parameter.declared.name)`\(parameter.type.isMultiple ? ", one result per value" : "").")
                code.line("func \(resolveMethod(parameter.declared))(for \(intent)) async throws -> \(result)")
                guard parameter.type.mayLeaveWordsUnread else { continue }
                code.doc(
                    "Resolves `\(parameter.declared.name)` when the user's words made no value of it (\"lots\"): answer\n`.unsupported(forReason:)` for the reason's dialog (default: needsValue, asked again).")
                code.line("func \(resolveMethod(parameter.declared))(for \(intent), unreadWords words: String) async throws -> \(result)")
            }
            for parameter in plan.parameters where parameter.declared.supportsDynamicEnumeration {
                let search = parameter.declared.supportsSearch ? ", searchTerm: String?" : ""
                let collection = "ObjectCollection<\(parameter.type.element)>"
                code.doc("The values a user can pick for `\(parameter.declared.name)`.")
                code.line("func \(optionsMethod(parameter.declared))(for \(intent)\(search)) async throws -> \(collection)")
                code.doc(
                    "One page of those values, with `nextOffset` set when more follow (default: all of them, paged\nhere); implement it for a list too large to make whole.")
                code.line("func \(optionsMethod(parameter.declared))(for \(intent)\(search), page: OptionsPage) async throws -> \(collection)")
            }
            code.doc("Confirms the resolved intent (default: ready).")
            code.line("func confirm(\(intent)) async throws -> \(plan.responseName)")
            code.doc("Handles the confirmed intent.")
            code.line("func handle(\(intent)) async throws -> \(plan.responseName)")
        }
        code.line("")
        code.block("extension \(plan.handlingName)") { code in
            code.doc("Ready.")
            code.block("public func confirm(\(intent)) async throws -> \(plan.responseName)") { code in
                code.line("\(plan.responseName)(code: .ready)")
            }
            for parameter in plan.parameters where parameter.declared.supportsResolution && parameter.type.mayLeaveWordsUnread {
                code.doc("Needs a value: the assistant says it did not get the words and asks again.")
                code.block(
                    "public func \(resolveMethod(parameter.declared))(for \(intent), unreadWords words: String) async throws -> ResolutionResult<\(parameter.type.element)>"
                ) { code in
                    code.line(".needsValue")
                }
            }
            for parameter in plan.parameters where parameter.declared.supportsDynamicEnumeration {
                let method = optionsMethod(parameter.declared)
                let searches = parameter.declared.supportsSearch
                let search = (declared: searches ? ", searchTerm: String?" : "", passed: searches ? ", searchTerm: searchTerm" : "")
                code.doc("All the values, paged.")
                code.block(
                    "public func \(method)(for \(intent)\(search.declared), page: OptionsPage) async throws -> ObjectCollection<\(parameter.type.element)>"
                ) { code in
                    code.line("try await \(method)(for: intent\(search.passed)).page(page)")
                }
            }
            if plan.intent.isWidgetOnly {
                code.doc("Success: a widget-configuration intent is not handled (Xcode makes `handle` optional).")
                code.block("public func handle(\(intent)) async throws -> \(plan.responseName)") { code in
                    code.line("\(plan.responseName)(code: .success)")
                }
            }
        }
    }

    func resolveMethod(_ parameter: DefinedParameter) -> String { "resolve" + SwiftName.capitalized(parameter.name) }

    func optionsMethod(_ parameter: DefinedParameter) -> String {
        "provide" + SwiftName.capitalized(parameter.name) + "OptionsCollection"
    }

    func literalArray(_ strings: [String]) -> String {
        "[" + strings.map(SwiftName.literal).joined(separator: ", ") + "]"
    }
}
