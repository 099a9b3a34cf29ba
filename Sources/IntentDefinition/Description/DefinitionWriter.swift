import Foundation
import SceneIntents

/// Writes a `CatalogDescription` as a definition's property list, the inverse of the rules in
/// `DefinitionRules.swift`: what it writes reads back as the description it was given, or it
/// refuses, naming what the format cannot say.
struct DefinitionWriter {
    let description: CatalogDescription

    /// The value types SceneIntents knows by name, as the definition's types.
    private static let plainTypes = [
        "String": "String", "Int": "Integer", "Double": "Decimal", "Bool": "Boolean", "DateComponents": "DateComponents",
        "URL": "URL",
    ]

    func propertyList() throws(IntentDefinitionWriteError) -> [String: Any] {
        let enums = Set(description.enums.map(\.typeName))
        var objectTypes = Set<String>()
        let intents = try description.intents.map { intent throws(IntentDefinitionWriteError) in
            try self.intent(intent, enums: enums, objectTypes: &objectTypes)
        }
        let values = try description.enums.map { item throws(IntentDefinitionWriteError) in try enumeration(item) }
        return [
            "INIntentDefinitionModelVersion": "1.2",
            "INIntents": intents,
            "INEnums": values,
            "INTypes": objectTypes.sorted().map { ["INTypeName": $0, "INTypeDisplayName": $0, "INTypeProperties": [Any]()] as [String: Any] },
        ]
    }

    private func intent(_ intent: IntentDescription, enums: Set<String>, objectTypes: inout Set<String>) throws(IntentDefinitionWriteError)
        -> [String: Any]
    {
        let subject = "intent '\(intent.typeName)'"
        let suffix = "Intent"
        let name = intent.typeName.hasSuffix(suffix) && intent.typeName.count > suffix.count ? String(intent.typeName.dropLast(suffix.count)) : intent.typeName
        var entry: [String: Any] = ["INIntentName": name, "INIntentType": "Custom"]
        if name + suffix != intent.typeName { entry["INIntentClassName"] = intent.typeName }
        entry["INIntentParameters"] = try intent.parameters.map { parameter throws(IntentDefinitionWriteError) in
            try self.parameter(parameter, of: subject, enums: enums, objectTypes: &objectTypes)
        }
        if intent.requirements.restriction != .unrestricted { entry["INIntentRestrictions"] = intent.requirements.restriction.rawValue }
        var codes: [Any] = []
        if let confirmation = intent.requirements.confirmation {
            entry["INIntentUserConfirmationRequired"] = true
            if let prompt = confirmation.prompt {
                guard !intent.responses.contains(where: { $0.code == .ready }) else {
                    throw IntentDefinitionWriteError(
                        subject: subject, problem: "a confirmation question and a 'ready' dialog cannot both be written: the question is the 'ready' code's text")
                }
                codes.append(code(name: "ready", isSuccess: true, dialog: prompt))
            }
        }
        var nextCustom = 100
        for template in intent.responses {
            guard template.code.isCustom else {
                guard nextCustom == 100, template.name == template.code.description,
                    template.isSuccess == (template.code != .failure && template.code != .failureRequiringAppLaunch), !template.dialog.isEmpty
                else {
                    throw IntentDefinitionWriteError(
                        subject: subject,
                        problem: "the template of '\(template.code)' cannot be written: standard codes come first, named as the code, with a dialog and the code's own success")
                }
                codes.append(code(name: template.name, isSuccess: template.isSuccess, dialog: template.dialog))
                continue
            }
            guard template.code.rawValue == nextCustom, SwiftName.isIdentifier(template.name) else {
                throw IntentDefinitionWriteError(
                    subject: subject,
                    problem: "custom code '\(template.name)' (\(template.code.rawValue)) cannot be written: custom codes are numbered from 100 in order, one after the other, and named as Swift names")
            }
            nextCustom += 1
            codes.append(code(name: template.name, isSuccess: template.isSuccess, dialog: template.dialog))
        }
        entry["INIntentResponse"] = ["INIntentResponseCodes": codes, "INIntentResponseParameters": [Any]()] as [String: Any]
        return entry
    }

    private func code(name: String, isSuccess: Bool, dialog: String) -> [String: Any] {
        var code: [String: Any] = ["INIntentResponseCodeName": name, "INIntentResponseCodeFormatString": dialog]
        if isSuccess { code["INIntentResponseCodeSuccess"] = true }
        return code
    }

    private func parameter(
        _ parameter: ParameterDescriptor, of intent: String, enums: Set<String>, objectTypes: inout Set<String>
    ) throws(IntentDefinitionWriteError) -> [String: Any] {
        let name = parameter.name.rawValue
        let subject = "\(intent), parameter '\(name)'"
        let key = "INIntentParameter"
        var entry: [String: Any] = [key + "Name": name]
        let type = parameter.valueTypeName
        if let plain = Self.plainTypes[type] {
            entry[key + "Type"] = plain
        } else if type == "DisplayItem" {
            entry[key + "Type"] = "Object"
        } else if enums.contains(type) {
            entry[key + "Type"] = "Integer"
            entry[key + "EnumType"] = type
        } else {
            entry[key + "Type"] = "Object"
            entry[key + "ObjectType"] = type
            objectTypes.insert(type)
        }
        let flags: [(ParameterFlags, String)] = [
            (.resolvable, "SupportsResolution"), (.configurable, "Configurable"), (.multiValue, "SupportsMultipleValues"),
            (.dynamicOptions, "SupportsDynamicEnumeration"), (.searchable, "SupportsSearch"),
        ]
        for (flag, suffix) in flags where parameter.flags.contains(flag) { entry[key + suffix] = true }
        if parameter.flags.contains(.searchable) && !parameter.flags.contains(.dynamicOptions) {
            throw IntentDefinitionWriteError(subject: subject, problem: "searchable without dynamic options cannot be written: a search term goes to the options provider")
        }
        let dialogs: [(String, String?)] = [
            ("Primary", parameter.prompts.value), ("DisambiguationIntroduction", parameter.prompts.disambiguationIntroduction),
            ("Confirmation", parameter.prompts.confirmation),
        ]
        entry[key + "PromptDialogs"] = dialogs.compactMap { type, text -> [String: Any]? in
            text.map { [key + "PromptDialogType": type, key + "PromptDialogCustom": true, key + "PromptDialogFormatString": $0] }
        }
        var reasons: [Any] = []
        for (reason, text) in parameter.prompts.unsupported.sorted(by: { $0.key < $1.key }) {
            // The default refusal ("") is the reason `default`, which no other key may be.
            let code = reason.isEmpty ? DefinedParameter.defaultReasonCode : reason
            guard SwiftName.isIdentifier(code), reason != DefinedParameter.defaultReasonCode, !text.isEmpty, !["${displayName}", "${minimumValue}", "${maximumValue}"].contains(where: text.contains) else {
                throw IntentDefinitionWriteError(
                    subject: subject,
                    problem: "the unsupported reason '\(reason)' cannot be written: a reason is named as a Swift name (not 'default', which writes the default one), has words, and names no ${displayName}, ${minimumValue} or ${maximumValue} (a definition fills those in)")
            }
            reasons.append([key + "UnsupportedReasonCode": code, key + "UnsupportedReasonFormatString": text, key + "UnsupportedReasonCustom": true])
        }
        entry[key + "UnsupportedReasons"] = reasons
        var metadata: [String: Any] = [:]
        if let minimum = parameter.minimumValue { metadata[key + "MetadataMinimumValue"] = minimum }
        if let maximum = parameter.maximumValue { metadata[key + "MetadataMaximumValue"] = maximum }
        if !metadata.isEmpty {
            guard type == "Int" || type == "Double" else {
                throw IntentDefinitionWriteError(subject: subject, problem: "bounds cannot be written: only an Integer or Decimal parameter has them")
            }
            entry[key + "Metadata"] = metadata
        }
        return entry
    }

    private func enumeration(_ item: EnumDescription) throws(IntentDefinitionWriteError) -> [String: Any] {
        let subject = "enum '\(item.typeName)'"
        let members = (item.unknown.map { [$0] } ?? []) + item.cases
        if item.unknown == nil && !members.contains(where: { $0.rawValue == 0 || $0.spoken.identifier == "unknown" }) {
            throw IntentDefinitionWriteError(subject: subject, problem: "an enum without 'unknown' cannot be written unless a case has the raw value 0: a definition's enum has 'unknown = 0'")
        }
        var values: [Any] = []
        for member in members {
            guard SwiftName.isIdentifier(member.spoken.identifier) else {
                throw IntentDefinitionWriteError(subject: subject, problem: "case '\(member.spoken.identifier)' is not a Swift name")
            }
            values.append([
                "INEnumValueName": member.spoken.identifier, "INEnumValueDisplayName": member.spoken.displayName,
                "INEnumValueIndex": member.rawValue,
                "INEnumValueSynonyms": member.spoken.synonyms.map { ["INEnumValueSynonym": $0] },
            ] as [String: Any])
        }
        return ["INEnumName": item.typeName, "INEnumDisplayName": item.typeName, "INEnumValues": values]
    }
}
