import AppIntentsFixtures
import TimersKit
import Assistant
import Foundation
import SceneAppIntents
import SceneIntents
import SceneIntentsTesting
import Testing

/// The routes a run may take.
struct RouteOptions: DynamicOptionsProvider {
    func results() async throws -> [String] { ["River Loop", "Hill Climb", "Park Run"] }
}

/// An intent with a parameter of every kind of value: a measurement in a default unit, a date,
/// options from a provider, enum arrays and plain values with defaults, an optional URL.
struct PlanRunIntent: AppIntent {
    static let title: LocalizedStringResource = "Plan a Run"

    @Parameter(title: "Distance", defaultUnit: UnitLength.kilometers) var distance: Measurement<UnitLength>
    @Parameter(title: "Start") var start: Date
    @Parameter(title: "Route", optionsProvider: RouteOptions()) var route: String
    @Parameter(title: "Sounds", default: [.chime, .bell]) var sounds: [TimerSound]
    @Parameter(title: "Pace", default: 5.5) var pace: Double
    @Parameter(title: "Public", default: true) var isPublic: Bool
    @Parameter(title: "Link") var link: URL?

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let when = Calendar.current.dateComponents([.hour, .minute], from: start)
        let plan = "\(distance.value) \(distance.unit.symbol) on \(route) at \(when.hour ?? 0):\(when.minute ?? 0), pace \(pace), "
            + "\(sounds.map(\.rawValue).joined(separator: " and ")), \(isPublic ? "public" : "private"), \(link?.host ?? "no link")."
        return .result(dialog: "\(plan)")
    }
}

/// Paces, the steady one taken when none is said.
struct PaceOptions: DynamicOptionsProvider {
    func results() async throws -> [String] { ["Easy", "Steady", "Fast"] }
    func defaultResult() async -> String? { "Steady" }
}

/// A pace from the provider's default, and one whose declared default comes first.
struct PickPaceIntent: AppIntent {
    static let title: LocalizedStringResource = "Pick a Pace"
    @Parameter(title: "Pace", optionsProvider: PaceOptions()) var pace: String
    @Parameter(title: "Finish", default: "Fast", optionsProvider: PaceOptions()) var finish: String

    func perform() async throws -> some IntentResult & ProvidesDialog {
        .result(dialog: "\(pace), then \(finish).")
    }
}

/// A scene delegate that shows nothing.
@MainActor
final class PlainSceneDelegate: SceneDelegate {}

@MainActor
struct AppIntentValueTests {
    static func harness(_ replies: [Reply], intents types: [any AppIntent.Type] = [PlanRunIntent.self]) -> IntentTestHarness {
        let intents = AppIntentsCatalog(types, dependencies: AppDependencyManager())
        let application = Application(
            manifest: intents.manifest(sceneConfigurations: [.windowApplication: [SceneConfiguration(name: "Default", delegateClassName: "Plain")]]),
            sceneDelegates: ["Default": { PlainSceneDelegate() }], delegate: { AppIntentsAppDelegate(intents: intents) })
        return IntentTestHarness(application: application, catalog: intents.catalog, appName: "Runs", replies: replies)
    }

    @Test func everyKindOfValueIsAskedForReadAndHandedToPerform() async throws {
        let harness = Self.harness([.text("5"), .text("2026-12-01 07:30"), .text("hill")])
        let outcome = await harness.perform(.intent(AppIntentsCatalog.request(PlanRunIntent())))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == [
            "What's the distance?", "What's the start?", "What's the route?", "5.0 km on Hill Climb at 7:30, pace 5.5, chime and bell, public, no link.",
        ])
        #expect(harness.traceLines.filter { $0.hasPrefix("result: resolve") || $0.hasPrefix("result: provideOptions") } == [
            "result: resolve(distance) → needsValue", "result: resolve(distance) → success(5.0 km)", "result: resolve(start) → needsValue",
            "result: resolve(start) → success(2026-12-01 07:30)", "result: resolve(route) → needsValue",
            "result: provideOptions(route, \"hill\", from 0, 2) → options(1)", "result: resolve(route) → success(Hill Climb)",
            "result: resolve(sounds) → success(Chime); success(Bell)", "result: resolve(pace) → success(5.5)",
            "result: resolve(isPublic) → success(yes)", "result: resolve(link) → notRequired",
        ])
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }

    @Test func valuesGivenWithTheRequestAreTaken() async throws {
        let harness = Self.harness([])
        let intent = PlanRunIntent()
        intent.distance = Measurement(value: 3, unit: .miles)
        intent.start = try #require(Calendar.current.date(from: DateComponents(year: 2026, month: 12, day: 2, hour: 18, minute: 5)))
        intent.route = "Park Run"
        intent.sounds = [.harp]
        intent.isPublic = false
        intent.link = URL(string: "https://runs.example.com/park")
        let outcome = await harness.perform(.intent(AppIntentsCatalog.request(intent)))
        #expect(outcome.dialog == ["3.0 mi on Park Run at 18:5, pace 5.5, harp, private, runs.example.com."])
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }

    /// A parameter with no value takes its declared default, else its options provider's
    /// `defaultResult()`, and is not asked for; a value given wins over both.
    @Test func anOptionsProvidersDefaultResultIsTakenWhenNoValueIsGiven() async throws {
        let harness = Self.harness([], intents: [PickPaceIntent.self])
        let outcome = await harness.perform(.intent(AppIntentsCatalog.request(PickPaceIntent())))
        #expect(outcome.dialog == ["Steady, then Fast."])
        #expect(harness.traceLines.filter { $0.hasPrefix("result:") || $0.hasPrefix("prompt:") } == [
            "result: resolve(pace) → success(Steady)", "result: resolve(finish) → success(Fast)",
            "result: confirm → response(ready)", "result: handle → response(success)",
        ])
        let given = PickPaceIntent()
        given.pace = "Easy"
        given.finish = "Steady"
        #expect(await harness.perform(.intent(AppIntentsCatalog.request(given))).dialog == ["Easy, then Steady."])
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }

    @Test func theCatalogDescribesEachParameterAsTheEngineSeesIt() throws {
        let catalog = AppIntentsCatalog([PlanRunIntent.self]).catalog
        #expect(catalog.problems == [])
        let descriptor = try #require(catalog.descriptor(named: "PlanRunIntent"))
        #expect(descriptor.parameters.map { "\($0.name): \($0.valueTypeName)" } == [
            "distance: Measurement<UnitLength>", "start: Date", "route: String", "sounds: TimerSound", "pace: Double", "isPublic: Bool",
            "link: URL",
        ])
        #expect(descriptor.parameters.map(\.flags) == [
            [.resolvable, .configurable], [.resolvable, .configurable], [.resolvable, .configurable, .dynamicOptions, .searchable],
            [.resolvable, .configurable, .multiValue], [.resolvable, .configurable], [.resolvable, .configurable],
            [.resolvable, .configurable],
        ])
        #expect(descriptor.parameters.map(\.prompts.value) == [
            "What's the distance?", "What's the start?", "What's the route?", "What's the sounds?", "What's the pace?", "What's the public?",
            "What's the link?",
        ])
        #expect(descriptor.enumCases(of: "sounds")?.map(\.displayName) == [
            "Chime", "Bell", "Radar", "Beacon", "Bulletin", "Marimba", "Harp", "Silk",
        ])
    }
}
