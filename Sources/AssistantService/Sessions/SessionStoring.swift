import SceneIntents

/// Where the system keeps apps' scene sessions: `SessionStore` (files on disk) is the one this
/// package has; conform another (a database, a test's store) and give it to `SessionKeeping`.
///
/// Every method may block on I/O: the system calls them on Dispatch threads of its own, never
/// on Swift's cooperative pool, and gives up on a `restoration(for:)` that does not answer
/// within half a launch's budget (the app then launches with no sessions).
public protocol SessionStoring: Sendable {
    /// What to give the app at launch: its open sessions, those discarded while it was not
    /// running, and a sentence for each record that could not be read.
    func restoration(for bundleIdentifier: String) throws(SessionStoreError) -> (restoration: SessionRestoration, skipped: [String])

    /// Keeps the changes the app reported, in order; durable before it returns.
    func apply(_ changes: [SessionChange], for bundleIdentifier: String) throws(SessionStoreError)

    /// The user closes a session while the app is not running; false when it has no such open
    /// session.
    @discardableResult
    func close(_ identifier: String, of bundleIdentifier: String) throws(SessionStoreError) -> Bool

    /// The user force-quits the app: every open session becomes discarded.
    func forceQuit(_ bundleIdentifier: String) throws(SessionStoreError)
}

extension SessionStore: SessionStoring {}
