import Assistant
import SceneIntents

/// An app, its intent host, an in-process connection and an assistant on a `ManualClock`, with a
/// scripted user: everything a test of an app's intent handling needs, made in one line.
///
/// ```swift
/// let harness = IntentTestHarness(application: makeApp(), catalog: catalog, appName: "Soup",
///                                 replies: [.text("pho")])
/// let outcome = await harness.perform(.utterance("order soup"))
/// #expect(harness.traceLines.contains("outcome: success"))
/// #expect(harness.leftInFlight() == [])
/// ```
///
/// The app is not running until a request launches it for the intent (in the background, no
/// scene) or the test calls `launchByUser()`. Time moves only when the test advances `clock`,
/// so a handler that never answers is ended by `advance(by:)` past its budget, deterministically.
@MainActor
public final class IntentTestHarness {
    /// The clock every budget reads.
    public let clock: ManualClock
    /// The user, answering prompts from the script it was given.
    public let user: ScriptedUser
    /// The app under test.
    public let application: Application
    /// The app's side of the boundary.
    public let host: IntentHost
    /// The assistant the test sends requests to.
    public let assistant: Assistant
    /// Every lifecycle callback, for tests that assert the UIKit order.
    public let recorder: LifecycleRecorder

    /// A harness for `application`, whose intents `catalog` defines.
    ///
    /// - Parameters:
    ///   - application: the app, not running yet.
    ///   - catalog: the app's intent types.
    ///   - appName: the name the assistant says.
    ///   - vocabulary: what utterances are interpreted with (empty: only `.intent` requests work).
    ///   - replies: the scripted user's replies, in order; once they run out it cancels.
    ///   - configuration: budgets, paging, patience.
    ///   - asInstalled: whether the assistant knows the app as a system knows an installed app,
    ///     from its intents' data, every call crossing the message codec
    ///     (`InstalledAppConnection`); a conversation must read the same either way.
    public init(
        application: Application, catalog: IntentCatalog, appName: String, vocabulary: Vocabulary = Vocabulary(),
        replies: [Reply] = [], configuration: AssistantConfiguration = AssistantConfiguration(), asInstalled: Bool = false
    ) {
        let clock = ManualClock()
        self.clock = clock
        self.application = application
        user = ScriptedUser(replies)
        recorder = LifecycleRecorder(application)
        host = IntentHost(application: application, catalog: catalog)
        let connection = InProcessConnection(host: host, appName: appName)
        assistant = Assistant(
            connection: asInstalled ? InstalledAppConnection(connection) : connection, user: user, device: application.device,
            clock: .sleeping(on: clock), vocabulary: vocabulary, configuration: configuration)
    }

    /// Carries out one request and answers how it ended.
    public func perform(_ request: AssistantRequest) async -> AssistantOutcome {
        await assistant.perform(request)
    }

    /// Starts one request as a task of its own, for a test that moves the clock or releases a
    /// `HandlerGate` while it runs; await the task's value for the outcome.
    public func start(_ request: AssistantRequest) -> Task<AssistantOutcome, Never> {
        let assistant = assistant
        return Task { await assistant.perform(request) }
    }

    /// The user opens the app (launch, first scene, foreground active).
    public func launchByUser() throws {
        try application.userOpensApp()
    }

    /// Moves the clock on once `sleepers` tasks (budget timers, handlers sleeping on the clock)
    /// wait on it, so the advance never races the request it is meant to end.
    ///
    /// The wait reads no wall clock: if fewer sleepers ever come (a request that failed early),
    /// it lasts until the task is cancelled. Give such a suite `.timeLimit(.minutes(1))`, so a
    /// mistake fails the test instead of hanging it.
    public func advance(by duration: Duration, once sleepers: Int = 1) async {
        await clock.waitForSleepers(sleepers)
        clock.advance(by: duration)
    }

    /// The trace's lines without their instants (`"kind: detail"`), for whole-trace assertions.
    public var traceLines: [String] { TraceText.lines(of: assistant.trace) }

    /// What is still open: the host's requests, the user's unused replies, callbacks the test
    /// never took from `recorder`. End each test with `#expect(harness.leftInFlight() == [])`.
    public func leftInFlight() -> [String] {
        SceneIntentsTesting.leftInFlight(host: host, user: user, recorder: recorder)
    }
}
