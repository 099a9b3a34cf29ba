/// The question an intent asks the user once its parameters are resolved and its handler's
/// `confirm` answered `ready`, before `handle` is called: an intent definition's
/// `INIntentUserConfirmationRequired`, or an intent declared in Swift with one in its
/// `IntentSchema`.
///
/// "Yes" goes on to handle; "no" cancels the request (nothing is handled); any other answer
/// asks the question again.
public struct IntentConfirmation: Sendable, Hashable, Codable {
    /// The question ("Order ${quantity} ${soup}?"): `${name}` names a parameter and is said as its
    /// value's title (its values' titles, joined, for a multi-value one; nothing when it has
    /// none). Nil: the assistant's `intentConfirmationPrompt` line.
    public var prompt: String?

    /// A confirmation asked with `prompt`, or with the assistant's own line when it is nil.
    public init(prompt: String? = nil) {
        self.prompt = prompt
    }
}

/// When the device's state keeps an intent from running: an intent definition's
/// `INIntentRestrictions` (Xcode's "Authentication" setting).
///
/// A restricted intent is refused while the device is locked, with the same reason as an intent
/// the app's `INIntentsRestrictedWhileLocked` lists, on the system side and on the app side.
public enum IntentRestriction: Int, Sendable, Hashable, Codable, CaseIterable {
    /// It runs whatever the device's state (`0`).
    case unrestricted = 0
    /// It is refused while the device is locked (`1`).
    case whileLocked = 1
    /// It is refused while the device is locked or its protected data is unavailable (`2`).
    /// Protected data is unavailable only while the device is locked, so it is refused exactly
    /// while the device is locked.
    case whileLockedOrProtectedDataUnavailable = 2

    /// Whether the intent is refused while the device is locked.
    public var isRestrictedWhileLocked: Bool { self != .unrestricted }
}

/// What an intent asks of the user and of the device before it runs: a confirmation, and a
/// restriction. Plain data, so it can be read from an app's bundle as well as from its schema.
public struct IntentRequirements: Sendable, Hashable, Codable {
    /// The confirmation asked before `handle`, if any.
    public var confirmation: IntentConfirmation?
    /// When the device's state refuses the intent.
    public var restriction: IntentRestriction

    /// Requirements; by default none.
    public init(confirmation: IntentConfirmation? = nil, restriction: IntentRestriction = .unrestricted) {
        self.confirmation = confirmation
        self.restriction = restriction
    }

    private enum CodingKeys: String, CodingKey { case confirmation, restriction }

    /// Decodes what `encode(to:)` writes; an absent key is its default (no confirmation,
    /// unrestricted), so data written before a key existed still reads.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        confirmation = try container.decodeIfPresent(IntentConfirmation.self, forKey: .confirmation)
        restriction = try container.decodeIfPresent(IntentRestriction.self, forKey: .restriction) ?? .unrestricted
    }
}
