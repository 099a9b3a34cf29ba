import SceneIntents

/// Enums and custom types.
extension FileEmitter {
    func emitEnum(_ definition: DefinedEnum, into code: inout SwiftCode) {
        let cases = definition.declaredCases
        code.line("")
        code.doc(definition.displayName.map { "\($0.replacingNewlines): an enum of the intent definition." } ?? "An enum of the intent definition.")
        code.block("public enum \(definition.name): Int, EnumParameterValue") { code in
            for value in cases {
                code.doc(value.displayName?.replacingNewlines ?? value.name)
                code.line("case \(SwiftName.escaped(value.name)) = \(value.rawValue)")
            }
            code.line("")
            code.doc("The name shown and spoken.")
            code.block("public var displayName: String") { code in
                code.switchBlock("self", cases.map { value in
                    "case .\(SwiftName.escaped(value.name)): \(SwiftName.literal(DefinedEnum.spoken(value).displayName))"
                })
            }
            let synonyms = cases.compactMap { value -> String? in
                let words = DefinedEnum.spoken(value).synonyms
                guard !words.isEmpty else { return nil }
                return "case .\(SwiftName.escaped(value.name)): [\(words.map(SwiftName.literal).joined(separator: ", "))]"
            }
            guard !synonyms.isEmpty else { return }
            code.line("")
            code.doc(
                cases.contains { $0.synonyms != nil }
                    ? "Other words for a case, as the definition lists them."
                    : "Other words for a case: its Swift name as words, when they differ from the display name.")
            code.block("public var synonyms: [String]") { code in
                code.switchBlock("self", synonyms.count == cases.count ? synonyms : synonyms + ["default: []"])
            }
        }
        code.line("")
        code.doc("A resolution result for `\(definition.name)`, as Xcode names it.")
        code.line("public typealias \(definition.name)ResolutionResult = ResolutionResult<\(definition.name)>")
    }

    func emitType(_ plan: TypePlan, into code: inout SwiftCode) {
        let name = plan.type.name
        code.line("")
        code.doc(plan.type.displayName.map { "\($0.replacingNewlines): a custom type of the intent definition." } ?? "A custom type of the intent definition.")
        code.block("public struct \(name): ParameterValue") { code in
            code.doc("The app's identifier for the value.")
            code.line("public var identifier: String?")
            code.doc("The text shown and spoken.")
            code.line("public var displayString: String")
            code.doc("How to pronounce `displayString`, when it is unusual.")
            code.line("public var pronunciationHint: String?")
            code.doc("A second line shown under `displayString` (INObject's `subtitleString`).")
            code.line("public var subtitleString: String?")
            code.doc("The name of the image shown with the value (INObject's `displayImage`).")
            code.line("public var displayImage: String?")
            for property in plan.properties {
                code.optionalProperty(property.declared.name, property.type.swiftType, doc: property.declared.label)
            }
            code.line("")
            code.doc("A value, as `INObject(identifier:display:pronunciationHint:)` makes one.")
            code.block("public init(identifier: String?, display displayString: String, pronunciationHint: String? = nil)") { code in
                code.line("self.identifier = identifier")
                code.line("self.displayString = displayString")
                code.line("self.pronunciationHint = pronunciationHint")
            }
            code.line("")
            code.doc("A value, as `INObject(identifier:display:subtitle:image:)` makes one.")
            code.block("public init(identifier: String?, display displayString: String, subtitle subtitleString: String?, image displayImage: String?)") { code in
                code.line("self.identifier = identifier")
                code.line("self.displayString = displayString")
                code.line("self.subtitleString = subtitleString")
                code.line("self.displayImage = displayImage")
            }
            code.line("")
            code.doc("The identifier (or the display string), the display string, the subtitle and the image.")
            code.block("public var displayItem: DisplayItem") { code in
                code.line("DisplayItem(")
                code.line("    identifier: identifier ?? displayString, title: displayString, subtitle: subtitleString, imageName: displayImage,")
                code.line("    pronunciationHint: pronunciationHint)")
            }
            code.line("")
            code.doc("A value titled with the words (without surrounding spaces), identified by the matched entity.")
            code.block("public static func fromSpoken(_ text: String, identifier: String?) -> \(name)?") { code in
                code.line("let words = text.trimmingCharacters(in: .whitespaces)")
                code.line("return words.isEmpty ? nil : \(name)(identifier: identifier, display: words)")
            }
        }
        code.line("")
        code.doc("A resolution result for `\(name)`, as Xcode names it.")
        code.line("public typealias \(name)ResolutionResult = ResolutionResult<\(name)>")
    }
}
