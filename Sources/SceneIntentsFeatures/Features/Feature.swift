/// A part of the app the user sees as one thing: it declares its actions, and, when it is
/// conditional, what it needs (`requirements`).
///
/// Declared as a type (`enum InsultsFeature: Feature`), so an action's feature is known
/// statically and a group lists features without instances.
public protocol Feature: SendableMetatype {
    /// The feature's name, for the timeline, errors and listings.
    static var name: String { get }
    /// The actions it declares; an action performed through a dispatcher must be declared by a
    /// feature of the dispatcher's group.
    static var actions: [any Action.Type] { get }
    /// What it needs; empty (the default) for an unconditional feature. While one is unmet
    /// its actions are neither performed nor offered to the assistant.
    static var requirements: [FeatureRequirement] { get }
}

extension Feature {
    /// Unconditional.
    public static var requirements: [FeatureRequirement] { [] }
    /// Whether it declares requirements.
    public static var isConditional: Bool { !requirements.isEmpty }
}

/// Features grouped for one process: the app's group, or the smaller one its intents extension
/// serves.
public struct FeatureGroup: Sendable {
    /// The group's name.
    public let name: String
    /// The features, in declaration order.
    public let features: [any Feature.Type]

    /// A group of features.
    public init(_ name: String, features: [any Feature.Type]) {
        self.name = name
        self.features = features
    }

    /// The feature declaring an action type (by the action's name), if this group has one.
    public func feature(declaring action: any Action.Type) -> (any Feature.Type)? {
        features.first { feature in feature.actions.contains { $0.name == action.name } }
    }
}
