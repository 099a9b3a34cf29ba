import SceneIntents

// The rules by which a definition's intents and enums become SceneIntents' intents: said once
// here, as the description types. The generator writes its Swift from them (`FileEmitter`), and a
// bundle's definition is read into a `CatalogDescription` with them (`IntentDefinitionFormat`), so
// a file generated into Swift and the same file read from a bundle converse the same.

extension MappedType {
    /// The `ParameterValue.typeName` of the type's values (`TimeInterval` is a `Double`).
    var valueTypeName: String { element == "TimeInterval" ? "Double" : element }
}

extension DefinedParameter {
    /// What the parameter allows; `searchable` only with dynamic options (a search term goes to
    /// the options provider).
    var flags: ParameterFlags {
        var flags: ParameterFlags = []
        if supportsResolution { flags.insert(.resolvable) }
        if isConfigurable { flags.insert(.configurable) }
        if declaration.supportsMultipleValues { flags.insert(.multiValue) }
        if supportsDynamicEnumeration { flags.insert(.dynamicOptions) }
        if supportsDynamicEnumeration && supportsSearch { flags.insert(.searchable) }
        return flags
    }

    /// The reason code that words the default refusal (`ParameterPrompts.unsupported[""]`,
    /// said for a reason the parameter does not word).
    static let defaultReasonCode = "default"

    /// The `ParameterPrompts.unsupported` key of a reason code.
    static func promptKey(ofReason code: String) -> String { code == defaultReasonCode ? "" : code }

    /// The prompts: the `Primary`, `DisambiguationIntroduction` and `Confirmation` dialogs'
    /// custom text, and each unsupported reason with a text, filled in (`filledReason(_:)`).
    var prompts: ParameterPrompts {
        var reasons: [String: String] = [:]
        for reason in unsupportedReasons {
            guard let text = reason.formatString, !text.isEmpty else { continue }
            reasons[Self.promptKey(ofReason: reason.code)] = filledReason(text)
        }
        return ParameterPrompts(
            value: prompt("Primary"), disambiguationIntroduction: prompt("DisambiguationIntroduction"),
            confirmation: prompt("Confirmation"), unsupported: reasons)
    }

    /// A reason's text with what the definition knows filled in: `${displayName}`,
    /// `${minimumValue}`, `${maximumValue}`.
    func filledReason(_ text: String) -> String {
        func number(_ key: String) -> String? { declaration.metadataNumber(key).map(numberLiteral) }
        var text = text.replacingOccurrences(of: "${displayName}", with: declaration.label)
        if let minimum = number("MinimumValue") { text = text.replacingOccurrences(of: "${minimumValue}", with: minimum) }
        if let maximum = number("MaximumValue") { text = text.replacingOccurrences(of: "${maximumValue}", with: maximum) }
        return text
    }

    /// The parameter as SceneIntents describes it, its values of type `type`.
    func descriptor(_ type: MappedType) -> ParameterDescriptor {
        ParameterDescriptor(
            name: ParameterName(name), valueTypeName: type.valueTypeName, flags: flags, prompts: prompts,
            minimumValue: bounds?.minimum, maximumValue: bounds?.maximum)
    }
}

extension DefinedIntent {
    /// The intent's type name: `INIntentClassName` when the file names the type (an intent
    /// declared in Swift under a name without the suffix), else the name plus `Intent`.
    var typeName: String { className ?? name + "Intent" }

    /// The restriction `INIntentRestrictions` makes. A value other than 0, 1 or 2 restricts the
    /// intent while the device is locked: refusing is the safe side of a setting that is not
    /// understood (the planner warns).
    var restriction: IntentRestriction {
        switch restrictions {
        case 0: .unrestricted
        case 2: .whileLockedOrProtectedDataUnavailable
        default: .whileLocked
        }
    }

    /// The intent's own confirmation question: the format string of a response code named
    /// `ready` (what `confirm` answers when the app is ready), if the file words one. Its
    /// `${…}` slots name the intent's parameters.
    var confirmationPrompt: String? {
        guard let text = response?.codes.first(where: { $0.name == "ready" })?.formatString, !text.isEmpty else { return nil }
        return text
    }

    /// The confirmation (`INIntentUserConfirmationRequired`, asked with `confirmationPrompt`)
    /// and the restriction.
    var requirements: IntentRequirements {
        IntentRequirements(
            confirmation: userConfirmationRequired ? IntentConfirmation(prompt: confirmationPrompt.map(slotTemplate)) : nil,
            restriction: restriction)
    }

    /// The codes SceneIntents (and SiriKit) define, in raw-value order, with a summary each.
    static let standardCodes: [(name: String, summary: String)] = [
        ("unspecified", "No code given."), ("ready", "Confirm only: able to act."),
        ("continueInApp", "Continue in the app, which comes to the foreground."),
        ("inProgress", "Accepted and still working."), ("success", "Done."), ("failure", "Failed."),
        ("failureRequiringAppLaunch", "Failed; the app opens so the user can fix it there."),
    ]

    /// The file's custom codes (not named like a standard one), in file order, with their raw
    /// values from 100.
    var customCodes: [(code: DefinedResponseCode, rawValue: Int)] {
        let standard = Set(Self.standardCodes.map(\.name))
        let custom = (response?.codes ?? []).filter { !standard.contains($0.name) }
        return custom.enumerated().map { ($1, 100 + $0) }
    }

    /// The response templates: each standard code the file words (in file order; the `ready`
    /// code's text of an intent that requires confirmation is its question, not a dialog), then
    /// each custom code with its success flag.
    var responseTemplates: [ResponseTemplate] {
        let question = userConfirmationRequired ? "ready" : nil
        var templates: [ResponseTemplate] = []
        for code in response?.codes ?? [] where code.name != question {
            guard let raw = Self.standardCodes.firstIndex(where: { $0.name == code.name }),
                let dialog = code.formatString, !dialog.isEmpty
            else { continue }
            templates.append(ResponseTemplate(code: ResponseCode(rawValue: raw), dialog: slotTemplate(dialog)))
        }
        for custom in customCodes {
            templates.append(
                ResponseTemplate(
                    custom: custom.rawValue, name: custom.code.name, isSuccess: custom.code.isSuccess,
                    dialog: slotTemplate(custom.code.formatString ?? "")))
        }
        return templates
    }

    /// The intent as SceneIntents describes it, with its parameters' value types.
    func description(_ types: [MappedType]) -> IntentDescription {
        IntentDescription(
            typeName: typeName, parameters: zip(parameters, types).map { $0.descriptor($1) }, responses: responseTemplates,
            requirements: requirements)
    }
}

extension DefinedEnum {
    /// The cases the enum declares, in order: the file's, with `unknown = 0` first when neither
    /// the name nor the raw value 0 is taken (Xcode 11+ writes `unknown` itself; a model 1.0 enum
    /// may lack it).
    var declaredCases: [DefinedEnumCase] {
        guard !cases.contains(where: { $0.rawValue == 0 || $0.name == "unknown" }) else { return cases }
        return [DefinedEnumCase(name: "unknown", displayName: "Unknown", rawValue: 0)] + cases
    }

    /// How a case is shown and said: its display name (its name when blank), and its synonyms
    /// (`INEnumValueSynonyms` when written, else its name as words when they differ from the
    /// display name: `sparklingWater` → "sparkling water").
    static func spoken(_ value: DefinedEnumCase) -> EnumCase {
        let displayName = value.displayName.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 } ?? value.name
        let words = spokenWords(value.name)
        let derived = words == (value.displayName ?? value.name).lowercased() ? [] : [words]
        return EnumCase(identifier: value.name, displayName: displayName, synonyms: value.synonyms ?? derived)
    }

    /// The enum as SceneIntents describes it: its cases but `unknown`, and `unknown`.
    var enumDescription: EnumDescription {
        let described = declaredCases.map { (name: $0.name, value: EnumDescription.Case(rawValue: $0.rawValue, spoken: Self.spoken($0))) }
        return EnumDescription(
            typeName: name, cases: described.filter { $0.name != "unknown" }.map(\.value),
            unknown: described.first { $0.name == "unknown" }?.value)
    }
}

/// `sparklingWater` → `sparkling water`; `First_Floor` → `first floor`.
func spokenWords(_ name: String) -> String {
    var words = ""
    var previous: Character?
    for character in name {
        if character == "_" {
            words += " "
        } else {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { words += " " }
            words.append(character)
        }
        previous = character
    }
    return words.lowercased().split(separator: " ").joined(separator: " ")
}
