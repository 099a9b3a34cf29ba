import Assistant
import AssistantShortcuts
import SceneIntents
import SceneIntentsTesting
import Synchronization
import Testing

/// A chime whose handle does not await: its handler answers at once.
struct ChimeIntent: Intent {
    static let typeName = "ChimeIntent"
    static let schema = IntentSchema<ChimeIntent>(
        handler: Chimes.self, parameters: [], handle: { chimes, _ in chimes.ring("chime") })
}

/// A chime whose handle awaits first: its handler is awaited.
struct PausedChimeIntent: Intent {
    static let typeName = "PausedChimeIntent"
    static let schema = IntentSchema<PausedChimeIntent>(
        handler: Chimes.self, parameters: [],
        handle: { chimes, _ in
            await Task.yield()
            return chimes.ring("paused chime")
        })
}

@MainActor
final class Chimes: ApplicationDelegate {
    var rung: [String] = []
    func ring(_ what: String) -> IntentResponse {
        rung.append(what)
        return .success
    }
    func application(_ application: Application, handlerFor intent: AnyIntent) -> Any? { self }
}

/// What a call's sinks heard, in order.
final class Heard: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// A connection that wraps the app's (here, the voice shortcuts one) starts every call through
/// the one `start`, so a handler that answers at once is still answered in the caller's job.
@MainActor
struct WrappedDeliveryTests {
    let chimes = Chimes()
    let host: IntentHost
    let app: InProcessConnection
    let connection: VoiceShortcutConnection
    let scratch = Scratch()

    init() throws {
        let names = [ChimeIntent.typeName, PausedChimeIntent.typeName]
        let manifest = AppManifest(intentsSupported: names)
        let catalog = try IntentCatalog([ChimeIntent.self, PausedChimeIntent.self])
        let chimes = chimes
        host = IntentHost(application: Application(manifest: manifest, delegate: { chimes }), catalog: catalog)
        app = InProcessConnection(host: host, appName: "Chimes")
        let store = try openStore(scratch.path, manifest: manifest, catalog: catalog)
        connection = VoiceShortcutConnection(app, store: store, appPhrases: Vocabulary())
    }

    /// Starts `phase` of `intent` as request `request`, from the main actor; what was heard by
    /// the time `start` returned, and how to cancel it.
    func start(_ intent: AnyIntent, _ phase: PhaseCall.Phase, request: UInt64, heard: Heard) -> (CallCancellation, [String]) {
        let work = connection.start(
            PhaseCall(request: request, intent: intent, phase: phase), from: MainActor.shared,
            progress: { heard.append("step \($0.phase) → \(Self.words($0.answer))") }, reply: { heard.append("answer \(Self.words($0))") })
        return (work, heard.all)
    }

    /// An answer in a few words.
    nonisolated static func words(_ answer: PhaseAnswer) -> String {
        switch answer {
        case .response(let response): "response \(response.code)"
        case .progressed(let intent, let steps): "progressed \(intent.typeName) \(steps.map { "\($0.phase)" })"
        default: "\(answer)"
        }
    }

    @Test func theOneStartAnswersAtOnceOrAsATaskAsTheHandlerAnswers() async throws {
        defer { scratch.remove() }
        let atOnce = Heard()
        let (work, early) = start(AnyIntent(ChimeIntent()), .proceed(parameters: []), request: 1, heard: atOnce)
        // Its steps, then its answer, all heard before `start` returned.
        #expect(early == [
            "step confirm → response ready", "step handle → response success",
            "answer progressed ChimeIntent [\"confirm\", \"handle\"]",
        ])
        guard case .answered = work else {
            Issue.record("a handler that answers at once was not answered before start returned: \(work)")
            return
        }
        let awaited = Heard()
        let (task, none) = start(AnyIntent(PausedChimeIntent()), .handle, request: 2, heard: awaited)
        #expect(none == [], "the paused handler has not answered yet")
        guard case .task(let running) = task else {
            Issue.record("a handler that awaits was answered before start returned: \(task)")
            return
        }
        await running.value
        #expect(awaited.all == ["answer response success"])
        #expect(chimes.rung == ["chime", "paused chime"])
        #expect(app.mainActorRoundTrips == 2)
        for request: UInt64 in [1, 2] {
            let finish = Heard()
            let (done, heard) = start(AnyIntent(ChimeIntent()), .finish, request: request, heard: finish)
            #expect(heard == ["answer finished"])
            if case .answered = done {} else { Issue.record("a finish awaited: \(done)") }
        }
        #expect(leftInFlight(host: host) == [])
    }
}
