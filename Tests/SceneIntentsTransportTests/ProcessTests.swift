import Foundation
import Glibc
import SceneIntentsTransport
import Testing

/// Spawning, exit reporting, descriptor hygiene across exec, and cross-process framing.
extension TransportTests {
@Suite struct ProcessTests {
    @Test func exitsAndSignalsAreReportedAndKillIsSafeAfterExit() async throws {
        let exited = try ChildProcess.spawn(peerExecutable, arguments: ["exit", "3"])
        #expect(await exited.exit == .exited(3))
        #expect(exited.exitStatus == .exited(3))
        #expect(exited.kill(SIGKILL) == false)

        let sleeper = try ChildProcess.spawn(peerExecutable, arguments: ["sleep"])
        #expect(sleeper.exitStatus == nil)
        // Its own process group: a terminal's Ctrl-C to this process's group does not reach it.
        #expect(getpgid(sleeper.pid) == sleeper.pid)
        #expect(getpgid(sleeper.pid) != getpgrp())
        #expect(sleeper.kill(SIGKILL))
        #expect(await sleeper.exit == .signalled(SIGKILL))
        #expect((await sleeper.exit).description == "killed by signal 9 (Killed)")
        #expect(sleeper.kill(SIGKILL) == false)

        #expect { try ChildProcess.spawn("/nonexistent/tool") } throws: {
            ($0 as? TransportError)?.system == SystemError("posix_spawn", code: ENOENT)
        }
    }

    @Test func theChildInheritsOnlyTheStandardStreamsAndTheEnvironmentAdditions() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // A descriptor without O_CLOEXEC (dup drops it): only the spawn's close-from guard keeps
        // it out of the child.
        let stray = dup(STDERR_FILENO)
        defer { close(stray) }
        let listener = try SocketListener(path: scratch.file("held.sock"))
        defer { listener.close() }
        let (exit, output) = try await runPeer(["descriptors"])
        #expect(exit == .exited(0))
        #expect(output == "0\n1\n2\n")

        let token = OneTimeToken.generate()
        let script = "test \"$SCENEINTENTS_TOKEN\" = \(token.value) && test -n \"$PATH\""
        let shell = try ChildProcess.spawn("/bin/sh", arguments: ["-c", script], environment: ["SCENEINTENTS_TOKEN": token.value])
        #expect(await shell.exit == .exited(0))
    }

    /// A child bound to this process starts clean: its own process group, nothing blocked,
    /// every disposition the default (one this process ignores, and glibc's own two, included),
    /// only the standard streams.
    @Test func aBoundChildStartsCleanLikeASpawnedOne() async throws {
        let ignored = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, ignored) }
        let sleeper = try await ChildProcess.launchBound("/bin/sleep", arguments: ["30"])
        let spawned = try ChildProcess.spawn("/bin/sleep", arguments: ["30"])
        #expect(getpgid(sleeper.pid) == sleeper.pid)
        let masks = try Self.signalMasks(of: sleeper.pid)
        #expect(masks == ["SigBlk": 0, "SigIgn": 0])
        // `posix_spawn` resets what it can: glibc keeps its own two signals (32, 33) as they were.
        let spawnedMasks = try Self.signalMasks(of: spawned.pid)
        #expect(spawnedMasks["SigBlk"] == 0)
        #expect((spawnedMasks["SigIgn"] ?? .max) & (1 << (UInt64(SIGUSR2) - 1)) == 0)
        for child in [sleeper, spawned] {
            #expect(child.kill(SIGKILL))
            #expect(await child.exit == .signalled(SIGKILL))
        }

        // A descriptor without O_CLOEXEC is kept out too.
        let stray = dup(STDERR_FILENO)
        defer { close(stray) }
        let (exit, output) = try await runPeer(["descriptors"], bound: true)
        #expect(exit == .exited(0))
        #expect(output == "0\n1\n2\n")
    }

    /// The blocked and ignored signals of process `pid` (from `/proc/PID/status`).
    static func signalMasks(of pid: pid_t) throws -> [String: UInt64] {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        return Dictionary(uniqueKeysWithValues: status.split(separator: "\n").compactMap { line -> (String, UInt64)? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, ["SigBlk", "SigIgn"].contains(String(parts[0])) else { return nil }
            return (String(parts[0]), UInt64(parts[1].trimmingCharacters(in: .whitespaces), radix: 16) ?? .max)
        })
    }

    @Test func tokensAreFreshHexAndCompareExactly() {
        let tokens = (0..<100).map { _ in OneTimeToken.generate() }
        #expect(Set(tokens).count == 100)
        for token in tokens {
            #expect(token.value.count == 64 && token.value.allSatisfy(\.isHexDigit) && token.value == token.value.lowercased())
        }
        let token = tokens[0]
        #expect(token.matches(token.value))
        #expect(!token.matches(tokens[1].value))
        #expect(!token.matches(String(token.value.dropLast())))
        #expect(!token.matches(token.value + "0"))
        #expect(!token.description.contains(token.value))
    }

    /// The peer reads on its own reader thread (`echo`) or on its main thread under the main
    /// loop (`loop-echo`, which also sends each frame back from a main-actor task, then checks
    /// that the loop's task executor brought work resumed by another thread to the main thread).
    @Test(arguments: [
        ("echo", "peer closed the connection\n"),
        ("loop-echo", "peer closed the connection; 4 frames; 0 events off the main thread; nonisolated work resumed on it\n"),
    ])
    func framesEchoThroughAnotherProcess(mode: String, ending: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let listener = try SocketListener(path: scratch.file("echo.sock"))
        let output = scratch.file("out")
        let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let child = try ChildProcess.spawn(peerExecutable, arguments: [mode, listener.path], stdout: .descriptor(descriptor))
        close(descriptor)
        var listenerEvents = listener.events().makeAsyncIterator()
        guard case .accepted(let connection) = await listenerEvents.next() else {
            Issue.record("the peer did not connect")
            return
        }
        #expect(connection.peer.pid == child.pid)
        #expect(connection.peer.uid == geteuid())
        let payloads = [Data("first".utf8), Data(), Data(repeating: 7, count: 300_000), Data("last".utf8)]
        for payload in payloads { try connection.send(payload) }
        var received: [Data] = []
        for await event in connection.events() {
            guard case .frame(let payload) = event else { break }
            received.append(payload)
            if received.count == payloads.count { connection.close() }
        }
        #expect(received == payloads)
        #expect(connection.closeReason == .closedLocally)
        #expect(await child.exit == .exited(0))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == ending)
        listener.close()
        guard case .stopped = await listenerEvents.next() else {
            Issue.record("the listener did not stop")
            return
        }
    }

    /// The main loop reads 40 connections at once, and the 20 that replace the first 20 to end
    /// (each taking the descriptor number just freed): every frame comes back, on the main
    /// thread, and once all 60 have ended no descriptor is left open.
    @Test func theMainLoopReadsManyConnectionsAndTheirReplacements() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let listener = try SocketListener(path: scratch.file("many.sock"))
        let output = scratch.file("out")
        let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let child = try ChildProcess.spawn(peerExecutable, arguments: ["loop-many", listener.path, "40"], stdout: .descriptor(descriptor))
        close(descriptor)
        var accepted = listener.events().makeAsyncIterator()
        var live: [(connection: FramedConnection, events: AsyncStream<ConnectionEvent>.Iterator)] = []
        func accept(_ count: Int) async {
            for _ in 0..<count {
                guard case .accepted(let connection) = await accepted.next() else { Issue.record("the peer did not connect"); return }
                live.append((connection, connection.events().makeAsyncIterator()))
            }
        }
        func echoes() async -> [String] {
            var answers: [String] = []
            for index in live.indices {
                try? live[index].connection.send(Data("\(index)".utf8))
                guard case .frame(let payload) = await live[index].events.next() else { continue }
                answers.append(String(decoding: payload, as: UTF8.self))
            }
            return answers
        }
        await accept(40)
        #expect(await echoes() == (0..<40).map { "\($0)" })
        for (connection, _) in live.prefix(20) { connection.close() }
        live.removeFirst(20)
        await accept(20)
        #expect(await echoes() == (0..<40).map { "\($0)" })
        for (connection, _) in live { connection.close() }
        #expect(await child.exit == .exited(0))
        #expect(
            try String(contentsOfFile: output, encoding: .utf8)
                == "60 connections, 80 frames sent back, 0 events off the main thread, 0 descriptors left open\n")
        listener.close()
        guard case .stopped = await accepted.next() else { Issue.record("the listener did not stop"); return }
    }

    /// Under the main loop, a main-actor task that prefers the loop's task executor (every
    /// program's body) enters and leaves main-actor code in place: 100 awaits of a main-actor
    /// function let no main-queue block run in between. Each went through the main queue when
    /// the executor ran its jobs without the main actor's isolation.
    @Test func mainActorAwaitsOnTheLoopStayOnTheMainThreadWithoutAJob() async throws {
        let (exit, output) = try await runPeer(["loop-hops"])
        #expect(exit == .exited(0))
        #expect(output == "100 awaits, total 5050; the main-queue block ran meanwhile: false\n")
    }

    @Test func aThousandSpawnsLeaveNoDescriptorsAndNoChildren() async throws {
        // Spawns, a killed sleeper and dropped children, counted in a process of their own.
        let report = try await leakReport("spawns", "1000")
        #expect(report["exits"] == "1001× exited with status 0")  // the warm-up spawn as well
        #expect(report["sleeper"] == "children +1 killed true killed by signal 9 (Killed)")
        #expect(report["dropped"] == "20 gone")
        #expect(report["after"] == report["before"])
        #expect(report["before"]?.hasSuffix(" children=0") == true)
    }
}
}
