import Assistant
import AssistantDaemon
import Foundation
import Glibc
import RecipeAssistantKit
import SceneIntents
import SceneIntentsTesting
import SceneIntentsTransport
import SceneIntentsWire
import Testing

/// The daemon's limits against clients that ask too much: too many connections, silence where a
/// hello should be, frames and utterances over their limits. In process, on the daemon's wait
/// clock where time matters.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct DaemonLimitFaultTests {
    @Test func beyondTheClientLimitAConnectionIsToldWhyAndClosedAndAPlaceFreedIsTakenAgain() async throws {
        let log = LogLines()
        let daemon = try makeDaemon {
            $0.clientLimit = 3
            $0.log = log.write
        }
        daemon.start()
        var clients = [try await TestClient(daemon.socketPath), try await TestClient(daemon.socketPath), try await TestClient(daemon.socketPath)]
        let refused = try await TestClient(daemon.socketPath, greet: false)
        let message = "assistantd serves at most 3 clients at once and 3 are connected; try again when one has left"
        #expect(await refused.next() == .failure(DaemonError(.tooManyClients, value: "3", message: message)))
        #expect(await refused.next() == nil)
        #expect(await eventually { log.lines == ["refused client \(ourselves): \(message)"] })
        // One leaves: its place is taken again.
        clients.removeFirst().connection.close()
        #expect(await eventually { await daemon.inFlight == ["2 client connection(s) still open"] })
        clients.append(try await TestClient(daemon.socketPath))
        #expect(try await clients[2].exchange(.command(line: ":help")) == [.listing(lines: DaemonCommand.help)])
        for client in clients { client.connection.close() }
        #expect(await finish(daemon) == [])
    }

    @Test func aConnectionSilentPastTheHelloDeadlineIsToldAndClosedOnTheDaemonsClock() async throws {
        let clock = ManualClock()
        let log = LogLines()
        let daemon = try makeDaemon {
            $0.waitClock = clock
            $0.log = log.write
        }
        daemon.start()
        let silent = try await TestClient(daemon.socketPath, greet: false)
        await clock.waitForSleepers(1)
        let greeted = try await TestClient(daemon.socketPath)
        clock.advance(by: .seconds(5))
        let message = "no hello within 5.0 seconds: assistantd closes connections that do not greet it in time"
        #expect(await silent.next() == .failure(DaemonError(.tooSlow, value: "5.0 seconds", message: message)))
        #expect(await silent.next() == nil)
        #expect(log.lines == ["refused client \(ourselves): \(message)"])
        // A greeted client holds no timer, and is served whatever the time.
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(3600))
        #expect(try await greeted.exchange(.command(line: ":help")) == [.listing(lines: DaemonCommand.help)])
        greeted.connection.close()
        #expect(await finish(daemon) == [])
    }

    @Test func eachBadClientIsOneLineOfTheLogAndAFloodIsCutToTwentyLinesPerTenSeconds() async throws {
        let clock = ManualClock()
        let log = LogLines()
        let daemon = try makeDaemon {
            $0.waitClock = clock
            $0.log = log.write
        }
        daemon.start()
        /// Connects, sends `payload` as one frame, and waits until the daemon has closed it.
        func bad(_ payload: String) async throws {
            let client = try await TestClient(daemon.socketPath, greet: false)
            try client.connection.send(Data(payload.utf8))
            while await client.next() != nil {}
        }
        try await bad("\u{1B}[2Jnot json\n")
        try await bad(#"{"hello":{"version":99}}"#)
        try await bad(#"{"apps":{}}"#)
        #expect(await eventually { log.lines.count == 3 })
        #expect(log.lines == [
            #"refused client \#(ourselves): a frame of 13 bytes is not a ClientMessage ("\u{1B}[2Jnot json\n"...)"#,
            "refused client \(ourselves): this client speaks version 99; assistantd speaks 2: use the assistant built with it",
            "refused client \(ourselves): the first message must be hello, and only the first",
        ])
        for _ in 0..<25 { try await bad("[]") }
        #expect(await eventually { log.lines.count == 20 })
        clock.advance(by: .seconds(10))
        try await bad("[]")
        #expect(await eventually { log.lines.count == 22 })
        #expect(log.lines.suffix(2) == [
            "8 more like these were left out (at most 20 lines per 10.0 seconds)",
            "refused client \(ourselves): a frame of 2 bytes is not a ClientMessage (\"[]\"...)",
        ])
        #expect(await finish(daemon) == [])
    }

    @Test func aClientSendingManyBadFramesAtOnceIsOneLineOfTheLog() async throws {
        let log = LogLines()
        let daemon = try makeDaemon { $0.log = log.write }
        daemon.start()
        let client = try await TestClient(daemon.socketPath, greet: false)
        // Frames read together with the first bad one are not each refused again.
        try client.connection.send(contentsOf: Array(repeating: Data("{}".utf8), count: 50))
        while await client.next() != nil {}
        let good = try await TestClient(daemon.socketPath)
        #expect(try await good.exchange(.command(line: ":help")) == [.listing(lines: DaemonCommand.help)])
        #expect(log.lines == [#"refused client \#(ourselves): a frame of 2 bytes is not a ClientMessage ("{}"...)"#])
        good.connection.close()
        #expect(await finish(daemon) == [])
    }

    @Test func aClientSendingFarAheadOfItsAnswersIsClosedAndNamedAndNobodyElseWaits() async throws {
        let log = LogLines()
        let daemon = try makeDaemon { $0.log = log.write }
        daemon.start()
        let flood = try await TestClient(daemon.socketPath)
        // Ten thousand requests in one write, none of whose answers is read first; the write may
        // fail once the daemon has closed the connection.
        try? flood.connection.send(contentsOf: Array(repeating: ClientProtocol.encode(ClientMessage.apps), count: 10_000))
        var answered = 0
        while let message = await flood.next() {
            #expect(message == .listing(lines: daemon.listing))
            answered += 1
        }
        // Cut off soon after 64 waited unread (those answered meanwhile add a few), not served to the end.
        #expect(answered < 1_000)
        #expect(await eventually { log.lines.count == 1 })
        #expect(log.lines == ["closed client \(ourselves): flooded: more than 64 messages were sent ahead of their answers"])
        let good = try await TestClient(daemon.socketPath)
        #expect(try await good.exchange(.command(line: ":help")) == [.listing(lines: DaemonCommand.help)])
        good.connection.close()
        #expect(await finish(daemon) == [])
    }

    @Test func aHelloWithAWrongTokenOnAnAppsSocketIsOneLineOfTheLog() async throws {
        let log = LogLines()
        let daemon = try makeDaemon { $0.log = log.write }
        daemon.start()
        let files = try FileManager.default.contentsOfDirectory(atPath: daemon.runtimeDirectory.path)
        let socket = try #require(files.first { $0.hasPrefix("host-") })
        let impostor = try FramedConnection.connect(to: daemon.runtimeDirectory.socketPath(socket))
        var events = impostor.events().makeAsyncIterator()
        let hello = AppHello(
            token: "guessed", processIdentifier: getpid(), kind: .app, appName: "Recipe Assistant", intentsSupported: [],
            intentsRestrictedWhileLocked: [], userActivityTypes: [])
        try impostor.send(MessageCodec(catalog: RecipeAssistantApp.catalog).encode(AppMessage.hello(hello)))
        while await events.next().map({ if case .closed = $0 { false } else { true } }) == true {}
        #expect(await eventually { log.lines.count == 1 })
        #expect(log.lines.first?.hasPrefix("Recipe Assistant's socket: refused a connection from process \(getpid()): ") == true)
        #expect(log.lines.first?.contains("a token no launch is waiting for") == true)
        #expect(await finish(daemon) == [])
    }

    @Test func aFrameAnnouncingMoreThanTheLimitEndsItsConnectionBeforeItsBytesAreHeld() async throws {
        let log = LogLines()
        let daemon = try makeDaemon { $0.log = log.write }
        daemon.start()
        let client = try await TestClient(daemon.socketPath)
        // A greeted client starts a frame of 1 MiB - 1 bytes (its own limit raised to send it).
        let raw = try FramedConnection.connect(to: daemon.socketPath, limit: 4 << 20)
        var events = raw.events().makeAsyncIterator()
        try raw.send(ClientProtocol.encode(ClientMessage.hello(version: ClientProtocol.version)))
        guard case .frame = await events.next() else {
            Issue.record("no welcome")
            return
        }
        Thread { try? raw.send(Data(count: Framing.defaultLimit - 1)) }.start()
        // Refused at its header: the connection ends, and the frame's bytes are never held.
        let end = await events.next()
        #expect(end.map { if case .closed = $0 { true } else { false } } == true, "\(String(describing: end))")
        #expect(await eventually { log.lines.count == 1 })
        #expect(log.lines == [
            "closed client \(ourselves): protocol error: frame of \(Framing.defaultLimit - 1) bytes is over the limit of \(ClientProtocol.frameLimit) bytes"
        ])
        // The client that behaved is still served.
        #expect(try await client.exchange(.command(line: ":help")) == [.listing(lines: DaemonCommand.help)])
        client.connection.close()
        #expect(await finish(daemon) == [])
    }

    @Test func anUtteranceOverTheLimitIsRefusedWithASentenceAtOnceAndTheTraceKeepsItShort() async throws {
        let daemon = try makeDaemon()
        daemon.start()
        let client = try await TestClient(daemon.socketPath)
        // Words that would match (and so launch the app) if they were read: they are not.
        let words = "show directions for banana pancakes " + String(repeating: "and more ", count: 2_000)
        let count = words.unicodeScalars.count
        let sentence = "That's too long for me: I take at most 1,000 characters at a time, and that was 18,036."
        #expect(count == 18_036)
        let started = ContinuousClock.now
        let said = try await client.exchange(.say(text: words, wantsTrace: true))
        #expect(said.count == 3)
        #expect(said.first == .spoken(line: sentence))
        #expect(said.last == .outcome(status: .refused, app: "Recipe Assistant"))
        #expect(ContinuousClock.now - started < .seconds(2))
        let trace = traceLines(try #require(daemon.lastTrace))
        #expect(trace == [
            "request: \"\(String(words.unicodeScalars.prefix(1_000)))… (18,036 characters)\"",
            "interpret: refused: over 1,000 characters",
            "say: \(sentence)",
            "outcome: refused",
        ])
        #expect(await daemon.runningHosts == [:])
        // A reply over the limit at a prompt is refused, and the prompt still waits.
        try client.send(.say(text: "show directions", wantsTrace: false))
        let prompt = await client.next()
        #expect(prompt.map { if case .prompt(let text) = $0 { text.hasPrefix("Which recipe?\n") } else { false } } == true)
        #expect(try await client.exchange(.reply(text: words)) == [
            .failure(DaemonError(.tooLarge, value: Admission.shortened(words), message: sentence))
        ])
        #expect(try await client.exchange(.reply(text: "cancel")).last == .outcome(status: .cancelled, app: "Recipe Assistant"))
        client.connection.close()
        #expect(await finish(daemon) == [])
    }
}

/// This process as a peer (the in-process daemon's clients are this process).
let ourselves = PeerCredentials(pid: getpid(), uid: geteuid(), gid: getegid())
