import SceneIntents

/// A parameter with its Swift type.
struct PlannedValue<Declared> {
    let declared: Declared
    let type: MappedType
}

/// An intent that will be generated.
struct IntentPlan {
    let intent: DefinedIntent
    let parameters: [PlannedValue<DefinedParameter>]
    let responseParameters: [PlannedValue<ValueDeclaration>]
    let phrases: [String]

    /// The intent as SceneIntents describes it (`DefinitionRules.swift`): the generated schema
    /// declares exactly this.
    var description: IntentDescription { intent.description(parameters.map(\.type)) }

    var typeName: String { intent.typeName }
    var handlingName: String { typeName + "Handling" }
    var responseName: String { typeName + "Response" }
    var codeName: String { responseName + "Code" }

    func reasonName(_ parameter: DefinedParameter) -> String {
        intent.name + SwiftName.capitalized(parameter.name) + "UnsupportedReason"
    }

    /// Every top-level name the intent generates.
    var generatedNames: [String] {
        [typeName, handlingName, responseName, codeName]
            + parameters.filter { !$0.declared.unsupportedReasons.isEmpty }.map { reasonName($0.declared) }
    }
}

/// A custom type that will be generated, with the properties that map.
struct TypePlan {
    let type: DefinedType
    let properties: [PlannedValue<ValueDeclaration>]
}

/// What one file generates.
struct FilePlan {
    let file: IntentDefinitionFile
    let definitionName: String
    let enums: [DefinedEnum]
    let types: [TypePlan]
    let intents: [IntentPlan]
}
