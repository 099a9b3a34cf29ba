import Foundation
import Synchronization

/// A unit of user work the app can hand over, continue or restore, like `NSUserActivity`.
///
/// Its `activityType` is fixed at creation; `userInfo` holds property-list values only (typed
/// as `PropertyListValue`, or checked by `setUserInfo(_:)`). An activity is a reference: one is
/// current per application at a time (`Application.becomeCurrent(_:)`), and once invalidated it can
/// neither become current nor be continued. It is `Sendable` (its state sits behind a lock) and
/// `Codable`, so it crosses the boundary between the assistant and the app inside a response.
public final class UserActivity: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The activity's content: everything that is encoded and compared.
    public struct Content: Sendable, Equatable, Codable {
        /// The activity type: reverse-DNS by convention, or an intent's type name.
        public var activityType: String
        /// A title a user may see.
        public var title: String?
        /// Property-list values describing the activity.
        public var userInfo: [String: PropertyListValue] = [:]
        /// Keys that must be present in `userInfo` for the activity to be continued.
        public var requiredUserInfoKeys: Set<String> = []
        /// Whether the activity may be indexed for search (default false).
        public var isEligibleForSearch = false
        /// Whether the activity may be handed off to another device (default true).
        public var isEligibleForHandoff = true
        /// Whether the activity may be offered as a prediction (default false).
        public var isEligibleForPrediction = false
        /// An identifier used to delete the activity and its donations later.
        public var persistentIdentifier: String?
        /// The phrase suggested when a user records a voice shortcut for this activity.
        public var suggestedInvocationPhrase: String?
        /// The content identifier that chooses which scene continues the activity.
        public var targetContentIdentifier: String?
        /// The interaction that made the app open, set only when the assistant launched it.
        public var interaction: Interaction?

        /// Content of the given type, every other property at its default.
        public init(activityType: String) {
            self.activityType = activityType
        }
    }

    private struct State: Sendable {
        var content: Content
        var isValid = true
        /// Counts committed changes, so `update` can tell whether another change came in while
        /// its closure ran outside the lock.
        var version: UInt64 = 0
    }

    private let state: Mutex<State>

    /// An activity of the given type; the type cannot change later.
    public init(activityType: String) {
        state = Mutex(State(content: Content(activityType: activityType)))
    }

    /// An activity with the given content.
    public init(content: Content) {
        state = Mutex(State(content: content))
    }

    /// Decodes the content; a decoded activity is valid and not current.
    public convenience init(from decoder: any Decoder) throws {
        self.init(content: try Content(from: decoder))
    }

    /// Encodes the content (not whether it is current or valid).
    public func encode(to encoder: any Encoder) throws {
        try content.encode(to: encoder)
    }

    /// A copy of everything the activity describes.
    public var content: Content { state.withLock { $0.content } }

    /// The activity type, fixed at creation.
    public var activityType: String { state.withLock { $0.content.activityType } }

    /// Whether the activity is still valid (not invalidated).
    public var isValid: Bool { state.withLock { $0.isValid } }

    /// Changes the activity's content; the activity type stays what it was. Does nothing once
    /// the activity is invalidated, and says so by throwing.
    ///
    /// `change` runs outside the activity's lock, on a copy, so it may read the activity (or
    /// invalidate it) without deadlocking; the copy is committed only if no other change came in
    /// meanwhile, otherwise `change` runs again on the newer content. Keep it free of side effects.
    public func update(_ change: (inout Content) -> Void) throws(UserActivityError) {
        while true {
            let start = state.withLock { $0 }
            guard start.isValid else { throw .invalidated(activityType: start.content.activityType) }
            var content = start.content
            change(&content)
            content.activityType = start.content.activityType
            let committed = try state.withLock { (state: inout State) throws(UserActivityError) -> Bool in
                guard state.isValid else { throw .invalidated(activityType: state.content.activityType) }
                guard state.version == start.version else { return false }
                state.content = content
                state.version &+= 1
                return true
            }
            if committed { return }
        }
    }

    /// Replaces `userInfo` with untyped values, refusing (and changing nothing) when any value, at
    /// any depth, is not a property-list value.
    public func setUserInfo(_ values: [String: Any]) throws(UserActivityError) {
        var checked: [String: PropertyListValue] = [:]
        for (key, value) in values {
            checked[key] = try PropertyListValue(validating: value, path: "userInfo.\(key)")
        }
        try update { $0.userInfo = checked }
    }

    /// The title, if any.
    public var title: String? { content.title }
    /// The property-list values describing the activity.
    public var userInfo: [String: PropertyListValue] { content.userInfo }
    /// The interaction that made the app open, set only when the assistant launched it.
    public var interaction: Interaction? { content.interaction }
    /// The content identifier that chooses which scene continues the activity.
    public var targetContentIdentifier: String? { content.targetContentIdentifier }
    /// The persistent identifier, if any.
    public var persistentIdentifier: String? { content.persistentIdentifier }

    /// Throws when a required `userInfo` key is missing or the activity was invalidated.
    public func validateForContinuation() throws(UserActivityError) {
        let snapshot = state.withLock { $0 }
        guard snapshot.isValid else { throw .invalidated(activityType: snapshot.content.activityType) }
        for key in snapshot.content.requiredUserInfoKeys.sorted()
        where snapshot.content.userInfo[key] == nil {
            throw .missingRequiredKey(activityType: snapshot.content.activityType, key: key)
        }
    }

    /// Marks the activity invalid for good: it can no longer change, become current or be continued.
    public func invalidate() {
        state.withLock { $0.isValid = false }
    }

    /// Two activities are equal when their contents are.
    public static func == (lhs: UserActivity, rhs: UserActivity) -> Bool {
        lhs === rhs || lhs.content == rhs.content
    }

    /// One line for logs and messages.
    public var description: String {
        let content = content
        return "UserActivity(\(content.activityType)\(content.title.map { ", \"\($0)\"" } ?? ""))"
    }
}
