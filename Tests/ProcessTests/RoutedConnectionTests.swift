import Assistant
import AssistantService
import Foundation
import SceneIntents
import SceneIntentsTesting
import SceneIntentsTransport
import TestFixtures
import Testing

/// An installed app with an intents extension, each in its own process: which one handles a
/// request, and why. These tests start real processes and read the real clock only to wait for
/// a process.
@Suite(.serialized)
struct RoutedConnectionTests {
    /// The app's run state before the request.
    enum Before: String, CaseIterable, Sendable {
        case notRunning, background, foreground
    }

    /// Every cell of the routing table: app state × who lists the intent (OpenSafeIntent: only
    /// the app; UnlistedIntent: only the extension; OrderSoupIntent: both).
    static let table: [(Before, String, route: String, host: String)] = [
        (.notRunning, "OpenSafeIntent", "app: only the app lists the intent", "Kitchen"),
        (.background, "OpenSafeIntent", "app: only the app lists the intent", "Kitchen"),
        (.foreground, "OpenSafeIntent", "app: only the app lists the intent", "Kitchen"),
        (.notRunning, "UnlistedIntent", "extension Kitchen Intents: only the extension lists the intent", "Kitchen Intents"),
        (.background, "UnlistedIntent", "extension Kitchen Intents: only the extension lists the intent", "Kitchen Intents"),
        (.foreground, "UnlistedIntent", "extension Kitchen Intents: only the extension lists the intent", "Kitchen Intents"),
        (
            .notRunning, "OrderSoupIntent",
            "extension Kitchen Intents: the app is not running, so the lighter extension launches instead", "Kitchen Intents"
        ),
        (
            .background, "OrderSoupIntent",
            "extension Kitchen Intents: the app has no scene in the foreground, so the lighter extension serves",
            "Kitchen Intents"
        ),
        (.foreground, "OrderSoupIntent", "app: the app has a scene in the foreground", "Kitchen"),
    ]

    static func request(_ name: String) -> AssistantRequest {
        switch name {
        case "OpenSafeIntent": .intent(OpenSafeIntent())
        case "UnlistedIntent": .intent(UnlistedIntent())
        default: .intent(phoOrder)
        }
    }

    @Test(arguments: table.indices)
    func theRoutingTableWithRealProcesses(row: Int) async throws {
        let (before, intent, route, host) = Self.table[row]
        let kitchen = try RoutedKitchen()
        if before != .notRunning { #expect(await kitchen.connection.send(.open) == .done(output: nil)) }
        if before == .background { #expect(await kitchen.connection.send(.home) == .done(output: nil)) }
        let state: AppRunState = switch before {
        case .notRunning: .notRunning
        case .background: .background
        case .foreground: .foreground
        }
        #expect(await kitchen.connection.app.runState == state)
        kitchen.assistant.trace.clear()
        let outcome = await kitchen.assistant.perform(Self.request(intent))
        #expect(outcome.status == .success)
        #expect(kitchen.lines(.route) == ["\(intent) → Kitchen", "\(intent) → \(route)"])
        // The host that answered is the one that looked its handler up; only it was launched.
        let launched = kitchen.lines(.process).filter { $0.hasPrefix("connected") }
        let expected = host == "Kitchen" && before != .notRunning ? [] : ["connected after X ms: \(host) pid N"]
        #expect(launched == expected)
        #expect(kitchen.lines(.lifecycle).filter { $0.contains("handlerFor") } == ["app handlerFor \(intent)"])
        if intent == "OrderSoupIntent" {
            #expect(outcome.dialog == [host == "Kitchen" ? "2 Pho coming up." : "The extension ordered 2 Pho."])
        }
        #expect(kitchen.connection.requestsInFlight == 0)
        await kitchen.finish()
        #expect(await kitchen.noHostRuns())
    }

    /// The trace of a pho order with the app not running, up to the handle: the extension is
    /// launched for it and answers every phase.
    static let coldOrderInTheExtension = [
                "request: OrderSoupIntent",
                "route: OrderSoupIntent → Kitchen",
                "call: proceed(soup, quantity, toppings) budget 60s per step, first until 60s",
                "route: OrderSoupIntent → extension Kitchen Intents: the app is not running, so the lighter extension launches instead",
                "process: spawn \(BuiltProducts.executable("kitchen-extension")) pid N",
                "process: connected after X ms: Kitchen Intents pid N",
                "lifecycle: app handlerFor OrderSoupIntent",
                "result: resolve(soup) → success(Pho)",
                "result: resolve(quantity) → notRequired",
                "result: resolve(toppings) → notRequired",
                "result: confirm → response(ready)",
    ]

    @Test func aColdRequestListedByBothGoesToTheExtensionWithTheWholeStoryInTheTrace() async throws {
        let kitchen = try RoutedKitchen()
        let outcome = await kitchen.assistant.perform(.intent(phoOrder))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["The extension ordered 2 Pho."])
        #expect(
            kitchen.lines == Self.coldOrderInTheExtension + [
                "result: handle → response(success)",
                "say: The extension ordered 2 Pho.",
                "outcome: success",
            ])
        #expect(await kitchen.connection.app.processIdentifier == nil, "the app was not launched")
        #expect(kitchen.connection.requestsInFlight == 0)
        await kitchen.finish()
        #expect(await kitchen.noHostRuns())
    }

    @Test func anExtensionIsLaunchedPerRequestAndExitsAfterItsIdleTime() async throws {
        let kitchen = try RoutedKitchen(extensionIdleExit: .milliseconds(300))
        let first = await kitchen.assistant.perform(.intent(UnlistedIntent()))
        #expect(first.status == .success)
        // A real deadline: the extension's own idle timer ends it (bounded wait).
        #expect(await waitFor(within: .seconds(10)) { await kitchen.plugIn.processIdentifier == nil })
        let second = await kitchen.assistant.perform(.intent(UnlistedIntent()))
        #expect(second.status == .success)
        #expect(await waitFor(within: .seconds(10)) { await kitchen.plugIn.processIdentifier == nil })
        let spawn = "spawn \(BuiltProducts.executable("kitchen-extension")) pid N"
        #expect(
            kitchen.lines(.process) == [
                spawn, "connected after X ms: Kitchen Intents pid N", "Kitchen Intents (pid N) exited with status 0",
                spawn, "connected after X ms: Kitchen Intents pid N", "Kitchen Intents (pid N) exited with status 0",
            ])
        #expect(kitchen.connection.requestsInFlight == 0)
        await kitchen.finish()
        #expect(await kitchen.noHostRuns())
    }

    @Test func continueInAppFromTheExtensionLaunchesTheAppAndContinuesThere() async throws {
        let kitchen = try RoutedKitchen(mode: "continue")
        let outcome = await kitchen.assistant.perform(.intent(phoOrder))
        #expect(outcome.status == .continuedInApp)
        #expect(outcome.continuedInScene == "session-1")
        #expect(
            kitchen.lines == Self.coldOrderInTheExtension + [
                "result: handle → response(continueInApp, activity OrderSoupIntent)",
                "say: Opening Kitchen.",
                "process: spawn \(BuiltProducts.executable("kitchen-host")) pid N",
                "process: connected after X ms: Kitchen pid N",
                "lifecycle: app willFinishLaunching intent",
                "lifecycle: app didFinishLaunching intent",
                "lifecycle: app configurationForConnecting session-1",
                "lifecycle: session-1 willConnectTo",
                "lifecycle: Screen-session-1 viewDidLoad",
                "lifecycle: Screen-session-1 viewWillAppear",
                "lifecycle: session-1 sceneWillEnterForeground",
                "lifecycle: session-1 sceneDidBecomeActive",
                "lifecycle: Screen-session-1 viewDidAppear",
                "continuation: OrderSoupIntent continued in session-1",
                "outcome: continuedInApp",
            ])
        #expect(await kitchen.connection.app.runState == .foreground)
        #expect(kitchen.connection.requestsInFlight == 0)
        await kitchen.finish()
        #expect(await kitchen.noHostRuns())
    }

    @Test func systemEventsGoToTheAppAndLockAlsoToRunningExtensions() async throws {
        let kitchen = try RoutedKitchen()
        // Nothing runs: events that move scenes launch nothing.
        #expect(await kitchen.connection.send(.home) == .refused("Kitchen is not running"))
        #expect(await kitchen.noHostRuns())
        #expect(await kitchen.assistant.perform(.intent(UnlistedIntent())).status == .success)
        #expect(await kitchen.connection.send(.open) == .done(output: nil))
        // The extension refuses what needs a scene; the system goes to the app instead.
        #expect(await kitchen.plugIn.send(.open) == .refused("an intents extension has no scenes: the system continues in the app"))
        #expect(await kitchen.connection.send(.lock(isLocked: true)) == .done(output: nil))
        #expect(kitchen.device.isLocked)
        let locked = await kitchen.assistant.perform(.intent(OpenSafeIntent()))
        #expect(locked.status == .refused)
        #expect(await kitchen.connection.send(.lock(isLocked: false)) == .done(output: nil))
        kitchen.assistant.trace.clear()
        #expect(await kitchen.connection.send(.quit) == .done(output: nil))
        #expect(await kitchen.connection.app.processIdentifier == nil)
        #expect(
            kitchen.lines == [
                "lifecycle: session-1 sceneWillResignActive", "lifecycle: session-1 sceneDidEnterBackground",
                "lifecycle: session-1 stateRestorationActivity", "lifecycle: session-1 sceneDidDisconnect",
                "lifecycle: app willTerminate", "process: Kitchen (pid N) exited with status 0",
            ])
        #expect(await kitchen.plugIn.processIdentifier != nil, "quit ends the app, not its extension")
        #expect(kitchen.connection.requestsInFlight == 0)
        await kitchen.finish()
        #expect(await kitchen.noHostRuns())
    }

    @Test func anExtensionLaunchedByAUserSaysWhyAndExits64() async throws {
        let child = try ChildProcess.spawn(BuiltProducts.executable("kitchen-extension"), stderr: .null)
        #expect(await child.exit == .exited(64))
    }
}

/// Waits (on the real clock: another process is involved) until `condition` holds; false if it
/// still does not after `limit`.
func waitFor(within limit: Duration, _ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return await condition()
}
