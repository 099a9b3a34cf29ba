import PropertyListSafety

/// One dialog of a parameter (`INIntentParameterPromptDialogs[]`).
public struct PromptDialog: Sendable, Equatable {
    /// `Primary`, `Configuration`, `Confirmation`, `DisambiguationIntroduction`,
    /// `DisambiguationSelection`, `Concise`…
    public var type: String
    /// Whether the developer wrote the text (false: Xcode's default).
    public var isCustom: Bool
    /// The text, if written; may use `${parameter}` and `${count}`.
    public var formatString: String?

    /// A value with every field given.
    public init(type: String, isCustom: Bool, formatString: String?) {
        self.type = type
        self.isCustom = isCustom
        self.formatString = formatString
    }
}

/// One reason a parameter's value can be refused (`INIntentParameterUnsupportedReasons[]`).
public struct UnsupportedReason: Sendable, Equatable {
    /// The reason's code (lowerCamel), e.g. `notEnoughInStock`.
    public var code: String
    /// The dialog; may use `${displayName}`, `${minimumValue}`, `${maximumValue}` or parameters.
    public var formatString: String?
    /// Whether it is one of Xcode's built-in numeric reasons.
    public var isDefault: Bool
    /// Whether the developer added it.
    public var isCustom: Bool

    /// A value with every field given.
    public init(code: String, formatString: String?, isDefault: Bool, isCustom: Bool) {
        self.code = code
        self.formatString = formatString
        self.isDefault = isDefault
        self.isCustom = isCustom
    }
}

/// "Show this parameter only when…" (`INIntentParameterRelationship`).
public struct ParameterRelationship: Sendable, Equatable {
    /// The parent parameter (nil when it was deleted: the relationship is then ignored).
    public var parentName: String?
    /// `EnumHasExactValue`, `HasAnyValue`, `BooleanHasExactValue`…
    public var predicateName: String?
    /// The value the parent must have, when the predicate takes one.
    public var predicateValue: PropertyListValue?

    /// A value with every field given.
    public init(parentName: String?, predicateName: String?, predicateValue: PropertyListValue?) {
        self.parentName = parentName
        self.predicateName = predicateName
        self.predicateValue = predicateValue
    }
}

/// One parameter of an intent (`INIntentParameters[]`).
public struct DefinedParameter: Sendable, Equatable {
    /// Name, type, multiplicity and metadata.
    public var declaration: ValueDeclaration
    /// "Siri can ask for value": a `resolve` method is generated.
    public var supportsResolution: Bool
    /// "User can edit value in Shortcuts, widgets…".
    public var isConfigurable: Bool
    /// "Options are provided dynamically": an options method is generated.
    public var supportsDynamicEnumeration: Bool
    /// The options method takes a search term.
    public var supportsSearch: Bool
    /// Custom disambiguation prompts are enabled.
    public var customDisambiguation: Bool
    /// The dialogs, in file order.
    public var promptDialogs: [PromptDialog]
    /// The reasons a value can be refused, in file order.
    public var unsupportedReasons: [UnsupportedReason]
    /// When the parameter is shown, if it depends on another.
    public var relationship: ParameterRelationship?

    /// The parameter's name.
    public var name: String { declaration.name }

    /// The first custom text of a dialog type, if any.
    public func prompt(_ type: String) -> String? {
        promptDialogs.first { $0.type == type && !($0.formatString ?? "").isEmpty }?.formatString
    }

    init(_ node: PropertyListNode) throws(IntentDefinitionError) {
        let prefix = "INIntentParameter"
        declaration = try ValueDeclaration(node, prefix: prefix)
        supportsResolution = try node.flag(prefix + "SupportsResolution")
        isConfigurable = try node.flag(prefix + "Configurable")
        supportsDynamicEnumeration = try node.flag(prefix + "SupportsDynamicEnumeration")
        supportsSearch = try node.flag(prefix + "SupportsSearch")
        customDisambiguation = try node.flag(prefix + "CustomDisambiguation")
        var dialogs: [PromptDialog] = []
        for dialog in try node.array(prefix + "PromptDialogs") {
            let key = prefix + "PromptDialog"
            dialogs.append(
                PromptDialog(
                    type: try dialog.string(key + "Type"), isCustom: try dialog.flag(key + "Custom"),
                    formatString: try dialog.optionalString(key + "FormatString")))
        }
        promptDialogs = dialogs
        let key = prefix + "UnsupportedReason"
        unsupportedReasons = try unique(node.array(prefix + "UnsupportedReasons"), \.code, key: key + "Code", what: "reason") {
            reason throws(IntentDefinitionError) in
            UnsupportedReason(
                code: try reason.identifier(key + "Code"), formatString: try reason.optionalString(key + "FormatString"),
                isDefault: try reason.flag(key + "Default"), isCustom: try reason.flag(key + "Custom"))
        }
        relationship = try node.optionalDictionary(prefix + "Relationship").map { relation throws(IntentDefinitionError) in
            let key = prefix + "Relationship"
            return ParameterRelationship(
                parentName: try relation.optionalString(key + "ParentName"),
                predicateName: try relation.optionalString(key + "PredicateName"),
                predicateValue: try relation.raw(key + "PredicateValue"))
        }
    }
}
