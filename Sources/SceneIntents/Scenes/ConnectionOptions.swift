/// What a scene is connected for: the activities to continue, and the URL contexts to open.
public struct ConnectionOptions: Sendable, Equatable {
    /// User activities the scene should continue once connected (e.g. from `continueInApp`).
    public var userActivities: [UserActivity]
    /// URLs the scene should open.
    public var urlContexts: [String]

    /// Options; empty by default.
    public init(userActivities: [UserActivity] = [], urlContexts: [String] = []) {
        self.userActivities = userActivities
        self.urlContexts = urlContexts
    }
}
