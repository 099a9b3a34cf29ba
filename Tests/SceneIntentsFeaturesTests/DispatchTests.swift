import Foundation
import SceneIntents
import SceneIntentsFeatures
import SceneIntentsTesting
import Testing

@Suite("One dispatch path")
@MainActor
struct DispatchTests {
    @Test("UI, URL, activity and intent reach the same perform and give the same timeline entries")
    func fourEntryPoints() async throws {
        let (dispatcher, outbox) = makeDispatcher()
        let board = Board()
        try dispatcher.register(PingAction()) { board }
        let input = PingInput(count: 2)
        try await dispatcher.perform(PingAction(), input, presenter: board)
        try await dispatcher.open("test://ping?count=2")
        try await dispatcher.continueActivity(dispatcher.activity(for: PingAction.self, input))
        let (_, response) = try await dispatcher.handle(AnyIntent(PingIntent(count: 2)))

        let entries = dispatcher.timeline.entries
        #expect(entries.map(\.entryPoint) == [.userInterface, .url("test://ping?count=2"), .userActivity("Ping"), .intent("Ping")])
        #expect(entries.map(\.sequence) == [1, 2, 3, 4])
        #expect(entries.map(\.donation) == (1...4).map { .donated(identifier: "d\($0)") })
        let same = entries.map { entry in
            var entry = entry
            (entry.sequence, entry.entryPoint, entry.donation) = (0, .userInterface, .notDonated)
            return entry
        }
        #expect(Set(same.map(\.description)).count == 1)
        #expect(same[0].outcome == .completed(ActionCompletion(summary: "ping ping", values: ["pong": "ping ping"])))
        #expect(board.shown == ["ping ping", "ping ping", "ping ping", "ping ping"])
        #expect(response == IntentResponse(code: .success, values: ["pong": "ping ping"]))
        // Each performance's line went to the system (for the trace) after its donation.
        #expect(outbox.messages.count == 8)
        if case .performed(let line) = outbox.messages[1] { #expect(line == entries[0].description) } else { Issue.record("no line") }
    }

    @Test("an activity continued by the assistant gives its input through the interaction's intent")
    func activityWithInteraction() async throws {
        let (dispatcher, _) = makeDispatcher()
        let board = Board()
        try dispatcher.register(PingAction()) { board }
        var content = UserActivity.Content(activityType: "Ping")
        content.interaction = Interaction(
            intent: AnyIntent(PingIntent(count: 3)), response: nil, identifier: "i", handlingStatus: .deferredToApplication,
            date: Date(timeIntervalSince1970: 0))
        let entry = try await dispatcher.continueActivity(UserActivity(content: content))
        #expect(entry.input == "count: 3")
        #expect(board.shown == ["ping ping ping"])
    }

    @Test("an activity of an unknown type, or carrying no input, is refused with nothing performed")
    func badActivities() async throws {
        let (dispatcher, _) = makeDispatcher()
        try dispatcher.register(PingAction()) { Board() }
        try dispatcher.register(SlowAction(clock: ManualClock())) { Board() }
        await #expect(throws: DispatchError(.unknownActivityType, value: "Nope", "no registered action continues 'Nope' activities")) {
            try await dispatcher.continueActivity(UserActivity(activityType: "Nope"))
        }
        try dispatcher.register(MaybeAction()) { Board() }
        let error = await #expect(throws: DispatchError.self) { try await dispatcher.continueActivity(UserActivity(activityType: "Maybe")) }
        #expect(error?.code == .activityWithoutInput)
        #expect(dispatcher.timeline.entries.isEmpty)
    }

    @Test("the duration comes from the injected clock; a background action runs off the main actor")
    func durationFromClock() async throws {
        let clock = ManualClock()
        let (dispatcher, _) = makeDispatcher(clock: clock)
        let board = Board()
        let performing = Task { try await dispatcher.perform(SlowAction(clock: clock), presenter: board) }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        let entry = try await performing.value
        #expect(entry.start == .zero)
        #expect(entry.duration == .seconds(2))
        #expect(entry.outcome == .completed(ActionCompletion(summary: "slept")))
        #expect(entry.donation == .notDonated)
        #expect(clock.sleeperCount == 0)
    }

    @Test("an optional input's nil is an input; NoInput's only value is .noInput")
    func inputs() async throws {
        let (dispatcher, _) = makeDispatcher()
        let board = Board()
        let none = try await dispatcher.perform(MaybeAction(), nil, presenter: board)
        let some = try await dispatcher.perform(MaybeAction(), 4, presenter: board)
        #expect(none.input == "nil" && none.outcome == .completed(ActionCompletion(summary: "nothing given")))
        #expect(some.outcome == .completed(ActionCompletion(summary: "4")))
        #expect(NoInput.noInput.description == "no input")
    }

    @Test("an action no feature of the group declares is refused")
    func undeclared() async throws {
        let (dispatcher, _) = makeDispatcher()
        struct Stray: Action {
            static let name = "Stray"
            func perform(_ input: NoInput, presenter: Board) async throws(ActionFailure) -> ActionCompletion { .init(summary: "") }
        }
        await #expect(throws: DispatchError(.undeclaredAction, value: "Stray", "no feature of the group Test declares the action Stray")) {
            try await dispatcher.perform(Stray(), presenter: Board())
        }
        #expect(throws: DispatchError.self) { try dispatcher.register(Stray()) { Board() } }
        #expect(dispatcher.timeline.entries.isEmpty)
    }

    @Test("two actions cannot share a route, an activity type or an intent")
    func duplicates() throws {
        let (dispatcher, _) = makeDispatcher()
        try dispatcher.register(PingAction()) { Board() }
        try dispatcher.register(PingAction()) { Board() }  // the same action again replaces itself
        struct Echo: Action {
            static let name = "Echo"
            static var route: ActionRoute<NoInput>? { .plain("ping") }
            func perform(_ input: NoInput, presenter: Board) async throws(ActionFailure) -> ActionCompletion { .init(summary: "") }
        }
        enum EchoFeature: Feature {
            static let name = "Echo"
            static var actions: [any Action.Type] { [Echo.self] }
        }
        let group = FeatureGroup("Echoes", features: [PingFeature.self, EchoFeature.self])
        let echoing = ActionDispatcher(group: group, manifest: manifest(), scheme: "test", clock: ManualClock())
        try echoing.register(PingAction()) { Board() }
        #expect(throws: DispatchError(.duplicateRegistration, value: "Echo", "Echo cannot take the route 'ping': Ping has it")) {
            try echoing.register(Echo()) { Board() }
        }
    }

    @Test("no presenter: the performance fails, named, and perform is not called")
    func noPresenter() async throws {
        let (dispatcher, outbox) = makeDispatcher()
        try dispatcher.register(PingAction()) { nil }
        let entry = try await dispatcher.open("test://ping")
        #expect(entry.outcome == .failed(ActionFailure(.noPresenter, value: "Ping", "Ping has nothing to present its result with now")))
        #expect(outbox.donations.isEmpty)
    }
}
