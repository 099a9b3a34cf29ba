/// Why a shortcut could not be made.
public typealias ShortcutError = FeatureError<ShortcutErrorCode>

/// The kinds of `ShortcutError`.
public enum ShortcutErrorCode: String, FeatureErrorCode {
    /// A parameter holds a value but is not configurable: no parameter combination including
    /// it can be stored in a shortcut.
    case noValidCombination
    /// The intent is deprecated: it keeps working for existing shortcuts, but makes no new one.
    case deprecatedIntent
    /// The app's intent catalog does not define the intent.
    case unknownIntent
    /// The action's feature has an unmet requirement, so it is not offered.
    case unavailable
    /// The system's store could not keep it (the message names the file and cause).
    case storeFailed
}

extension Shortcut {
    /// A shortcut running `intent` with the parameters it holds.
    ///
    /// - Throws: `ShortcutError` when a parameter that holds a value is not configurable (no
    ///   combination including it can be a shortcut) or the intent is deprecated.
    public static func make<I: Intent>(from intent: I) throws(ShortcutError) -> Shortcut {
        let shortcut = Shortcut.intent(AnyIntent(intent))
        try shortcut.validate(with: IntentDescriptor(I.self))
        return shortcut
    }

    /// A shortcut continuing `activity` in the app.
    public static func make(from activity: UserActivity) -> Shortcut { .userActivity(activity) }

    /// Checks the shortcut against the app's catalog (the system side checks what it receives).
    ///
    /// - Throws: `ShortcutError` as `make(from:)` does, or `unknownIntent`.
    public func validate(in catalog: IntentCatalog) throws(ShortcutError) {
        guard case .intent(let intent) = self else { return }
        guard let descriptor = catalog.descriptor(named: intent.typeName) else {
            throw ShortcutError(.unknownIntent, value: intent.typeName, "the app defines no intent \(intent.typeName)")
        }
        try validate(with: descriptor)
    }

    private func validate(with descriptor: IntentDescriptor) throws(ShortcutError) {
        guard case .intent(let intent) = self else { return }
        if descriptor.isDeprecated {
            throw ShortcutError(
                .deprecatedIntent, value: descriptor.typeName,
                "\(descriptor.typeName) is deprecated: existing shortcuts keep working, new ones cannot be made")
        }
        for parameter in descriptor.parameters
        where !parameter.flags.contains(.configurable) && descriptor.values(of: parameter.name, in: intent) != nil {
            throw ShortcutError(
                .noValidCombination, value: "\(descriptor.typeName).\(parameter.name)",
                "the parameter '\(parameter.name)' of \(descriptor.typeName) is not configurable, so no parameter combination holding it can be a shortcut; leave it unset")
        }
    }

    /// The intent's type name, or the activity's type.
    public var typeName: String {
        switch self {
        case .intent(let intent): intent.typeName
        case .userActivity(let activity): activity.activityType
        }
    }
}
