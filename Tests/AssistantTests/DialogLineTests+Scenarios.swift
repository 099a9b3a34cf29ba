import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

struct KitchenFailure: Error {}

extension DialogLineTests {
    static let tomato = Soup("tomato", "Tomato")

    /// The whole dialog of a request that says `line`, with the assistant saying `dialogs`; each
    /// scenario ends with nothing left in flight.
    func dialog(saying line: DialogLine, with dialogs: DialogTable) async throws -> [String] {
        var configuration = AssistantConfiguration()
        configuration.dialogs = dialogs
        switch line {
        case .unknownIntent: return try await kitchen(.utterance("bake a cake"), configuration)
        case .notInManifest: return try await kitchen(.intent(UnlistedIntent()), configuration)
        case .multipleScenesRequired:
            let app = Kitchen.application(multipleScenes: false)
            let host = IntentHost(application: app, catalog: try Kitchen.catalog())
            let assistant = Assistant(
                connection: InProcessConnection(host: host, appName: "Kitchen"), user: ScriptedUser(), device: Device(),
                clock: .sleeping(on: ManualClock()), configuration: configuration)
            let outcome = await assistant.perform(.intent(OrderSoupIntent(soup: Self.tomato)))
            #expect(leftInFlight(host: host) == [])
            return outcome.dialog
        case .restrictedWhileLocked:
            return try await kitchen(.intent(OpenSafeIntent()), configuration) { rig in rig.device.lock() }
        case .notHandled:
            let rig = try Rig(configuration: configuration, fallback: { _ in nil })
            return await finished(rig, await rig.perform(.intent(OpenSafeIntent())))
        case .hostStopped:
            let rig = try Rig(configuration: configuration)
            let assistant = Assistant(
                connection: StoppedConnection(rig.connection), user: rig.user, device: rig.device,
                clock: .sleeping(on: rig.clock), configuration: configuration)
            return await finished(rig, await assistant.perform(.intent(OrderSoupIntent(soup: Self.tomato))))
        case .couldNotDo:
            return try await kitchen(.intent(OrderSoupIntent(soup: Self.tomato)), configuration) { rig in
                rig.handler.handling = { _ in throw KitchenFailure() }
            }
        case .timedOut: return try await timedOut(configuration)
        case .cancelled: return try await kitchen(.intent(OrderSoupIntent()), configuration, replies: [.cancel])
        case .gaveUp:
            configuration.maxReasks = 0
            return try await kitchen(.intent(OrderSoupIntent(soup: Self.tomato)), configuration) { rig in
                rig.handler.soup = { _ in .unsupported }
            }
        case .couldNotOpen:
            let rig = try Rig(configuration: configuration)
            rig.handler.handling = { _ in .continueInApp }
            let assistant = Assistant(
                connection: RefusingContinuationConnection(rig.connection), user: rig.user, device: rig.device,
                clock: .sleeping(on: rig.clock), configuration: configuration)
            return await finished(rig, await assistant.perform(.intent(OrderSoupIntent(soup: Self.tomato))))
        case .done: return try await responding(.success, configuration)
        case .openingApp: return try await responding(.continueInApp, configuration)
        case .working: return try await responding(.inProgress, configuration)
        case .continueInApp: return try await responding(.failureRequiringAppLaunch, configuration)
        case .whichDidYouMean: return try await kitchen(.utterance("open the tomato"), configuration, replies: [.pick(1)])
        case .whichOne:
            // Handle asks a choice with no words of its own, then answers once it is chosen.
            return try await kitchen(.intent(OrderSoupIntent(soup: Self.tomato)), configuration, replies: [.pick(2)]) { rig in
                rig.handler.handling = { _ in
                    guard CallContext.chosen(among: ["Bowl", "Cup"]) == 1 else { throw IntentQuestion(.choice(options: ["Bowl", "Cup"])) }
                    return .success
                }
            }
        case .stillDidNotUnderstand:
            return try await kitchen(.utterance("open the tomato"), configuration, replies: [.text("neither")])
        case .didNotUnderstand:
            return try await kitchen(.utterance("xyzzy"), configuration) { rig in rig.assistant.setVocabulary(Vocabulary()) }
        case .didNotUnderstandSuggesting: return try await kitchen(.utterance("xyzzy"), configuration)
        case .valuePrompt, .confirmationPrompt, .unsupported, .outOfBounds, .didNotGetValue:
            return try await stock(counting: line, dialogs)
        case .intentConfirmationPrompt:
            let rig = try StockRig([.yes], dialogs: dialogs)
            let outcome = await rig.assistant.perform(.intent(RestockIntent()))
            #expect(outcome.status == .success)
            #expect(leftInFlight(host: rig.host, user: rig.user) == [])
            return outcome.dialog
        case .continueInForegroundPrompt:
            // Handle asks for the app in front (confirmed, with no words of its own), then
            // answers once it is: the scene continued the activity in between.
            return try await kitchen(.intent(OrderSoupIntent(soup: Self.tomato)), configuration, replies: [.yes]) { rig in
                var asked = false
                rig.handler.handling = { _ in
                    if asked { return .success }
                    asked = true
                    throw IntentQuestion(.foreground(activity: UserActivity(activityType: "OrderSoupIntent"), confirm: true))
                }
            }
        case .pickIntroduction, .othersHeading, .sayMore, .allOfThem, .outOfRange, .notReadYet, .notOneOfThem, .several:
            return try await stock(picking: line, dialogs)
        }
    }

    private func kitchen(
        _ request: AssistantRequest, _ configuration: AssistantConfiguration, replies: [Reply] = [],
        setUp: (Rig) async -> Void = { _ in }
    ) async throws -> [String] {
        let rig = try Rig(replies, configuration: configuration)
        await setUp(rig)
        return await finished(rig, await rig.perform(request))
    }

    private func responding(_ code: ResponseCode, _ configuration: AssistantConfiguration) async throws -> [String] {
        try await kitchen(.intent(OrderSoupIntent(soup: Self.tomato)), configuration) { rig in
            rig.handler.handling = { _ in IntentResponse(code: code) }
        }
    }

    private func timedOut(_ configuration: AssistantConfiguration) async throws -> [String] {
        let rig = try Rig(configuration: configuration)
        let (gate, entered) = (Gate(), Signal())
        rig.handler.handling = { _ in
            entered.raise()
            await gate.wait()
            return .success
        }
        let assistant = rig.assistant
        let task = Task { await assistant.perform(.intent(OrderSoupIntent(soup: Self.tomato))) }
        await entered.wait()
        await rig.clock.waitForSleepers(1)
        rig.clock.advance(by: .seconds(10))
        let outcome = await task.value
        gate.open()
        #expect(await rig.traceEventually { $0.hasPrefix("late:") })
        return await finished(rig, outcome)
    }

    private func finished(_ rig: Rig, _ outcome: AssistantOutcome) async -> [String] {
        _ = rig.recorder.take()
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
        return outcome.dialog
    }

    /// The count's lines: asked for, confirmed, refused, out of its bounds, not understood.
    private func stock(counting line: DialogLine, _ dialogs: DialogTable) async throws -> [String] {
        let replies: [Reply] =
            switch line {
            case .confirmationPrompt: [.yes]
            case .didNotGetValue: [.text("lots"), .text("2")]
            default: [.text("2")]
            }
        let rig = try StockRig(replies, dialogs: dialogs)
        switch line {
        case .confirmationPrompt: rig.handler.count = { $0.count == nil ? .confirmationRequired(with: 5) : .success(with: 5) }
        case .unsupported: rig.handler.count = { $0.count == 7 ? .unsupported : .accepting($0.count) }
        default: rig.handler.count = { .accepting($0.count) }
        }
        let given: Int? =
            switch line {
            case .unsupported: 7
            case .outOfBounds: 50
            default: nil
            }
        let outcome = await rig.assistant.perform(.intent(StockIntent(count: given)))
        #expect(outcome.status == .success)
        #expect(leftInFlight(host: rig.host, user: rig.user) == [])
        return outcome.dialog
    }

    /// The picking lines: a page of fruit, sections, "more", numbers and words.
    private func stock(picking line: DialogLine, _ dialogs: DialogTable) async throws -> [String] {
        let fruit = StockHandler.fruit
        let replies: [Reply] =
            switch line {
            case .allOfThem: [.more, .more, .pick(1)]
            case .outOfRange: [.pick(9), .pick(1)]
            case .notReadYet: [.pick(4), .pick(1)]
            case .notOneOfThem: [.text("xylophone"), .pick(1)]
            case .several: [.text("ap"), .pick(1)]
            default: [.pick(1)]
            }
        let rig = try StockRig(replies, dialogs: dialogs)
        switch line {
        case .othersHeading: rig.handler.offering([fruit[0], fruit[2], DisplayItem(identifier: "Zucchini", title: "Zucchini")])
        case .sayMore, .allOfThem, .notReadYet: rig.handler.offering(fruit)
        default: rig.handler.offering(Array(fruit.prefix(3)))
        }
        let outcome = await rig.assistant.perform(.intent(StockIntent()))
        #expect(outcome.status == .success)
        #expect(outcome.intent?.as(StockIntent.self)?.item == fruit[0])
        #expect(leftInFlight(host: rig.host, user: rig.user) == [])
        return outcome.dialog
    }
}
