import Assistant
import AssistantShortcuts
import SceneIntents

/// The app chosen for an utterance through one of the daemon's front doors (`assistant`'s
/// socket, Wyoming), or why none is.
enum AppChoice {
    /// `app` takes the words, borrowed until ``Daemon/perform(_:with:on:)`` gives it back;
    /// `admitted` when the words are within the assistant's limit (the app becomes the user's
    /// current one).
    case chosen(ServedApp, admitted: Bool)
    /// No app takes the words: none is served, or only an app no longer served reads them.
    case refused(DaemonError)
}

extension Daemon {
    /// The app for `text`: the one whose words read it best, ties going to `current` (an app's
    /// bundle identifier); words no app reads (or too long to read) go to `current`, else the
    /// first app, whose assistant says so. Borrowed until ``perform(_:with:on:)`` ends.
    func choose(_ text: String, preferring current: String?) -> AppChoice {
        // Words the assistant will refuse are not matched against every app first.
        let admitted = Admission.refusal(of: text) == nil
        var read = false
        // Held until the request ends: an app replaced or removed meanwhile finishes it.
        let app = borrow { apps in
            let chosen = admitted ? AppChooser.choose(text, among: apps, preferring: current) : nil
            read = chosen != nil
            return chosen ?? apps.first(where: { $0.bundle.identifier == current }) ?? apps.first
        }
        // Words only an app no longer served reads are for it: said so, not handed to another.
        if admitted, !read, let withdrawal = served.withdrawal(reading: text) {
            if let app { giveBack(app) }
            return .refused(DaemonError(.unknownApp, value: Admission.shortened(text), message: withdrawal.message))
        }
        guard let app else {
            return .refused(DaemonError(.noApps, value: Admission.shortened(text), message: "assistantd serves no app; see `assistant apps`"))
        }
        return .chosen(app, admitted: admitted)
    }

    /// A new assistant for `app`, speaking to `user`, sharing the app's host and the device;
    /// where the app's shortcuts are kept, its voice shortcuts run through it (the user's own
    /// `VoiceShortcutConnection` over the app's connection).
    func makeAssistant(for app: ServedApp, user: any UserAgent) -> AppAssistant {
        var assistantConfiguration = configuration.assistant
        assistantConfiguration.dialogs = app.dialogs
        let voice = app.shortcuts.map { VoiceShortcutConnection(app.connection, store: $0.store, appPhrases: app.vocabulary) }
        let assistant = Assistant(
            connection: voice ?? app.connection, user: user, device: device, clock: configuration.budgetClock(),
            vocabulary: voice?.vocabulary() ?? app.vocabulary, configuration: assistantConfiguration)
        return AppAssistant(assistant: assistant, voice: voice)
    }

    /// Has `assistant` carry out `text` on `app` (chosen by ``choose(_:preferring:)``), gives the
    /// app back, and keeps the request's trace as the daemon's last; answers the outcome and the
    /// trace. Runs on the caller's actor.
    nonisolated(nonsending) func perform(_ text: String, with user: AppAssistant, on app: ServedApp) async
        -> (outcome: AssistantOutcome, trace: [TraceEvent])
    {
        defer { giveBack(app) }
        let assistant = user.assistant
        let mark = assistant.trace.count
        // The app's host is shared: its process and lifecycle events go to the trace of the
        // request that last began on it.
        let connection: any AppConnection = user.voice ?? app.connection
        connection.attach(assistant.trace)
        let request: AssistantRequest
        if let voice = user.voice {
            // The voice shortcuts as they are now (recorded since by this or another client).
            assistant.setVocabulary(voice.vocabulary())
            request = voice.request(for: text)
        } else {
            request = .utterance(text)
        }
        let outcome = await assistant.perform(request)
        let events = assistant.trace.events(from: mark)
        noteTrace(events)
        return (outcome, events)
    }
}

/// One user's assistant for one app, and the connection that runs that user's voice shortcuts
/// (nil where the daemon keeps no shortcuts for the app).
struct AppAssistant {
    let assistant: Assistant
    let voice: VoiceShortcutConnection?
}
