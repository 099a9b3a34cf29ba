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
        await host.answer(phase, intent, request: request)
    }

    @Test func launchesTheAppInTheBackgroundWithNoSceneForAnIntent() async throws {
        let app = Kitchen.application(fallback: { _ in ScriptedSoupHandler() })
        let recorder = LifecycleRecorder(app)
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await call(host, .resolve(parameter: "soup"), soup)
        #expect(answer == .resolved([ParameterResolution.success(AnyParameterValue(Soup("tomato", "Tomato")))]))
        #expect(recorder.take() == [
            "app willFinishLaunching intent", "app didFinishLaunching intent", "app handlerFor OrderSoupIntent",
        ])
        #expect(app.isRunning && app.connectedScenes.isEmpty && app.applicationState == .background)
        _ = await call(host, .finish, soup)
        #expect(leftInFlight(host: host, recorder: recorder) == [])
    }

    /// Every kind of resolution result, named for the test's arguments.
    enum ResultKind: CaseIterable, Sendable {
        case success, disambiguation, confirmationRequired, needsValue, notRequired, unsupported
    }

    @Test(arguments: ResultKind.allCases)
    func everyResolutionKindCrossesTheHost(_ kind: ResultKind) async throws {
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
        // Built by hand, not with the host's own conversion (`ParameterResolution.init(_:)`).
        let expected: ParameterResolution =
            switch kind {
            case .success: .success(AnyParameterValue(tomato))
            case .disambiguation: .disambiguation([AnyParameterValue(tomato), AnyParameterValue(pea)])
            case .confirmationRequired: .confirmationRequired(AnyParameterValue(pea))
            case .needsValue: .needsValue
            case .notRequired: .notRequired
            case .unsupported: .unsupported(reason: "soldOut")
            }
        #expect(expected.isSettled == (kind == .success || kind == .notRequired))
        #expect(answer == .resolved([expected]))
        #expect(await call(host, .finish, soup) == .finished)
        #expect(leftInFlight(host: host) == [])
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
            ParameterResolution.success(AnyParameterValue("croutons")),
            ParameterResolution.unsupported(reason: nil),
        ]))
        _ = await call(host, .finish, OrderSoupIntent())
        #expect(leftInFlight(host: host) == [])
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
        #expect(leftInFlight(host: host) == [])
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
        #expect(made == 2)
        #expect(leftInFlight(host: host) == [])
    }

    @Test func nilFromHandlerForIsNotHandled() async throws {
        let app = Kitchen.application(fallback: nil)
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await call(host, .handle, soup)
        #expect(answer == .refused(IntentHostError(.notHandled, intent: "OrderSoupIntent")))
        #expect(leftInFlight(host: host) == [])
    }

    @Test func aHandlerOfTheWrongTypeIsATypedErrorNamingBoth() async throws {
        final class NotAHandler {}
        let app = Kitchen.application(fallback: { _ in NotAHandler() })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await call(host, .handle, soup)
        #expect(answer == .refused(IntentHostError(
            .wrongHandlerType, intent: "OrderSoupIntent", detail: "NotAHandler (expected OrderSoupIntentHandling)")))
        #expect(answer.refusalLine == "handlerFor returned a NotAHandler (expected OrderSoupIntentHandling) for OrderSoupIntent, which is not a handler of it")
        #expect(leftInFlight(host: host) == [])
    }

    @Test func aThrowingHandlerBecomesAFailureNamingTheError() async throws {
        struct Burnt: Error, CustomStringConvertible { var description: String { "the soup burnt" } }
        let handler = ScriptedSoupHandler()
        handler.handling = { _ in throw Burnt() }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await call(host, .handle, soup)
        #expect(answer == .refused(IntentHostError(.handlerThrew, intent: "OrderSoupIntent", detail: "the soup burnt")))
        #expect(leftInFlight(host: host) == [])
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
        #expect(leftInFlight(host: host) == [])
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
        #expect(leftInFlight(host: host) == [])
    }

    @Test func intentsNotInTheManifestAreRefusedWithoutLaunching() async throws {
        let app = Kitchen.application(fallback: { _ in ScriptedSoupHandler() })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await call(host, .handle, UnlistedIntent())
        #expect(answer == .refused(IntentHostError(.notInManifest, intent: "UnlistedIntent")))
        #expect(!app.isRunning)
        #expect(leftInFlight(host: host) == [])
    }

    @Test func restrictedIntentsAreRefusedWhileLockedAndServedWhenUnlocked() async throws {
        let device = Device(isLocked: true)
        let handler = ScriptedSoupHandler()
        let app = Kitchen.application(device: device, fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        #expect(await call(host, .handle, OpenSafeIntent()) == .refused(IntentHostError(.restrictedWhileLocked, intent: "OpenSafeIntent")))
        #expect(!app.isRunning)
        #expect(await call(host, .handle, soup, request: 2) == .response(IntentResponse(
            code: ResponseCode(rawValue: 100), values: ["quantity": "1", "soup": "Tomato"])))
        device.unlock()
        #expect(await call(host, .handle, OpenSafeIntent(), request: 3) == .response(.success))
        #expect(handler.calls == ["handle", "openSafe"])
        #expect(leftInFlight(host: host) == [])
    }

    @Test func anUnknownParameterAndAMissingOptionsProviderAreTypedErrors() async throws {
        let app = Kitchen.application(fallback: { _ in ScriptedSoupHandler() })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        #expect(await call(host, .resolve(parameter: "spoon"), soup) == .refused(IntentHostError(.unknownParameter, intent: "OrderSoupIntent", detail: "spoon")))
        #expect(await call(host, .provideOptions(parameter: "quantity", searchTerm: nil, page: .all), soup, request: 2) == .refused(IntentHostError(.noOptionsProvider, intent: "OrderSoupIntent", detail: "quantity")))
        _ = await call(host, .finish, soup, request: 1)
        _ = await call(host, .finish, soup, request: 2)
        #expect(leftInFlight(host: host) == [])
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
        #expect(leftInFlight(host: host) == [])
    }

    @Test func anAppWithMultipleScenesOffCannotLaunchForIntents() async throws {
        let app = Kitchen.application(multipleScenes: false, fallback: { _ in ScriptedSoupHandler() })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        #expect(await call(host, .handle, soup) == .refused(IntentHostError(.multipleScenesRequired, intent: "OrderSoupIntent")))
        #expect(throws: ApplicationError.invalidManifest(ManifestError(code: .intentsNeedMultipleScenes, key: "INIntentsSupported"))) {
            try app.launch(.user)
        }
        #expect(leftInFlight(host: host) == [])
    }
}

/// Collects host reports from any thread.
final class ReportLog: Sendable {
    private let reports = Mutex<[AppReport]>([])
    func append(_ report: AppReport) { reports.withLock { $0.append(report) } }
    var all: [AppReport] { reports.withLock { $0 } }
}

extension PhaseAnswer {
    /// A refusal's message, for checking what a user or developer reads.
    var refusalLine: String? {
        guard case .refused(let error) = self else { return nil }
        return error.description
    }
}

extension IntentHost {
    /// Answers one phase of `request` for `intent`.
    func answer(_ phase: PhaseCall.Phase, _ intent: some Intent, request: UInt64 = 1) async -> PhaseAnswer {
        await answer(PhaseCall(request: request, intent: AnyIntent(intent), phase: phase))
    }
}
