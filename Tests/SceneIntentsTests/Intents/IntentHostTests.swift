import SceneIntents
import SceneIntentsTesting
import Synchronization
import TestFixtures
import Testing

@MainActor
struct IntentHostTests {
    let soup = OrderSoupIntent(soup: Soup("tomato", "Tomato"))

    func call(_ host: IntentHost, _ phase: PhaseCall.Phase, _ intent: some Intent, request: UInt64 = 1) async
        -> PhaseAnswer
    {
        await host.answer(PhaseCall(request: request, intent: AnyIntent(intent), phase: phase))
    }

    @Test func launchesTheAppInTheBackgroundWithNoSceneForAnIntent() async throws {
        let app = Kitchen.application(fallback: { _ in ScriptedSoupHandler() })
        let recorder = LifecycleRecorder(app)
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await call(host, .resolve(parameter: "soup"), soup)
        #expect(answer == .resolved([ParameterResolution(kind: .success, values: [AnyParameterValue(Soup("tomato", "Tomato"))])]))
        #expect(recorder.take() == [
            "app willFinishLaunching intent", "app didFinishLaunching intent", "app handlerFor OrderSoupIntent",
        ])
        #expect(app.isRunning && app.connectedScenes.isEmpty && app.applicationState == .background)
    }

    @Test(arguments: ParameterResolution.Kind.allCases)
    func everyResolutionKindCrossesTheHost(_ kind: ParameterResolution.Kind) async throws {
        let handler = ScriptedSoupHandler()
        let tomato = Soup("tomato", "Tomato")
        let pea = Soup("pea", "Pea")
        let typed: ResolutionResult<Soup> =
            switch kind {
            case .success: .success(with: tomato)
            case .disambiguation: .disambiguation(with: [tomato, pea])
            case .confirmationRequired: .confirmationRequired(with: pea)
            case .needsValue: .needsValue
            case .notRequired: .notRequired
            case .unsupported: .unsupported(forReason: SoupUnsupportedReason.soldOut)
            }
        handler.soup = { _ in typed }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await call(host, .resolve(parameter: "soup"), soup)
        #expect(answer == .resolved([ParameterResolution(typed)]))
        guard case .resolved(let results) = answer else { return }
        #expect(results[0].kind == kind)
        if kind == .unsupported { #expect(results[0].reason == "soldOut") }
        if kind == .disambiguation { #expect(results[0].values.map(\.displayItem.title) == ["Tomato", "Pea"]) }
    }

    @Test func multiValueParametersResolveItemByItem() async throws {
        let handler = ScriptedSoupHandler()
        handler.toppings = { intent in
            (intent.toppings ?? []).map { $0 == "gold leaf" ? .unsupported : .success(with: $0) }
        }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await call(host, .resolve(parameter: "toppings"), OrderSoupIntent(toppings: ["croutons", "gold leaf"]))
        #expect(answer == .resolved([
            ParameterResolution(kind: .success, values: [AnyParameterValue("croutons")]),
            ParameterResolution(kind: .unsupported),
        ]))
    }

    @Test func optionsConfirmAndHandleAnswerThroughTheHost() async throws {
        let handler = ScriptedSoupHandler()
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let options = await call(host, .provideOptions(parameter: "soup", searchTerm: "on", page: .all), soup)
        #expect(options == .options(ObjectCollection(items: [AnyParameterValue(Soup.menu[4])])))
        #expect(await call(host, .confirm, soup) == .response(.ready))
        let handled = await call(host, .handle, soup)
        #expect(handled == .response(IntentResponse(code: ResponseCode(rawValue: 100), values: ["quantity": "1", "soup": "Tomato"])))
        #expect(handler.calls == ["provideSoupOptions(on)", "confirm", "handle"])
        #expect(host.requestsInFlight == 0)
    }

    @Test func oneHandlerServesEveryPhaseOfARequest() async throws {
        var made = 0
        let app = Kitchen.application(fallback: { _ in
            made += 1
            return ScriptedSoupHandler()
        })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        _ = await call(host, .resolve(parameter: "soup"), soup, request: 7)
        _ = await call(host, .confirm, soup, request: 7)
        #expect(host.requestsInFlight == 1)
        _ = await call(host, .handle, soup, request: 7)
        #expect(made == 1)
        #expect(host.requestsInFlight == 0)
        _ = await call(host, .confirm, soup, request: 8)
        #expect(await call(host, .finish, soup, request: 8) == .finished)
        #expect(made == 2 && host.requestsInFlight == 0)
    }

    @Test func nilFromHandlerForIsNotHandled() async throws {
        let app = Kitchen.application(fallback: nil)
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await call(host, .handle, soup)
        #expect(answer == .refused(IntentHostError(.notHandled, intent: "OrderSoupIntent")))
    }

    @Test func aHandlerOfTheWrongTypeIsATypedErrorNamingBoth() async throws {
        final class NotAHandler {}
        let app = Kitchen.application(fallback: { _ in NotAHandler() })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await call(host, .handle, soup)
        guard case .refused(let error) = answer else {
            Issue.record("expected a refusal, got \(answer)")
            return
        }
        #expect(error.code == .wrongHandlerType)
        #expect(error.intent == "OrderSoupIntent")
        #expect(error.detail?.contains("NotAHandler") == true)
        #expect(error.detail?.contains("OrderSoupIntentHandling") == true)
    }

    @Test func aThrowingHandlerBecomesAFailureNamingTheError() async throws {
        struct Burnt: Error, CustomStringConvertible { var description: String { "the soup burnt" } }
        let handler = ScriptedSoupHandler()
        handler.handling = { _ in throw Burnt() }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await call(host, .handle, soup)
        #expect(answer == .refused(IntentHostError(.handlerThrew, intent: "OrderSoupIntent", detail: "the soup burnt")))
        #expect(host.requestsInFlight == 0)
    }

    @Test func aSecondCompletionIsIgnoredAndReported() async throws {
        let handler = ScriptedSoupHandler()
        handler.handling = { _ in
            try await withIntentCompletion { completion in
                completion(.success)
                completion(.failure)
            }
        }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let reports = ReportLog()
        host.onReport = { reports.append($0) }
        let answer = await call(host, .handle, soup)
        #expect(answer == .response(.success))
        #expect(reports.all.map(\.kind) == [.launchedForIntent, .secondAnswerIgnored])
        #expect(reports.all.last?.detail == "OrderSoupIntent handle")
    }

    @Test func aCompletionAnsweredLaterStillAnswersOnce() async throws {
        let handler = ScriptedSoupHandler()
        handler.handling = { _ in
            try await withIntentCompletion { completion in
                Task { @MainActor in
                    completion(.inProgress)
                    completion(.success)
                }
            }
        }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let reports = ReportLog()
        host.onReport = { reports.append($0) }
        #expect(await call(host, .handle, soup) == .response(.inProgress))
        #expect(reports.all.map(\.kind).filter { $0 == .secondAnswerIgnored }.count == 1)
    }

    @Test func intentsNotInTheManifestAreRefusedWithoutLaunching() async throws {
        let app = Kitchen.application(fallback: { _ in ScriptedSoupHandler() })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await call(host, .handle, UnlistedIntent())
        #expect(answer == .refused(IntentHostError(.notInManifest, intent: "UnlistedIntent")))
        #expect(!app.isRunning)
    }

    @Test func restrictedIntentsAreRefusedWhileLockedAndServedWhenUnlocked() async throws {
        let device = Device(isLocked: true)
        let handler = ScriptedSoupHandler()
        let app = Kitchen.application(device: device, fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        #expect(await call(host, .handle, OpenSafeIntent()) == .refused(IntentHostError(.restrictedWhileLocked, intent: "OpenSafeIntent")))
        #expect(!app.isRunning)
        #expect(await call(host, .handle, soup, request: 2) != .refused(IntentHostError(.restrictedWhileLocked, intent: "OrderSoupIntent")))
        device.unlock()
        #expect(await call(host, .handle, OpenSafeIntent(), request: 3) == .response(.success))
        #expect(handler.calls.last == "openSafe")
    }

    @Test func anUnknownParameterAndAMissingOptionsProviderAreTypedErrors() async throws {
        let app = Kitchen.application(fallback: { _ in ScriptedSoupHandler() })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        #expect(await call(host, .resolve(parameter: "spoon"), soup) == .refused(IntentHostError(.unknownParameter, intent: "OrderSoupIntent", detail: "spoon")))
        #expect(await call(host, .provideOptions(parameter: "quantity", searchTerm: nil, page: .all), soup, request: 2) == .refused(IntentHostError(.noOptionsProvider, intent: "OrderSoupIntent", detail: "quantity")))
    }

    @Test func continueInAppWithoutAnActivityGetsOneCarryingTheInteraction() async throws {
        let handler = ScriptedSoupHandler()
        handler.handling = { _ in .continueInApp }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await call(host, .handle, soup, request: 4)
        guard case .response(let response) = answer, let activity = response.userActivity else {
            Issue.record("expected a response with an activity, got \(answer)")
            return
        }
        #expect(response.code == .continueInApp)
        #expect(activity.activityType == "OrderSoupIntent")
        #expect(activity.interaction?.intent == AnyIntent(soup))
        #expect(activity.interaction?.intentResponse?.code == .continueInApp)
        #expect(activity.interaction?.intentHandlingStatus == .deferredToApplication)
        #expect(activity.interaction?.identifier == "interaction-4")
    }

    @Test func anAppWithMultipleScenesOffCannotLaunchForIntents() async throws {
        let app = Kitchen.application(multipleScenes: false, fallback: { _ in ScriptedSoupHandler() })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        #expect(await call(host, .handle, soup) == .refused(IntentHostError(.multipleScenesRequired, intent: "OrderSoupIntent")))
        #expect(throws: ApplicationError.invalidManifest(ManifestError(code: .intentsNeedMultipleScenes, key: "INIntentsSupported"))) {
            try app.launch(.user)
        }
    }
}

/// Collects host reports from any thread.
final class ReportLog: Sendable {
    private let reports = Mutex<[HostReport]>([])
    func append(_ report: HostReport) { reports.withLock { $0.append(report) } }
    var all: [HostReport] { reports.withLock { $0 } }
}


@MainActor
struct ProceedTests {
    func proceed(_ host: IntentHost, _ intent: OrderSoupIntent, log: ReportLog? = nil) async -> PhaseAnswer {
        let steps = StepLog()
        let answer = await host.answer(
            PhaseCall(request: 1, intent: AnyIntent(intent), phase: .proceed(parameters: ["soup", "quantity", "toppings"])),
            progress: { steps.append($0) })
        if case .progressed(_, let reported) = answer { #expect(reported == steps.all, "every step is reported as it completes") }
        return answer
    }

    /// The steps of a `progressed` answer; nil for any other answer.
    static func steps(of answer: PhaseAnswer) -> [PhaseStep]? {
        guard case .progressed(_, let steps) = answer else { return nil }
        return steps
    }

    @Test func withNothingForTheUserItResolvesConfirmsAndHandlesInOneCall() async throws {
        let handler = ScriptedSoupHandler()
        handler.soup = { intent in .success(with: Soup("tomato", "Tomato (large)")) }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await proceed(host, OrderSoupIntent(soup: Soup("tomato", "Tomato")))
        let steps = try #require(Self.steps(of: answer))
        guard case .progressed(let intent, _) = answer else { return }
        #expect(steps.map(\.phase) == [.resolve(parameter: "soup"), .resolve(parameter: "quantity"), .resolve(parameter: "toppings"), .confirm, .handle])
        #expect(handler.calls == ["resolveSoup", "resolveQuantity", "resolveToppings", "confirm", "handle"])
        #expect(intent.as(OrderSoupIntent.self)?.soup?.name == "Tomato (large)", "resolved values are taken into the intent")
        #expect(host.requestsInFlight == 0)
    }

    @Test func itStopsAtTheFirstAnswerThatNeedsTheUser() async throws {
        let handler = ScriptedSoupHandler()
        handler.quantity = { _ in .needsValue }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await proceed(host, OrderSoupIntent(soup: Soup("tomato", "Tomato")))
        let steps = try #require(Self.steps(of: answer))
        #expect(steps.map(\.phase) == [.resolve(parameter: "soup"), .resolve(parameter: "quantity")])
        #expect(steps.last?.answer == .resolved([ParameterResolution(kind: .needsValue)]))
        #expect(host.requestsInFlight == 1, "the request goes on with the same handler")
    }

    @Test func aConfirmationOtherThanReadyEndsIt() async throws {
        let handler = ScriptedSoupHandler()
        handler.confirmation = { _ in .failure }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await proceed(host, OrderSoupIntent(soup: Soup("tomato", "Tomato")))
        let steps = try #require(Self.steps(of: answer))
        #expect(steps.last == PhaseStep(phase: .confirm, answer: .response(.failure)))
        #expect(!handler.calls.contains("handle"))
    }
}

/// Collects reported steps from any thread.
final class StepLog: Sendable {
    private let steps = Mutex<[PhaseStep]>([])
    func append(_ step: PhaseStep) { steps.withLock { $0.append(step) } }
    var all: [PhaseStep] { steps.withLock { $0 } }
}
