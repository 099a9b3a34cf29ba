import Foundation

/// Decides what one file generates: which enums, types and intents, with their Swift types, and
/// warns about everything left out.
struct FilePlanner {
    let file: IntentDefinitionFile
    private(set) var warnings: [GenerationWarning] = []

    init(file: IntentDefinitionFile) { self.file = file }

    mutating func plan(claiming names: inout NameRegistry) -> FilePlan {
        let enums = file.enums.filter { claim([$0.name], subject: "enum '\($0.name)'", in: &names) }
        let candidateTypes = file.types.filter { claim([$0.name], subject: "type '\($0.name)'", in: &names) }
        let mapping = TypeMapping(
            enums: Set(enums.map(\.name)),
            types: Set(candidateTypes.map(\.name)))
        let types = candidateTypes.map { planType($0, mapping) }
        var intents: [IntentPlan] = []
        for intent in file.intents {
            guard !intent.isSystem else {
                warn(.systemIntent, intent.name, message: "intent '\(intent.name)' customizes one of Apple's intents; nothing is generated for it")
                continue
            }
            guard let plan = planIntent(intent, mapping),
                claim(plan.generatedNames, subject: "intent '\(intent.name)'", in: &names)
            else { continue }
            intents.append(plan)
        }
        return FilePlan(
            file: file, definitionName: definitionName(claiming: &names), enums: enums, types: types, intents: intents)
    }

    private mutating func warn(
        _ code: GenerationWarning.Code, _ subject: String, parameter: String? = nil, type: String? = nil, key: String? = nil,
        message: String
    ) {
        warnings.append(
            GenerationWarning(
                code: code, file: file.file, subject: subject, parameter: parameter, type: type, key: key, message: message))
    }

    private mutating func claim(_ wanted: [String], subject: String, in names: inout NameRegistry) -> Bool {
        guard let clash = names.claim(wanted) else { return true }
        warn(.nameTaken, subject, message: "\(subject) is skipped: the name '\(clash)' is already generated or reserved; rename it")
        return false
    }

    private mutating func planType(_ type: DefinedType, _ mapping: TypeMapping) -> TypePlan {
        var properties: [PlannedValue<ValueDeclaration>] = []
        for property in type.customProperties.map(\.declaration) {
            if Self.reservedPropertyNames.contains(property.name) {
                warn(
                    .propertySkipped, type.name, parameter: property.name,
                    message: "property '\(property.name)' of type '\(type.name)' is skipped: every custom type already has '\(property.name)' (as INObject does); rename it")
                continue
            }
            switch mapping.map(property) {
            case .success(let mapped): properties.append(PlannedValue(declared: property, type: mapped))
            case .failure(let unmodelled):
                warn(
                    .propertySkipped, type.name, parameter: property.name, type: property.type.displayName,
                    message: "property '\(property.name)' of type '\(type.name)' is skipped: \(unmodelled.reason)")
            }
        }
        return TypePlan(type: type, properties: properties)
    }

    /// What every generated custom type declares itself (`emitType`): a property of the same
    /// name would be declared twice.
    static let reservedPropertyNames: Set<String> = [
        "identifier", "displayString", "pronunciationHint", "subtitleString", "displayImage", "displayItem", "typeName",
    ]

    private mutating func planIntent(_ intent: DefinedIntent, _ mapping: TypeMapping) -> IntentPlan? {
        var parameters: [PlannedValue<DefinedParameter>] = []
        for parameter in intent.parameters {
            guard let type = mapped(parameter.declaration, "parameter", of: intent, mapping) else { return nil }
            parameters.append(PlannedValue(declared: parameter, type: type))
        }
        var outputs: [PlannedValue<ValueDeclaration>] = []
        for output in intent.response?.parameters ?? [] {
            guard let type = mapped(output, "response parameter", of: intent, mapping) else { return nil }
            if ["code", "userActivity", "values", "intentResponse"].contains(output.name) {
                warn(
                    .intentSkipped, intent.name, parameter: output.name,
                    message: "intent '\(intent.name)' is skipped: response parameter '\(output.name)' uses a name the response reserves; rename it")
                return nil
            }
            outputs.append(PlannedValue(declared: output, type: type))
        }
        warnUnhonouredKeys(of: intent)
        return IntentPlan(intent: intent, parameters: parameters, responseParameters: outputs, phrases: phrases(of: intent))
    }

    /// Warns about the keys of a generated intent that are set and not honoured (see
    /// `Requirements.swift`).
    private mutating func warnUnhonouredKeys(of intent: DefinedIntent) {
        if !(0...2).contains(intent.restrictions) {
            warn(
                .keyNotHonoured, intent.name, key: "INIntentRestrictions",
                message: "intent '\(intent.name)': INIntentRestrictions \(intent.restrictions) is not 0 (none), 1 (restricted while locked) or 2 (…or protected data unavailable); it is restricted while locked")
        }
        let names = Set(intent.parameters.map(\.name))
        if intent.userConfirmationRequired, let question = intent.confirmationPrompt,
            let stray = placeholders(in: question).first(where: { !names.contains($0) })
        {
            warn(
                .keyNotHonoured, intent.name, key: "INIntentResponseCodeFormatString",
                message: "intent '\(intent.name)': the confirmation question (the 'ready' code's text) names ${\(stray)}, which is not one of its parameters; it is said as written")
        }
        for parameter in intent.parameters {
            guard let problem = parameter.boundsProblem else { continue }
            let key = DefinedParameter.boundKeys.first { parameter.declaration.metadata[$0] != nil }.map { "INIntentParameterMetadata" + $0 }
            warn(
                .keyNotHonoured, intent.name, parameter: parameter.name, type: parameter.declaration.type.displayName, key: key,
                message: "intent '\(intent.name)': parameter '\(parameter.name)': \(problem)")
        }
    }

    private mutating func mapped(
        _ declaration: ValueDeclaration, _ role: String, of intent: DefinedIntent, _ mapping: TypeMapping
    ) -> MappedType? {
        switch mapping.map(declaration) {
        case .success(let type): return type
        case .failure(let unmodelled):
            warn(
                .intentSkipped, intent.name, parameter: declaration.name, type: declaration.type.displayName,
                message: "intent '\(intent.name)' is skipped: \(role) '\(declaration.name)' has type '\(declaration.type.displayName)': \(unmodelled.reason)")
            return nil
        }
    }

    /// Vocabulary phrases from the combination titles (Siri's, then Shortcuts'), without repeats.
    private mutating func phrases(of intent: DefinedIntent) -> [String] {
        var phrases: [String] = []
        let names = Set(intent.parameters.map(\.name))
        for combination in intent.parameterCombinations + intent.managedParameterCombinations {
            guard let title = combination.title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty,
                !phrases.contains(title)
            else { continue }
            let slots = placeholders(in: title)
            let literals = literalParts(of: title)
            let problem: String? =
                if let unknown = slots.first(where: { !names.contains($0) }) {
                    "the slot ${\(unknown)} names no parameter (parameters: \(names.sorted().joined(separator: ", ")))"
                } else if Set(slots).count != slots.count {
                    "a slot appears twice"
                } else if literals.dropFirst().dropLast().contains(where: { !$0.contains(where: \.isLetterOrDigit) }) {
                    "two slots have no word between them"
                } else if !literals.contains(where: { $0.contains(where: \.isLetterOrDigit) }) {
                    "it has no words besides slots"
                } else {
                    nil
                }
            if let problem {
                // The primary suggestion's title is a summary shown with suggestions
                // ("${hydrationType}, ${ounces} ounces"), generated as `suggestionSummary`: slots
                // with no words between them are normal there, and it is not spoken.
                if combination.isPrimary && slots.allSatisfy(names.contains) && Set(slots).count == slots.count {
                    continue
                }
                warn(
                    .phraseDropped, intent.name,
                    message: "intent '\(intent.name)': the combination '\(combination.key)' title \"\(title)\" is not a vocabulary phrase: \(problem)")
                continue
            }
            phrases.append(title)
        }
        return phrases
    }

    private func definitionName(claiming names: inout NameRegistry) -> String {
        // Accents are folded ("Ünï" → "Uni") and other letters kept, so the name is a Swift
        // identifier that still reads like the file's.
        let folded = IntentGenerator.baseName(of: file.file).folding(options: .diacriticInsensitive, locale: nil)
        let words = folded.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        var base = words.map { SwiftName.capitalized(String($0)) }.joined()
        if base.isEmpty || base.first?.isNumber == true { base = "File" + base }
        var candidate = base + "IntentDefinition"
        var number = 2
        while names.claim([candidate]) != nil {
            candidate = base + "IntentDefinition\(number)"
            number += 1
        }
        return candidate
    }
}

extension Character {
    fileprivate var isLetterOrDigit: Bool { isLetter || isNumber }
}
