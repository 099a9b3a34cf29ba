import SceneIntents

extension AppConnection {
    /// Brings the app forward to continue `activity` and records how it went in `trace`: the one
    /// way both a response that opens the app and a request to continue an activity reach it.
    func continueRecorded(_ activity: UserActivity, in trace: Trace) async -> ContinuationResult {
        do {
            let continued = try await continueInApp(activity)
            trace.record(.continuation, "\(activity.activityType) continued in \(continued.sessionIdentifier)")
            return .continued(session: continued.sessionIdentifier, reply: continued.reply)
        } catch {
            let reason = "\(error)"
            trace.record(.continuation, "failed: \(reason)")
            return .failed(reason: reason)
        }
    }
}

extension Assistant {
    /// Continues `activity` in the app (a voice shortcut made from an activity): a scene comes
    /// forward and continues it; the user hears the line the scene gave, else "Opening <app>.".
    /// The app launches first if it is not running; a type its manifest does not list in
    /// `NSUserActivityTypes` is refused by the app's scene, and the user hears why it could not
    /// be opened.
    func continueActivity(_ activity: UserActivity, dialog: [String]) async -> AssistantOutcome {
        let appName = connection.appName
        trace.record(.route, "activity \(activity.activityType) → \(appName)")
        switch await connection.continueRecorded(activity, in: trace) {
        case .continued(let session, let reply):
            let line = reply ?? lines.response(.continueInApp, isSuccess: true)
            var outcome = await end(.continuedInApp, line, intent: nil, dialog: dialog)
            outcome.continuedInScene = session
            return outcome
        case .failed(let reason):
            var outcome = await end(.failure, lines.couldNotOpen(reason: reason), intent: nil, dialog: dialog)
            outcome.reason = reason
            return outcome
        }
    }
}
