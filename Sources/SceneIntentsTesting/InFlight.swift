import SceneIntents

/// What a test left unfinished, so every test can end with one check:
///
/// ```swift
/// #expect(leftInFlight(host: host, user: user, recorder: recorder) == [])
/// ```
///
/// Each entry is a sentence naming what is still open: callbacks the test recorded but never
/// looked at, replies the scripted user was given but never asked for, prompts and lines it
/// heard that the test never took, requests whose handler the host still holds.
@MainActor
public func leftInFlight(
    host: IntentHost? = nil, user: ScriptedUser? = nil, recorder: LifecycleRecorder? = nil
) -> [String] {
    var open: [String] = []
    if let host, host.requestsInFlight > 0 {
        open.append("the host still holds a handler for \(host.requestsInFlight) request(s)")
    }
    if let user, !user.remainingReplies.isEmpty {
        open.append("the scripted user has \(user.remainingReplies.count) unused reply(ies): \(user.remainingReplies)")
    }
    if let recorder, !recorder.events.isEmpty {
        open.append("the recorder has \(recorder.events.count) callback(s) the test never took: \(recorder.lines)")
    }
    return open
}
