import Assistant
import SceneIntents
import Synchronization

/// The app connection an assistant uses when voice shortcuts should run: it passes everything
/// to the app's own connection, and when the words just heard were a voice shortcut's phrase,
/// every call of the request they start carries the shortcut's stored parameters.
///
/// How a phrase is recognised stays the assistant's business: give it `vocabulary()` (the app's
/// phrases and every voice shortcut's phrase, for the shortcut's intent). Turn each line the
/// user says into the assistant's request with `request(for:)`. The app then sees the configured
/// parameters as given (its resolution keeps them: they are not asked again), and resolves
/// the others as usual.
public final class VoiceShortcutConnection: AppConnection {
    private struct Armed {
        var shortcut: VoiceShortcut
        var intent: AnyIntent
        var request: UInt64?
    }

    private let base: any AppConnection
    private let store: ShortcutsStore
    private let appPhrases: Vocabulary
    private let armed = Mutex<Armed?>(nil)
    private let slot = TraceSlot()

    /// A connection running `store`'s voice shortcuts over `base`.
    public init(_ base: any AppConnection, store: ShortcutsStore, appPhrases: Vocabulary) {
        self.base = base
        self.store = store
        self.appPhrases = appPhrases
    }

    /// The app's name.
    public var appName: String { base.appName }
    /// The app's manifest.
    public var manifest: AppManifest { base.manifest }
    /// The app's intents.
    public var catalog: IntentCatalog { base.catalog }

    /// The app's phrases, then each intent voice shortcut's phrase for its intent.
    public func vocabulary() -> Vocabulary {
        store.vocabulary(over: appPhrases)
    }

    /// What the assistant should do with words the user said: `.userActivity` for a voice
    /// shortcut made from an activity (the app is brought forward to continue it), else
    /// `.utterance(words)`. When they are an intent voice shortcut's phrase, the next request for
    /// its intent runs with its parameters; anything else disarms it.
    public func request(for words: String) -> AssistantRequest {
        guard let shortcut = store.voiceShortcut(matching: words) else {
            armed.withLock { $0 = nil }
            return .utterance(words)
        }
        switch shortcut.suggestion.shortcut {
        case .intent(let intent):
            armed.withLock { $0 = Armed(shortcut: shortcut, intent: intent, request: nil) }
            return .utterance(words)
        case .userActivity(let activity):
            armed.withLock { $0 = nil }
            return .userActivity(activity)
        }
    }

    /// Starts the call on the app, with the armed shortcut's parameters filled in when it is a
    /// call of the shortcut's request.
    public func start(
        _ call: PhaseCall, from isolation: (any Actor)?, progress: @escaping @Sendable (PhaseStep) -> Void,
        reply: @escaping @Sendable (PhaseAnswer) -> Void
    ) -> CallCancellation {
        var call = call
        let first = armed.withLock { armed -> VoiceShortcut? in
            guard var current = armed, current.intent.typeName == call.intent.typeName,
                current.request == nil || current.request == call.request
            else { return nil }
            call.intent = Self.filling(call.intent, from: current.intent, catalog: base.catalog)
            defer { current.request = call.request; armed = current }
            return current.request == nil ? current.shortcut : nil
        }
        if let first {
            let line = "voice shortcut “\(first.phrase)” → \(ShortcutOffers.summary(of: first.suggestion.shortcut, catalog: catalog))"
            slot.trace?.record(.interpret, line)
        }
        return base.start(call, from: isolation, progress: progress, reply: reply)
    }

    /// Continues an activity in the app.
    public func continueInApp(_ activity: UserActivity) async throws -> Continuation {
        try await base.continueInApp(activity)
    }

    /// Records in `trace`, as the app's connection does.
    public func attach(_ trace: Trace?) {
        slot.trace = trace
        base.attach(trace)
    }

    /// Interrupts the app's scenes, as the app's connection does.
    public func beginInterruption() async throws -> Bool { try await base.beginInterruption() }
    /// Ends the interruption.
    public func endInterruption() async throws -> Bool { try await base.endInterruption() }

    /// `intent` with every parameter it leaves unset taken from `stored`.
    static func filling(_ intent: AnyIntent, from stored: AnyIntent, catalog: IntentCatalog) -> AnyIntent {
        guard let descriptor = catalog.descriptor(named: intent.typeName) else { return intent }
        var filled = intent
        for parameter in descriptor.parameters where descriptor.values(of: parameter.name, in: filled) == nil {
            guard let values = descriptor.values(of: parameter.name, in: stored),
                let updated = descriptor.setting(parameter.name, to: values, in: filled)
            else { continue }
            filled = updated
        }
        return filled
    }
}
