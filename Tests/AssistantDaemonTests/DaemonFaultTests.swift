import Assistant
import AssistantDaemon
import Foundation
import Glibc
import SceneIntentsTesting
import SceneIntentsTransport
import Testing

/// Faults around the daemon's and the client's processes: standard output closed or full, and
/// daemons started at once. Real processes, so these wait on the real clock.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct DaemonFaultTests {
    @Test func aClientWhoseStandardOutputIsClosedOrFullExits74WithOneLine() async throws {
        let daemon = try makeDaemon()
        daemon.start()
        let directory = daemon.runtimeDirectory.path
        for (redirection, reason) in [(">&-", "bad file descriptor"), ("> /dev/full", "no space left on device")] {
            // The REPL is fed a command, so it has something to print.
            for command in [["apps"], ["say", "show", "directions", "for", "banana", "pancakes"], []] {
                let run = try await runRedirected("assistant", ["--runtime-dir", directory] + command, redirection, stdin: ":help\n")
                #expect(run.status == .exited(74), "\(redirection) \(command)")
                #expect(run.stderr == "assistant: cannot write to standard output: \(reason).\n", "\(redirection) \(command)")
            }
        }
        #expect(await finish(daemon) == [])
    }

    @Test func aDaemonWhoseStandardOutputIsClosedOrFullExits74WithOneLineAndLeavesNoSocket() async throws {
        for (redirection, reason) in [(">&-", "bad file descriptor"), ("> /dev/full", "no space left on device")] {
            let directory = freshRuntimeDirectory()
            defer { [directory, directory + "-state"].forEach { try? FileManager.default.removeItem(atPath: $0) } }
            let run = try await runRedirected("assistantd", ["--runtime-dir", directory, "--state-dir", directory + "-state"], redirection)
            #expect(run.status == .exited(74), "\(redirection)")
            #expect(run.stderr == "assistantd: cannot write to standard output: \(reason).\n", "\(redirection)")
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []) == [], "\(redirection)")
        }
    }

    @Test func aDaemonBetweenItsLockAndItsSocketKeepsASecondOneOut() async throws {
        // What a daemon holds in the moment between taking its lock and listening: the lock,
        // and no socket yet.
        let directory = try RuntimeDirectory.prepare(freshRuntimeDirectory())
        defer { [directory.path, directory.path + "-state"].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let lockPath = directory.path + "/assistantd.lock"
        let held = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(flock(held, LOCK_EX | LOCK_NB) == 0)
        _ = "4242\n".withCString { write(held, $0, 5) }
        let second = try await DaemonProcess.run(["--runtime-dir", directory.path, "--state-dir", directory.path + "-state"])
        #expect(second.status == .exited(1))
        #expect(second.stderr == """
            assistantd: assistantd is already running (pid 4242) in \(directory.path): it holds \(lockPath); stop it first, or give this one another --runtime-dir

            """)
        #expect(second.stdout == "")
        close(held)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["assistantd.lock"])
    }

    @Test func ofThreeDaemonsStartedAtOnceExactlyOneServesEveryTime() async throws {
        for round in 0..<4 {
            let directory = freshRuntimeDirectory()
            let files = TempFiles()
            defer {
                files.remove()
                try? FileManager.default.removeItem(atPath: directory)
            }
            let daemons = try (0..<3).map { number in
                let (output, errors) = (files.writable("out\(number)"), files.writable("err\(number)"))
                defer { [output, errors].forEach { _ = close($0) } }
                return try ChildProcess.spawn(
                    BuiltProducts.executable("assistantd"), arguments: ["--runtime-dir", directory, "--state-dir", "\(files.folder)/state"],
                    stdout: .descriptor(output), stderr: .descriptor(errors))
            }
            // Two refuse and exit; the one left serves.
            #expect(await eventually { daemons.filter { $0.exitStatus != nil }.count == 2 }, "round \(round)")
            let serving = daemons.indices.filter { daemons[$0].exitStatus == nil }
            #expect(serving.count == 1, "round \(round)")
            for number in daemons.indices where !serving.contains(number) {
                #expect(daemons[number].exitStatus == .exited(1), "round \(round)")
                #expect(files.text("err\(number)").hasPrefix("assistantd: assistantd is already running"), "round \(round)")
            }
            for number in serving {
                #expect(await eventually { files.text("out\(number)").contains("serving") }, "round \(round)")
                #expect(try await runClient(["--runtime-dir", directory, "apps"]).status == .exited(0), "round \(round)")
                daemons[number].kill(SIGTERM)
            }
            for daemon in daemons { #expect(await daemon.exit != .signalled(SIGKILL)) }
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []) == [], "round \(round)")
        }
    }
}

/// What the client does with too much: words over the admission limit and messages over the
/// frame limit, typed or given as arguments; and a daemon killed while the client waits.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ClientFaultTests {
    static func sentence(_ count: String) -> String {
        "That's too long for me: I take at most 1,000 characters at a time, and that was \(count)."
    }

    @Test func wordsOverTheLimitAreRefusedWithASentenceAndAMessageOverTheFrameLimitIsReportedNeverAwaited() async throws {
        let daemon = try makeDaemon()
        daemon.start()
        let directory = daemon.runtimeDirectory.path
        let said = try await runClient(["--runtime-dir", directory, "say", String(repeating: "a", count: 5_000)])
        #expect(said == ClientRun(status: .exited(1), stdout: Self.sentence("5,000") + "\n", stderr: ""))
        // A 2 MiB line, then a 100 KB command, then a line that is served: the REPL goes on.
        let long = String(repeating: "b", count: 2 << 20)
        let command = ":open " + String(repeating: "c", count: 100_000)
        let repl = try await runClient(["--runtime-dir", directory], stdin: "\(long)\n\(command)\n:help\n")
        #expect(repl.status == .exited(0))
        #expect(repl.lines == [
            "> \(Admission.shortened(long))", Self.sentence("2,097,152"), "> \(Admission.shortened(command))", "> :help",
        ] + DaemonCommand.help)
        #expect(repl.stderr == "assistant: this message is 100029 bytes, over the protocol's limit of 65536 bytes; it was not sent\n")
        #expect(await finish(daemon) == [])
    }

    /// `assistant say "show directions"` against `daemon`, its standard input a pipe the test
    /// writes, once it waits at the "Which recipe?" prompt (its output in the daemon's files
    /// "client" and "client-err").
    static func clientAtAPrompt(_ daemon: DaemonProcess, input: NeverWritten) async throws -> ChildProcess {
        let (output, errors) = (daemon.files.writable("client"), daemon.files.writable("client-err"))
        defer { [output, errors].forEach { _ = close($0) } }
        let client = try ChildProcess.spawn(
            BuiltProducts.executable("assistant"), arguments: ["--runtime-dir", daemon.directory, "say", "show directions"],
            stdin: .descriptor(input.reading), stdout: .descriptor(output), stderr: .descriptor(errors))
        #expect(await eventually { daemon.files.text("client").contains("Say \"more\" for more.") })
        return client
    }

    @Test func aDaemonKilledWhileTheClientWaitsAtAPromptIsNoticedAtOnce() async throws {
        let daemon = try await DaemonProcess.start(freshRuntimeDirectory())
        defer { daemon.cleanUp() }
        let input = NeverWritten()
        defer { input.close() }
        let client = try await Self.clientAtAPrompt(daemon, input: input)
        #expect(await daemon.end(SIGKILL) == .signalled(SIGKILL))
        let killed = ContinuousClock.now
        #expect(await client.exit == .exited(69))
        #expect(ContinuousClock.now - killed < .seconds(2))
        #expect(daemon.files.text("client-err") == "assistant: the daemon closed the connection (it stopped)\n")
    }

    /// A real stopped process and the client's real silences: 5 s, a ping, 5 s more.
    @Test func aDaemonStoppedMidRequestIsPingedThenGivenUpAfterTenSeconds() async throws {
        let daemon = try await DaemonProcess.start(freshRuntimeDirectory())
        defer { daemon.cleanUp() }
        let input = NeverWritten()
        defer { input.close() }
        // The client's silence is timed from the last message it read (the prompt), which came
        // after this and before the stop.
        let beforePrompt = ContinuousClock.now
        let client = try await Self.clientAtAPrompt(daemon, input: input)
        // Stopped before the reply reaches it: the client waits for an answer that cannot come.
        daemon.child.kill(SIGSTOP)
        _ = "1\n".withCString { Glibc.write(input.writing, $0, 2) }
        let stopped = ContinuousClock.now
        #expect(await client.exit == .exited(69))
        #expect(ContinuousClock.now - beforePrompt >= .seconds(10))
        #expect(ContinuousClock.now - stopped < .seconds(13))
        #expect(daemon.files.text("client-err")
            == "assistant: the daemon stopped answering: nothing for 10.0 seconds, not even to a ping; it may be stopped (SIGSTOP) or wedged\n")
        daemon.child.kill(SIGCONT)
        #expect(await daemon.end() == .exited(0))
    }

    @Test func aDaemonThatStopsWhileTheREPLWaitsForALineIsNoticedAtOnce() async throws {
        let daemon = try makeDaemon()
        daemon.start()
        let input = NeverWritten()
        defer { input.close() }
        let files = TempFiles()
        defer { files.remove() }
        let (output, errors) = (files.writable("out"), files.writable("err"))
        defer { [output, errors].forEach { _ = close($0) } }
        let client = try ChildProcess.spawn(
            BuiltProducts.executable("assistant"), arguments: ["--runtime-dir", daemon.runtimeDirectory.path],
            stdin: .descriptor(input.reading), stdout: .descriptor(output), stderr: .descriptor(errors))
        // One command answered: the REPL is now waiting for the next line.
        _ = ":help\n".withCString { Glibc.write(input.writing, $0, 6) }
        #expect(await eventually { files.text("out").contains(DaemonCommand.help[0]) })
        let stopped = ContinuousClock.now
        #expect(await finish(daemon) == [])
        #expect(await client.exit == .exited(69))
        #expect(ContinuousClock.now - stopped < .seconds(2))
        #expect(files.text("err") == "assistant: the daemon closed the connection (it stopped)\n")
    }
}

/// A pipe whose writing end is kept open (and not written, unless a test writes to it): a child
/// reading it waits for the user for ever.
struct NeverWritten {
    let reading: Int32
    let writing: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        _ = Glibc.pipe(&ends)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        (reading, writing) = (ends[0], ends[1])
    }

    func close() {
        _ = Glibc.close(reading)
        _ = Glibc.close(writing)
    }
}

/// Runs the built executable `name` with `arguments` through `/bin/sh`, its standard output
/// redirected as `redirection` says (`>&-` closes it, `> /dev/full` fills it), to its end.
func runRedirected(_ name: String, _ arguments: [String], _ redirection: String, stdin: String = "") async throws -> ClientRun {
    let files = TempFiles()
    defer { files.remove() }
    let (input, errors) = (files.readable("in", stdin), files.writable("err"))
    defer { [input, errors].forEach { _ = close($0) } }
    let child = try ChildProcess.spawn(
        "/bin/sh", arguments: ["-c", "exec \"$0\" \"$@\" \(redirection)", BuiltProducts.executable(name)] + arguments,
        stdin: .descriptor(input), stdout: .null, stderr: .descriptor(errors))
    let status = await child.exit
    return ClientRun(status: status, stdout: "", stderr: files.text("err"))
}
