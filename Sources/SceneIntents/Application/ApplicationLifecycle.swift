/// Whether the app runs, and everything that only exists while it does: the one state of an
/// `Application`.
///
/// Keeping it in one enum makes the impossible states unrepresentable: a running app always has
/// a delegate and a launch reason; an app that is not running has no current activity, no scenes
/// sent home, no interruption and nobody waiting for it to end.
enum ApplicationLifecycle {
    /// Installed, not running. `discarded`: sessions the user closed meanwhile, reported to the
    /// next run's delegate (`didDiscardSceneSessions`) when it launches.
    case notRunning(discarded: [SceneSession])
    /// Running.
    case running(ApplicationRun)
}

/// One run of the app, from launch to termination.
struct ApplicationRun {
    /// The run's delegate, made at launch.
    let delegate: any ApplicationDelegate
    /// Why the run was launched.
    let reason: LaunchReason
    /// The activity that is current, if any.
    var currentUserActivity: UserActivity?
    /// The sessions whose scenes went home with the user, to bring back when the user returns.
    var sentHome: [String] = []
    /// The sessions whose scenes an interruption made inactive, to reactivate when it ends.
    var interrupted: [String] = []
    /// `run()` callers waiting for the termination.
    var terminationWaiters: [CheckedContinuation<Void, Never>] = []
}
