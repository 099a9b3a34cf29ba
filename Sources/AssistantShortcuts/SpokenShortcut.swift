import Assistant
import SceneIntents
import SceneIntentsFeatures

/// What saying something came to.
public enum SpokenResult: Sendable, Equatable {
    /// The assistant carried out a request (the words, or a voice shortcut's intent).
    case answered(AssistantOutcome)
    /// A voice shortcut's activity was continued in a scene of the app.
    case continuedInApp(session: String, reply: String?)
    /// A voice shortcut's activity could not be continued; why.
    case notContinued(String)

    /// The lines the user hears.
    public var dialog: [String] {
        switch self {
        case .answered(let outcome): outcome.dialog
        case .continuedInApp(_, let reply): reply.map { [$0] } ?? []
        case .notContinued(let reason): [reason]
        }
    }
}

extension ShortcutsStore {
    /// Says `words` to the assistant: when they are a voice shortcut's phrase, its shortcut
    /// runs — an intent with its stored parameters (configured ones are not asked again; the
    /// app still resolves them), an activity continued in the app; otherwise the assistant
    /// interprets the words with its vocabulary.
    public func say(_ words: String, to assistant: Assistant, connection: any AppConnection) async -> SpokenResult {
        guard let shortcut = voiceShortcut(matching: words) else { return .answered(await assistant.perform(.utterance(words))) }
        assistant.trace.record(.interpret, "voice shortcut \(shortcut)")
        switch shortcut.suggestion.shortcut {
        case .intent(let intent):
            return .answered(await assistant.perform(.intent(AnyIntentRequest(intent))))
        case .userActivity(let activity):
            do {
                let continuation = try await connection.continueInApp(activity)
                assistant.trace.record(.continuation, "continued in \(continuation.sessionIdentifier)")
                return .continuedInApp(session: continuation.sessionIdentifier, reply: continuation.reply)
            } catch {
                assistant.trace.record(.continuation, "failed: \(error)")
                return .notContinued("\(error)")
            }
        }
    }
}
