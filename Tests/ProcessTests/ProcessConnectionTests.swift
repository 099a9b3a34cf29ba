import Assistant
import AssistantService
import Foundation
import SceneIntents
import SceneIntentsTesting
import SceneIntentsTransport
import SceneIntentsWire
import TestFixtures
import Testing

/// The app in its own process: spawn, hello, calls over the socket, faults. These tests start
/// real processes, so they read the real clock where a process must be waited for.
@Suite(.serialized)
struct ProcessConnectionTests {
    @Test func aColdRequestStartsTheHostAndChargesTheLaunchToTheFirstCall() async throws {
        // A generous budget: a cold spawn of a debug build on a loaded machine can take seconds.
        let kitchen = try HostedKitchen(budget: .seconds(60))
        let outcome = await kitchen.assistant.perform(.intent(phoOrder))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["2 Pho coming up."])
        let lines = kitchen.lines.map(withoutNumbers)
        let spawn = "process: spawn \(BuiltProducts.executable("kitchen-host")) pid N"
        #expect(
            Array(lines.prefix(12)) == [
                "request: OrderSoupIntent",
                "route: OrderSoupIntent → Kitchen",
                "call: proceed(soup, quantity, toppings) budget 60s per step, first until 60s",
                spawn,
                "process: connected after X ms: Kitchen pid N",
                "lifecycle: app willFinishLaunching intent",
                "lifecycle: app didFinishLaunching intent",
                "report: launchedForIntent: OrderSoupIntent",
                "lifecycle: app handlerFor OrderSoupIntent",
                "result: resolve(soup) → success(Pho)",
                "result: resolve(quantity) → notRequired",
                "result: resolve(toppings) → notRequired",
            ])
        #expect(lines.last == "outcome: success")
        #expect(await kitchen.connection.processIdentifier != nil)
        await kitchen.finish()
        #expect(await kitchen.connection.processIdentifier == nil)
        #expect(kitchen.user.remainingReplies.isEmpty)
    }

    @Test func theOverlayInterruptsTheAppsSceneAndContinueInAppBringsItForwardOverTheSocket() async throws {
        let kitchen = try HostedKitchen(mode: "continue")
        kitchen.connection.attach(kitchen.assistant.trace)
        #expect(await kitchen.connection.send(.open) == .done(output: nil))
        #expect(await kitchen.connection.send(.home) == .done(output: nil))
        #expect(await kitchen.connection.send(.open) == .done(output: nil))
        kitchen.assistant.trace.clear()
        let outcome = await kitchen.assistant.perform(.intent(phoOrder))
        #expect(outcome.status == .continuedInApp)
        #expect(outcome.continuedInScene == "session-1")
        // The overlay interrupts the active scene for the request, then the scene continues.
        #expect(
            kitchen.lines(.lifecycle) == [
                "session-1 sceneWillResignActive", "app handlerFor OrderSoupIntent", "session-1 sceneDidBecomeActive",
                "session-1 willContinueUserActivityWithType", "session-1 continue",
            ])
        #expect(kitchen.lines(.continuation) == ["OrderSoupIntent continued in session-1"])
        await kitchen.finish()
    }

    @Test func aHostThatDiesMidCallFailsTheCallAtOnceAndTheNextRequestStartsItAgain() async throws {
        let marker = "/tmp/si-crash-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let kitchen = try HostedKitchen(mode: "crash-once:\(marker)")
        let first = await kitchen.assistant.perform(.intent(phoOrder))
        // Not a timeout: the exit ended the call long before the budget.
        #expect(first.status == .failure)
        #expect(first.dialog == ["Sorry, Kitchen stopped unexpectedly."])
        #expect(kitchen.lines(.timeout).isEmpty)
        #expect(kitchen.lines(.process).map(withoutNumbers).contains("Kitchen (pid N) killed by signal 9 (Killed)"))
        let second = await kitchen.assistant.perform(.intent(phoOrder))
        #expect(second.status == .success)
        #expect(kitchen.lines(.process).filter { $0.hasPrefix("spawn ") }.count == 2)
        await kitchen.finish()
    }

    @Test func aHostThatMissesThreeBudgetsInARowIsKilled() async throws {
        let kitchen = try HostedKitchen(mode: "hang", budget: .milliseconds(300))
        for _ in 1...3 {
            let outcome = await kitchen.assistant.perform(.intent(phoOrder))
            #expect(outcome.status == .timedOut)
        }
        #expect(await kitchen.hostStopped())
        let process = kitchen.lines(.process).map(withoutNumbers)
        #expect(process.contains("Kitchen (pid N) missed 3 budgets in a row: killed (SIGKILL)"))
        #expect(process.last == "Kitchen (pid N) killed by signal 9 (Killed)")
        await kitchen.finish()
    }
}

/// Peers that are not the host, or hosts that break the protocol, are refused with the cause in
/// the trace, and the real host keeps serving.
@Suite(.serialized)
struct ProtocolFaultTests {
    /// Connects to the app socket as a stranger, sends `bytes` and waits until it is closed.
    /// Connects to the app socket as a stranger, sends `bytes` as frames and waits until the
    /// system closes the connection.
    func intrude(_ kitchen: HostedKitchen, sending bytes: [Data]) async throws -> CloseReason {
        let connection = try FramedConnection.connect(to: kitchen.connection.socketPath)
        let events = connection.events()
        for payload in bytes { try connection.send(payload) }
        for await event in events {
            if case .closed(let reason) = event { return reason }
        }
        return .closedLocally
    }

    func hello(version: Int = MessageProtocol.version, token: String) throws -> Data {
        try MessageCodec(catalog: Kitchen.catalog()).encode(
            AppMessage.hello(
                AppHello(
                    protocolVersion: version, token: token, processIdentifier: getpid(), kind: .app, appName: "Impostor",
                    intentsSupported: [], intentsRestrictedWhileLocked: [], userActivityTypes: [])))
    }

    @Test func aHostStartsWithTheDevicesLockAsItWasAtItsLaunch() async throws {
        let kitchen = try HostedKitchen()
        kitchen.device.isLocked = true
        #expect(await kitchen.connection.send(.command("locked")) == .done(output: "locked"))
        await kitchen.connection.stopHost()
        #expect(await kitchen.connection.processIdentifier == nil)
        kitchen.device.isLocked = false
        #expect(await kitchen.connection.send(.command("locked")) == .done(output: "unlocked"))
        #expect(await kitchen.connection.send(.command("tap 1")) == .refused("kitchen-host knows only the command \"locked\", not \"tap 1\""))
        await kitchen.finish()
    }

    @Test func strangersAreRefusedAndTheHostStillServes() async throws {
        let kitchen = try HostedKitchen()
        kitchen.connection.attach(kitchen.assistant.trace)
        #expect(try await intrude(kitchen, sending: [Data("garbage".utf8)]) == .peerClosed)
        #expect(try await intrude(kitchen, sending: [try hello(token: "not-the-token")]) == .peerClosed)
        #expect(try await intrude(kitchen, sending: [try hello(version: 99, token: "x")]) == .peerClosed)
        let oversize = Data([0x00, 0x20, 0x00, 0x00]) + Data(repeating: 0x20, count: 16)
        #expect(await rawExchange(kitchen.connection.socketPath, oversize) == 0, "the system closed without answering")
        // The refusal is recorded on the connection's reader thread, just after it closes.
        #expect(await kitchen.eventually { kitchen.lines(.process).count == 4 })
        let refusals = kitchen.lines(.process).map(withoutNumbers)
        #expect(
            refusals == [
                "refused a connection from process N: protocol error (undecodable): 7 bytes that are not a message: not valid JSON: unexpected 'g' where a value should start at byte 0",
                "refused a connection from process N: protocol error (wrongToken): process N presented a token no launch is waiting for",
                "refused a connection from process N: protocol error (wrongVersion): version 99; this system speaks \(MessageProtocol.version)",
                "refused a connection from process N: protocol error (oversizeFrame): frame of 2097152 bytes is over the limit of 1048576 bytes",
            ])
        let outcome = await kitchen.assistant.perform(.intent(phoOrder))
        #expect(outcome.status == .success)
        await kitchen.finish()
    }

    @Test(arguments: ["second-hello", "wrong-version", "working-answer"])
    func aHostThatBreaksTheProtocolFailsTheRequestWithTheCause(mode: String) async throws {
        let kitchen = try HostedKitchen(mode: mode, budget: .seconds(2))
        let outcome = await kitchen.assistant.perform(.intent(phoOrder))
        #expect(outcome.status == .failure)
        #expect(outcome.dialog == ["Sorry, Kitchen stopped unexpectedly."])
        #expect(kitchen.lines(.timeout).isEmpty)
        let process = kitchen.lines(.process).map(withoutNumbers)
        let cause = [
            "second-hello": "Kitchen (pid N) broke the protocol: protocol error (outOfOrder): a second hello; killed (SIGKILL)",
            "wrong-version":
                "refused a connection from process N: protocol error (wrongVersion): version 99; this system speaks \(MessageProtocol.version)",
            "working-answer":
                "Kitchen (pid N) broke the protocol: protocol error (outOfOrder): a progress report as the answer to call 1; killed (SIGKILL)",
        ][mode]
        #expect(process.contains(cause ?? "no cause for \(mode)"))
        await kitchen.finish()
    }
}

/// Starting and stopping the host many times leaks neither descriptors nor children (counted
/// in a process of its own, `process-leak-check`, so parallel tests do not move the counts).
struct ProcessLeakTests {
    @Test func aThousandStartsAndStopsLeaveDescriptorsAndChildrenWhereTheyWere() async throws {
        let report = "/tmp/si-leak-report-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: report) }
        let descriptor = open(report, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(descriptor) }
        // Awaited through its pidfd: no concurrency thread waits on the child.
        let child = try ChildProcess.spawn(
            BuiltProducts.executable("process-leak-check"), arguments: ["1000"], stdout: .descriptor(descriptor))
        #expect(await child.exit == .exited(0))
        let output = try String(contentsOfFile: report, encoding: .utf8)
        let words = output.split(separator: " ").map(String.init)
        try #require(words.count == 8, "unexpected output: \(output)")
        #expect(words[1] == words[2], "descriptors before and after")
        #expect(words[4] == words[5], "children before and after")
        #expect(words[5] == "0")
        #expect(words[7].trimmingCharacters(in: .whitespacesAndNewlines) == "1001")
    }
}
