/// One parameter combination (`INIntentParameterCombinations` / `…Managed…` value).
public struct ParameterCombination: Sendable, Equatable {
    /// The key as written: parameter names joined by `,` (empty: no parameters).
    public var key: String
    /// The member parameter names, in key order.
    public var parameterNames: [String]
    /// The summary, with `${parameter}` placeholders.
    public var title: String?
    /// The second line, if any.
    public var subtitle: String?
    /// Whether the intent can run without opening the app with these parameters.
    public var supportsBackgroundExecution: Bool
    /// Whether it is the default suggestion shape.
    public var isPrimary: Bool

    init(key: String, _ node: PropertyListNode) throws(IntentDefinitionError) {
        let prefix = "INIntentParameterCombination"
        self.key = key
        parameterNames = key.split(separator: ",", omittingEmptySubsequences: true).map(String.init)
        title = try node.optionalString(prefix + "Title")
        subtitle = try node.optionalString(prefix + "Subtitle")
        supportsBackgroundExecution = try node.flag(prefix + "SupportsBackgroundExecution")
        isPrimary = try node.flag(prefix + "IsPrimary")
    }
}

/// One intent (`INIntents[]`).
public struct DefinedIntent: Sendable, Equatable {
    /// The base name; the generated type is this plus `Intent`.
    public var name: String
    /// The title shown in Shortcuts.
    public var title: String?
    /// The description shown in Shortcuts.
    public var description: String?
    /// `generic`, `information`, `order`…
    public var category: String?
    /// `Do`, `View`, `Order`…
    public var verb: String?
    /// `Custom`, or `System` when the entry customizes one of Apple's intents (nothing is
    /// generated for those).
    public var kind: String
    /// The parameters, in editor order.
    public var parameters: [DefinedParameter]
    /// The response, if any (System intents have none).
    public var response: DefinedResponse?
    /// Siri and suggestion combinations, sorted by key.
    public var parameterCombinations: [ParameterCombination]
    /// Shortcuts-app combinations, sorted by key.
    public var managedParameterCombinations: [ParameterCombination]
    /// The parameter that receives the Shortcuts action input.
    public var input: String?
    /// The key parameter.
    public var keyParameter: String?
    /// Whether the intent is usable in Shortcuts.
    public var isConfigurable: Bool
    /// Whether Siri Suggestions are off for it.
    public var isIneligibleForSuggestions: Bool
    /// Whether it can configure a widget.
    public var isEligibleForWidgets: Bool
    /// 0 none, 1 restricted while locked, 2 also while protected data is unavailable.
    public var restrictions: Int
    /// Model 1.0/1.1: the user must confirm before it runs.
    public var userConfirmationRequired: Bool
    /// The asset name of the image shown with its suggestions (`INIntentDefaultImageName`).
    public var defaultImageName: String?
    /// The generated type's name when the file gives one (`INIntentClassName`): an intent first
    /// declared in Swift under a name without the `Intent` suffix. Nil: the name plus `Intent`.
    public var className: String?

    /// Whether it customizes one of Apple's intents rather than defining one.
    public var isSystem: Bool { kind == "System" }

    /// Whether it only configures widgets (Xcode then makes `handle` optional).
    public var isWidgetOnly: Bool { isEligibleForWidgets && isIneligibleForSuggestions }

    /// The parameter with this name.
    public func parameter(named name: String) -> DefinedParameter? { parameters.first { $0.name == name } }

    init(_ node: PropertyListNode) throws(IntentDefinitionError) {
        name = try node.identifier("INIntentName")
        title = try node.optionalString("INIntentTitle")
        description = try node.optionalString("INIntentDescription")
        category = try node.optionalString("INIntentCategory")
        verb = try node.optionalString("INIntentVerb")
        kind = try node.optionalString("INIntentType") ?? "Custom"
        // A parameter's resolve, options and reason names capitalize it: `count` and `Count`
        // would declare the same methods.
        parameters = try ordered(
            node.array("INIntentParameters"), \.declaration, generates: { "resolve\(SwiftName.capitalized($0))(for:)" },
            DefinedParameter.init)
        response = try node.optionalDictionary("INIntentResponse").map(DefinedResponse.init)
        func combinations(_ key: String) throws(IntentDefinitionError) -> [ParameterCombination] {
            try node.sortedEntries(key).map { entry throws(IntentDefinitionError) in
                try ParameterCombination(key: entry.key, entry.node)
            }
        }
        parameterCombinations = try combinations("INIntentParameterCombinations")
        managedParameterCombinations = try combinations("INIntentManagedParameterCombinations")
        input = try node.optionalString("INIntentInput")
        keyParameter = try node.optionalString("INIntentKeyParameter")
        isConfigurable = try node.flag("INIntentConfigurable")
        isIneligibleForSuggestions = try node.flag("INIntentIneligibleForSuggestions")
        isEligibleForWidgets = try node.flag("INIntentEligibleForWidgets")
        restrictions = try node.optionalInteger("INIntentRestrictions") ?? 0
        userConfirmationRequired = try node.flag("INIntentUserConfirmationRequired")
        defaultImageName = try node.optionalString("INIntentDefaultImageName")
        // A System intent names Apple's class (`INSendMessageIntent`), which is not a Swift name
        // the file defines; only a custom intent's is read.
        className = kind == "System" ? nil : try node.optionalIdentifier("INIntentClassName")
    }
}
