import Assistant
import SceneIntents
import SceneIntentsTesting
import Synchronization
import TestFixtures

/// A kitchen app, its host and an assistant on a manual clock, with a scripted user.
@MainActor
final class Rig {
    let clock = ManualClock()
    let device = Device()
    let handler = ScriptedSoupHandler()
    let user: ScriptedUser
    let app: Application
    let host: IntentHost
    let connection: InProcessConnection
    let assistant: Assistant
    let recorder: LifecycleRecorder

    /// A rig; `fallback` replaces what `handlerFor` answers when no screen has a handler (by
    /// default, `handler`).
    init(
        _ replies: [Reply] = [], configuration: AssistantConfiguration = AssistantConfiguration(),
        fallback: (@MainActor (AnyIntent) -> Any?)? = nil
    ) throws {
        user = ScriptedUser(replies)
        let handler = handler
        app = Kitchen.application(device: device, fallback: fallback ?? { _ in handler })
        recorder = LifecycleRecorder(app)
        host = IntentHost(application: app, catalog: try Kitchen.catalog())
        connection = InProcessConnection(host: host, appName: "Kitchen")
        assistant = Assistant(
            connection: connection, user: user, device: device, clock: .sleeping(on: clock),
            vocabulary: try Self.vocabulary(), configuration: configuration)
    }

    /// The callbacks of a launch for an intent: what most requests to the kitchen record.
    static let launch = ["app willFinishLaunching intent", "app didFinishLaunching intent", "app handlerFor OrderSoupIntent"]

    static func vocabulary() throws -> Vocabulary {
        var vocabulary = Vocabulary()
        try vocabulary.addPhrase("order ${soup} soup", intent: "OrderSoupIntent")
        try vocabulary.addPhrase("i want ${soup}", intent: "OrderSoupIntent")
        try vocabulary.addPhrase("order soup", intent: "OrderSoupIntent")
        try vocabulary.addPhrase("open the safe", intent: "OpenSafeIntent")
        try vocabulary.addPhrase("open the ${soup}", intent: "OpenSafeIntent")
        try vocabulary.addPhrase("open the ${soup}", intent: "OrderSoupIntent")
        try vocabulary.addPhrase("bake a cake", intent: "BakeIntent")
        vocabulary.setEntities(Soup.menu.map { Entity(identifier: $0.identifier, name: $0.name) }, forSlot: "soup")
        return vocabulary
    }

    func perform(_ request: AssistantRequest) async -> AssistantOutcome {
        await assistant.perform(request)
    }

    func order(_ intent: OrderSoupIntent = OrderSoupIntent()) async -> AssistantOutcome {
        await assistant.perform(.intent(intent))
    }

    /// Lets other tasks run until a trace line satisfies `condition`; false if none does within a
    /// bounded number of turns (no wall clock involved).
    func traceEventually(_ condition: (String) -> Bool) async -> Bool {
        for _ in 0..<10_000 {
            if traceLines.contains(where: condition) { return true }
            await Task.yield()
        }
        return false
    }

    /// The trace's lines without their instants.
    var traceLines: [String] {
        assistant.trace.events.map { "\($0.kind.rawValue): \($0.detail)" }
    }
}

/// A connection whose app cannot continue an activity: everything else goes to `base`.
final class RefusingContinuationConnection: WrappingConnection {
    struct Refusal: Error, CustomStringConvertible {
        var description: String { "the scene could not continue OrderSoupIntent: it is not in NSUserActivityTypes" }
    }

    let base: any AppConnection
    init(_ base: any AppConnection) { self.base = base }

    func continueInApp(_ activity: UserActivity) async throws -> Continuation { throw Refusal() }
    func beginInterruption() async throws -> Bool { try await base.beginInterruption() }
    func endInterruption() async throws -> Bool { try await base.endInterruption() }
    func start(
        _ call: PhaseCall, from isolation: (any Actor)?, progress: @escaping @Sendable (PhaseStep) -> Void,
        reply: @escaping @Sendable (PhaseAnswer) -> Void
    ) -> CallCancellation {
        base.start(call, from: isolation, progress: progress, reply: reply)
    }
}

/// A user who is asked, then answers only when the test opens the gate.
final class GatedUser: UserAgent {
    let asked = Signal()
    let gate = Gate()
    let reply: Reply
    init(_ reply: Reply) { self.reply = reply }
    func hear(_ line: String) async {}
    func answer(_ prompt: Prompt) async -> Reply {
        asked.raise()
        await gate.wait()
        return reply
    }
}

/// Things a main-actor handler saw, for a test to read afterwards.
@MainActor
final class Log<Value> {
    var all: [Value] = []
    func append(_ value: Value) { all.append(value) }
}

/// A test connection that changes some of what `base` does: its name, manifest, catalog and
/// trace are `base`'s.
protocol WrappingConnection: AppConnection {
    var base: any AppConnection { get }
}

extension WrappingConnection {
    var appName: String { base.appName }
    var manifest: AppManifest { base.manifest }
    var catalog: IntentCatalog { base.catalog }
    func attach(_ trace: Trace?) { base.attach(trace) }
}
