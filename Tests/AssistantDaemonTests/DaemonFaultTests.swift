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
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let run = try await runRedirected("assistantd", ["--runtime-dir", directory], redirection)
            #expect(run.status == .exited(74), "\(redirection)")
            #expect(run.stderr == "assistantd: cannot write to standard output: \(reason).\n", "\(redirection)")
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []) == [], "\(redirection)")
        }
    }

    @Test func aDaemonBetweenItsLockAndItsSocketKeepsASecondOneOut() async throws {
        // What a daemon holds in the moment between taking its lock and listening: the lock,
        // and no socket yet.
        let directory = try RuntimeDirectory.prepare(freshRuntimeDirectory())
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let lockPath = directory.path + "/assistantd.lock"
        let held = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(flock(held, LOCK_EX | LOCK_NB) == 0)
        _ = "4242\n".withCString { write(held, $0, 5) }
        let second = try await DaemonProcess.run(["--runtime-dir", directory.path])
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
                    BuiltProducts.executable("assistantd"), arguments: ["--runtime-dir", directory],
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
