import Foundation
import SceneIntents
import SceneIntentsFeatures
import SceneIntentsTesting

/// "Ping N times": `count` is configurable; `secret` is resolvable only (never in a shortcut).
struct PingIntent: Intent {
    static let typeName = "Ping"
    var count: Int?
    var secret: String?
    init() {}
    init(count: Int?) { self.count = count }
    static let schema = IntentSchema<PingIntent>(
        handler: (any PingHandling).self,
        parameters: [
            .value("count", \.count, flags: [.resolvable, .configurable], resolve: { (handler: any PingHandling, intent) in .notRequired }),
            .value("secret", \.secret, flags: [.resolvable], resolve: { (handler: any PingHandling, intent) in .notRequired }),
        ],
        handle: { _, _ in .success })
}

/// An intent kept for old shortcuts only.
struct OldIntent: Intent {
    static let typeName = "Old"
    static let isDeprecated = true
    init() {}
    static let schema = IntentSchema<OldIntent>(handler: (any PingHandling).self, parameters: [], handle: { _, _ in .success })
}

@MainActor protocol PingHandling: AnyObject {}

/// What the actions draw on: the lines shown, in order.
@MainActor
final class Board: Sendable {
    var shown: [String] = []
}

struct PingInput: Sendable, Equatable, CustomStringConvertible {
    var count: Int?
    var description: String { count.map { "count: \($0)" } ?? "no count" }
}

/// Pings: an intent action with a route, `test://ping?count=N`.
struct PingAction: IntentAction {
    static let name = "Ping"
    static let suggestedInvocationPhrase = "Ping me"
    static var route: ActionRoute<PingInput>? {
        ActionRoute(
            path: "ping",
            parse: { query throws(DispatchError) in
                guard let text = query.optional("count") else { return PingInput() }
                guard let count = Int(text), count > 0 else {
                    throw DispatchError(.invalidValue, value: text, "count must be a whole number above 0, not '\(text)'")
                }
                return PingInput(count: count)
            },
            format: { input in input.count.map { [("count", String($0))] } ?? [] })
    }

    @MainActor
    func perform(_ input: PingInput, presenter: Board) async throws(ActionFailure) -> ActionCompletion {
        let text = String(repeating: "ping ", count: input.count ?? 1).trimmingCharacters(in: .whitespaces)
        presenter.shown.append(text)
        return ActionCompletion(summary: text, values: ["pong": text])
    }

    func intent(for input: PingInput) -> PingIntent { PingIntent(count: input.count) }
    func input(from intent: PingIntent) -> PingInput { PingInput(count: intent.count) }
    func donationGroup(for input: PingInput) -> String? { "pings" }
}

/// Always fails.
struct BrokenAction: IntentAction {
    static let name = "Broken"
    static let suggestedInvocationPhrase = "Break"
    @MainActor
    func perform(_ input: NoInput, presenter: Board) async throws(ActionFailure) -> ActionCompletion {
        throw ActionFailure(.failed, "it is broken")
    }
    func intent(for input: NoInput) -> OldIntent { OldIntent() }
    func input(from intent: OldIntent) -> NoInput { .noInput }
}

/// Takes two seconds of the injected clock, off the main actor.
struct SlowAction: Action {
    static let name = "Slow"
    let clock: ManualClock

    @concurrent
    func perform(_ input: NoInput, presenter: Board) async throws(ActionFailure) -> ActionCompletion {
        do { try await clock.sleep(for: .seconds(2)) } catch { throw ActionFailure(.cancelled, "cancelled") }
        return ActionCompletion(summary: "slept")
    }
}

/// An action with an optional input: `nil` is a real input here, never confused with no input.
struct MaybeAction: Action {
    static let name = "Maybe"
    @MainActor
    func perform(_ input: Int?, presenter: Board) async throws(ActionFailure) -> ActionCompletion {
        ActionCompletion(summary: input.map(String.init) ?? "nothing given")
    }
}

/// One gated action per requirement kind.
protocol Gate { static var requirement: FeatureRequirement { get } }
enum PermissionGate: Gate { static let requirement = FeatureRequirement.permission("microphone") }
enum PurchaseGate: Gate { static let requirement = FeatureRequirement.purchase("pro") }
enum ToggleGate: Gate { static let requirement = FeatureRequirement.userToggle("sync") }
enum FlagGate: Gate { static let requirement = FeatureRequirement.runtimeFlag("beta") }

struct GatedAction<G: Gate>: Action {
    static var name: String { "Gated-\(G.requirement)" }
    @MainActor
    func perform(_ input: NoInput, presenter: Board) async throws(ActionFailure) -> ActionCompletion {
        presenter.shown.append(Self.name)
        return ActionCompletion(summary: "done")
    }
}

enum GatedFeature<G: Gate>: Feature {
    static var name: String { "Gated \(G.requirement)" }
    static var actions: [any Action.Type] { [GatedAction<G>.self] }
    static var requirements: [FeatureRequirement] { [G.requirement] }
}

enum PingFeature: Feature {
    static let name = "Pings"
    static var actions: [any Action.Type] { [PingAction.self, BrokenAction.self, SlowAction.self, MaybeAction.self] }
}

let testGroup = FeatureGroup(
    "Test",
    features: [
        PingFeature.self, GatedFeature<PermissionGate>.self, GatedFeature<PurchaseGate>.self, GatedFeature<ToggleGate>.self,
        GatedFeature<FlagGate>.self,
    ])

/// A manifest listing `activityTypes` in `NSUserActivityTypes`.
func manifest(activityTypes: [String] = ["Ping", "Old"]) -> AppManifest {
    AppManifest(intentsSupported: ["Ping", "Old"], userActivityTypes: activityTypes)
}

/// A dispatcher on a manual clock whose outlet collects messages; donations are numbered.
@MainActor
func makeDispatcher(
    clock: ManualClock = ManualClock(), conditions: FeatureConditions = FeatureConditions(), activityTypes: [String] = ["Ping", "Old"]
) -> (ActionDispatcher, Outbox) {
    var number = 0
    let dispatcher = ActionDispatcher(
        group: testGroup, manifest: manifest(activityTypes: activityTypes), scheme: "test", conditions: conditions, clock: clock,
        makeIdentifier: {
            number += 1
            return "d\(number)"
        }, now: { Date(timeIntervalSince1970: 0) })
    let outbox = Outbox()
    dispatcher.outlet = { outbox.messages.append($0) }
    return (dispatcher, outbox)
}

/// The messages a dispatcher sent.
@MainActor
final class Outbox {
    var messages: [ShortcutsMessage] = []
    var donations: [Interaction] {
        messages.compactMap { if case .donate(let interaction, _) = $0 { interaction } else { nil } }
    }
}
