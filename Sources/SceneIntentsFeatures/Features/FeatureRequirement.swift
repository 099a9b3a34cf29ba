/// Something a conditional feature needs before its actions can be performed or offered.
public enum FeatureRequirement: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A system permission the user granted ("notifications", "microphone").
    case permission(String)
    /// An in-app purchase the user made (a product identifier).
    case purchase(String)
    /// A setting the user switched on in the app.
    case userToggle(String)
    /// A flag the app sets at run time (a remote switch, a server capability).
    case runtimeFlag(String)

    /// Why it is unmet, as the end of "unavailable because …".
    public var description: String {
        switch self {
        case .permission(let name): "the permission '\(name)' is not granted"
        case .purchase(let product): "the purchase '\(product)' has not been made"
        case .userToggle(let name): "the setting '\(name)' is switched off"
        case .runtimeFlag(let name): "the runtime flag '\(name)' is not set"
        }
    }
}

/// What the app's state grants right now: permissions, purchases, switched-on settings, flags.
///
/// A value: the dispatcher holds the current one and the app replaces it as things change.
public struct FeatureConditions: Sendable, Equatable {
    /// Permissions the user granted.
    public var permissions: Set<String>
    /// Products purchased.
    public var purchases: Set<String>
    /// Settings switched on.
    public var toggles: Set<String>
    /// Runtime flags set.
    public var flags: Set<String>

    /// Conditions granting what is listed and nothing else.
    public init(
        permissions: Set<String> = [], purchases: Set<String> = [], toggles: Set<String> = [], flags: Set<String> = []
    ) {
        self.permissions = permissions
        self.purchases = purchases
        self.toggles = toggles
        self.flags = flags
    }

    /// Whether one requirement is met.
    public func satisfies(_ requirement: FeatureRequirement) -> Bool {
        switch requirement {
        case .permission(let name): permissions.contains(name)
        case .purchase(let product): purchases.contains(product)
        case .userToggle(let name): toggles.contains(name)
        case .runtimeFlag(let name): flags.contains(name)
        }
    }

    /// The first requirement of `feature` these conditions do not meet, nil when all are met.
    public func unmet(by feature: any Feature.Type) -> FeatureRequirement? {
        feature.requirements.first { !satisfies($0) }
    }
}

/// The answer when an action's feature has an unmet requirement: nothing was performed.
public struct FeatureUnavailable: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// The feature.
    public let feature: String
    /// The action that was asked for.
    public let action: String
    /// The requirement that is unmet.
    public let requirement: FeatureRequirement

    /// An answer.
    public init(feature: String, action: String, requirement: FeatureRequirement) {
        self.feature = feature
        self.action = action
        self.requirement = requirement
    }

    /// "… is unavailable because …".
    public var description: String {
        "\(action) (feature \(feature)) is unavailable because \(requirement)"
    }
}
