import AssistantService
import Foundation
import Glibc
import SceneIntents
import SceneIntentsTesting
import SceneIntentsTransport
import Synchronization

import Testing

/// A session store that cannot be read in time never stops an app's launch: a FIFO in the place
/// of the app's file is named and skipped, and a store that does not answer is given up after
/// half the launch budget, on the connection's clock.
@Suite("Kept sessions the store cannot give")
struct SessionStoreFaultTests {
    static let app = "com.example.kitchen"

    @Test func aFIFOInPlaceOfTheAppsFileIsNamedAndTheAppLaunchesWithNoSessions() async throws {
        let folder = "/tmp/si-sessions-\(getpid())-\(OneTimeToken.generate().value.prefix(8))"
        let store = try SessionStore(directory: folder)
        #expect(mkfifo("\(folder)/\(Self.app).sessions", 0o600) == 0)
        let kitchen = try HostedKitchen(sessions: SessionKeeping(store: store, bundleIdentifier: Self.app))
        #expect(await kitchen.connection.send(.open) == .done(output: nil))
        #expect(await kitchen.connection.send(.command("restored")) == .done(output: "session-1 foregroundActive restored from nothing"))
        #expect(
            kitchen.lines(.process).filter { $0.hasPrefix("sessions of") }.prefix(2) == [
                "sessions of \(Self.app): skipped \(folder)/\(Self.app).sessions cannot be read (not a regular file): the app starts with no sessions",
                "sessions of \(Self.app): restore 0, discarded 0",
            ])
        await kitchen.finish()
        #expect(await kitchen.connection.processIdentifier == nil)
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test func aStoreThatDoesNotAnswerIsGivenUpAfterHalfTheLaunchBudget() async throws {
        let folder = "/tmp/si-sessions-\(getpid())-\(OneTimeToken.generate().value.prefix(8))"
        let store = HangingStore(try SessionStore(directory: folder))
        let clock = ManualClock()
        let kitchen = try HostedKitchen(
            hostBudget: .seconds(600), launchBudget: .seconds(60), graceClock: clock,
            sessions: SessionKeeping(store: store, bundleIdentifier: Self.app))
        defer { store.release() }
        async let opened = kitchen.connection.send(.open)
        // The store was asked at the spawn and hangs; once the host is connected, the launch's
        // deadline (also on this clock) is over, and the restoration's patience, counted from
        // the accept, is the one sleeper left.
        try #require(await pollUntil(within: .seconds(60)) { store.isHanging })
        try #require(await pollUntil(within: .seconds(60)) { kitchen.lines(.process).contains { $0.hasPrefix("connected after") } })
        await clock.waitForSleepers(1)
        #expect(!kitchen.lines(.process).contains { $0.hasPrefix("sessions of") })
        clock.advance(by: .seconds(30))
        #expect(await opened == .done(output: nil))
        #expect(await kitchen.connection.send(.command("restored")) == .done(output: "session-1 foregroundActive restored from nothing"))
        #expect(
            kitchen.lines(.process).filter { $0.hasPrefix("sessions of") }.prefix(2) == [
                "sessions of \(Self.app): not restored: the store did not answer within 30.0 seconds",
                "sessions of \(Self.app): saved session-1 unattached",
            ])
        await kitchen.finish()
        #expect(await kitchen.connection.processIdentifier == nil)
        #expect(clock.sleeperCount == 0)
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// A store whose `restoration(for:)` blocks (as on a hung disk) until `release()`.
private final class HangingStore: SessionStoring {
    private let store: SessionStore
    private let hanging = Atomic<Bool>(false)
    private let gate = DispatchSemaphore(value: 0)

    init(_ store: SessionStore) { self.store = store }

    /// Whether a restoration is blocked now.
    var isHanging: Bool { hanging.load(ordering: .acquiring) }

    func release() { gate.signal() }

    func restoration(for bundleIdentifier: String) throws(SessionStoreError) -> (restoration: SessionRestoration, skipped: [String]) {
        hanging.store(true, ordering: .releasing)
        gate.wait()
        hanging.store(false, ordering: .releasing)
        return try store.restoration(for: bundleIdentifier)
    }

    func apply(_ changes: [SessionChange], for bundleIdentifier: String) throws(SessionStoreError) {
        try store.apply(changes, for: bundleIdentifier)
    }

    func close(_ identifier: String, of bundleIdentifier: String) throws(SessionStoreError) -> Bool {
        try store.close(identifier, of: bundleIdentifier)
    }

    func forceQuit(_ bundleIdentifier: String) throws(SessionStoreError) {
        try store.forceQuit(bundleIdentifier)
    }
}
