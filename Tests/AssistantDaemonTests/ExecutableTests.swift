import Foundation
import Glibc
import SceneIntentsTesting
import SceneIntentsTransport
import Testing

/// `assistantd` and `assistant` as a user runs them, in two processes, with the Recipe
/// Assistant's host a third; real processes and signals, so these wait on the real clock.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ExecutableTests {
    static let pancakes = ConversationTests.pancakes

    @Test func theClientPrintsTheConversationAndExitsWithTheOutcomesStatus() async throws {
        let daemon = try await DaemonProcess.start(freshRuntimeDirectory())
        defer { daemon.cleanUp() }
        #expect(daemon.output == "assistantd: serving \(servedDemoApps) on \(daemon.socket)\n")
        let said = try await daemon.client("say", "show", "directions", "for", "banana", "pancakes")
        #expect(said == ClientRun(status: .exited(0), stdout: "Opening Recipe Assistant.\n\(Self.pancakes)\n", stderr: ""))
        let trace = try await daemon.client("trace")
        #expect(trace.status == .exited(0))
        #expect(trace.stdout.contains("process      spawn \(BuiltProducts.executable("recipe-assistant-app")) pid "))
        // The REPL, fed from a pipe: each line is shown, answers to prompts too.
        let repl = try await daemon.client(stdin: ":quit Recipe Assistant\nshow directions\n2\n")
        #expect(repl.status == .exited(0))
        #expect(repl.lines == [
            "> :quit Recipe Assistant", "Quit Recipe Assistant: its sessions are discarded.", "> show directions", "Which recipe?", "All Recipes:",
            "1. Banana Pancakes (25 min · serves 4)", "2. Buttermilk Pancakes (20 min · serves 4)",
            "3. Blueberry Pancakes (25 min · serves 4)", "Say \"more\" for more.", "> 2", "Opening Recipe Assistant.",
            "Here are the ingredients for Buttermilk Pancakes: 250 g flour, 2 tbsp sugar, 1 tsp baking soda, 500 ml buttermilk, 2 eggs, 50 g melted butter.",
        ])
        // --json: standard output holds the trace events, one JSON object per line.
        let json = try await daemon.client("--json", "say", "next step")
        #expect(json.status == .exited(0))
        let events = try json.lines.map { try JSONDecoder().decode(TraceEventShape.self, from: Data($0.utf8)) }
        #expect(events.first?.kind == "request")
        #expect(events.last == TraceEventShape(kind: "outcome", detail: "success"))
        #expect(json.stderr == "Step 1. Mix the flour, sugar and baking soda.\n")
        // A failed outcome: 1.
        let unknown = try await daemon.client("say", "xyzzy")
        #expect(unknown.status == .exited(1))
        #expect(unknown.stdout.hasPrefix("Sorry, I didn't understand."))
        // Words echoed back cannot drive the terminal: what is said is printed escaped.
        let escape = try await daemon.client("say", "show directions for x\u{1B}[2Jy")
        #expect(escape.stdout.hasPrefix("I couldn't find a recipe called 'x\\u{1B}[2Jy'.\nWhich recipe?\n"), "\(escape.stdout)")
        #expect(!escape.stdout.unicodeScalars.contains("\u{1B}"))
        // Usage: 2, with one line naming the argument at fault.
        for (arguments, problem) in [
            (["fly"], "There is no command fly; see --help."),
            (["say"], "say needs the words to say: assistant say show directions for banana pancakes."),
            (["apps", "now"], "apps takes nothing after it."),
            (["--json", "--json", "apps"], "--json is given twice; give it once."),
        ] {
            let usage = try await runClient(["--runtime-dir", daemon.directory] + arguments)
            #expect(usage.status == .exited(2) && usage.stdout.isEmpty)
            #expect(usage.stderr == "assistant: \(problem)\n")
        }
        #expect(await daemon.end() == .exited(0))
        // No daemon: 69, with the command that starts one.
        let nobody = try await runClient(["--runtime-dir", daemon.directory, "apps"])
        #expect(nobody == ClientRun(
            status: .exited(69), stdout: "",
            stderr: "assistant: no daemon is running on \(daemon.socket).\nStart one with: swift run assistantd --runtime-dir \(daemon.directory)\n"))
        // No daemon in the default directory: the daemon may run in another, and the hint says
        // how to reach it.
        let fallback = try await runClient(["apps"], environment: ["XDG_RUNTIME_DIR": daemon.directory])
        #expect(fallback == ClientRun(
            status: .exited(69), stdout: "",
            stderr: "assistant: no daemon is running on \(daemon.directory)/sceneintents/assistantd.sock.\n"
                + "Start one with: swift run assistantd (a daemon started with --runtime-dir DIR is reached with assistant --runtime-dir DIR)\n"))
    }

    /// A real stopped process and the client's real 5 s: the one wait on the wall clock here.
    @Test func aStoppedDaemonIsGivenUpAfterFiveSecondsWithoutAnswer() async throws {
        let daemon = try await DaemonProcess.start(freshRuntimeDirectory())
        defer { daemon.cleanUp() }
        daemon.child.kill(SIGSTOP)
        let stopped = try await daemon.client("apps")
        daemon.child.kill(SIGCONT)
        #expect(stopped == ClientRun(
            status: .exited(69), stdout: "",
            stderr: "assistant: the daemon on \(daemon.socket) did not answer hello within 5.0 seconds: it may be stopped (SIGSTOP) or wedged\n"))
        // Continued, it serves the next client as ever.
        #expect(try await daemon.client("apps").status == .exited(0))
        #expect(await daemon.end() == .exited(0))
    }

    @Test func exitTypedAtAPromptCancelsTheRequestAndLeavesAsItDoesAnywhereElse() async throws {
        let daemon = try await DaemonProcess.start(freshRuntimeDirectory())
        defer { daemon.cleanUp() }
        // It was sent as the answer: "didn't catch that", asked again, and the session went on.
        let repl = try await daemon.client(stdin: "show directions\n:exit\ninsult me\n")
        #expect(repl.status == .exited(0))
        #expect(repl.lines == [
            "> show directions", "Which recipe?", "All Recipes:", "1. Banana Pancakes (25 min · serves 4)",
            "2. Buttermilk Pancakes (20 min · serves 4)", "3. Blueberry Pancakes (25 min · serves 4)",
            "Say \"more\" for more.", "> :exit", "OK, cancelled.",
        ])
        #expect(await daemon.end() == .exited(0))
    }

    @Test func theDaemonsCommandLineIsCheckedAndItsHelpComesFromOneList() async throws {
        let help = try await DaemonProcess.run(["--help"])
        #expect(help.status == .exited(0))
        #expect(help.stdout.hasPrefix("usage: assistantd [--apps DIR]... [--runtime-dir DIR] [--state-dir DIR] [--idle-exit SECONDS] [--rescan SECONDS] [--wyoming URI]... [--wyoming-allow-remote]\n"))
        for (arguments, problem) in [
            (["--fly"], "There is no option --fly; see --help."), (["--apps"], "--apps needs a value: --apps DIR."),
            (["--apps", "--wyoming-allow-remote"], "--apps needs a value: --apps DIR."),
            (["--idle-exit", "soon"], "--idle-exit needs a number of seconds above 0 and at most 86400 (such as 0.5), not soon."),
            (["--idle-exit", "0"], "--idle-exit needs a number of seconds above 0 and at most 86400 (such as 0.5), not 0."),
            (["--rescan", "-1"], "--rescan needs a number of seconds from 0 to 86400 (such as 0.5), not -1."),
            (["--runtime-dir", "/tmp/a", "--runtime-dir", "/tmp/b"], "--runtime-dir is given twice; give it once."),
            (["--idle-exit", "1", "--idle-exit", "2"], "--idle-exit is given twice; give it once."),
            (["--wyoming", "tcp://example.org:10700"], "--wyoming: \"tcp://example.org:10700\" is not a Wyoming address: the host must be a numeric IP address or localhost (no name is looked up) (tcp://HOST:PORT such as tcp://127.0.0.1:10700, or unix://PATH)."),
            (["--wyoming", "tcp://127.0.0.1"], "--wyoming: \"tcp://127.0.0.1\" is not a Wyoming address: a tcp:// address needs a port from 0 to 65535 (tcp://HOST:PORT such as tcp://127.0.0.1:10700, or unix://PATH)."),
            (["--wyoming-allow-remote", "--wyoming-allow-remote"], "--wyoming-allow-remote is given twice; give it once."),
        ] {
            let run = try await DaemonProcess.run(arguments)
            #expect(run.status == .exited(2))
            #expect(run.stderr == "assistantd: \(problem)\n")
        }
    }

    @Test func sigtermEndsTheHostsRemovesTheSocketAndExitsZero() async throws {
        let daemon = try await DaemonProcess.start(freshRuntimeDirectory())
        defer { daemon.cleanUp() }
        #expect(try await daemon.client("say", "show directions for banana pancakes").status == .exited(0))
        let hosts = children(of: daemon.child.pid)
        #expect(hosts.count == 1)
        // A second daemon is refused while this one serves.
        let second = try await DaemonProcess.run(["--runtime-dir", daemon.directory, "--state-dir", "\(daemon.files.folder)/state"])
        #expect(second.status == .exited(1))
        #expect(second.stderr == "assistantd: assistantd is already running (pid \(daemon.child.pid)) in \(daemon.directory): it holds \(daemon.directory)/assistantd.lock; stop it first, or give this one another --runtime-dir\n")
        #expect(await daemon.end(SIGTERM) == .exited(0))
        #expect(daemon.output.hasSuffix("assistantd: SIGTERM: stopping\nassistantd: stopped\n"))
        #expect(hosts.allSatisfy { !isAlive($0) })
        #expect(try FileManager.default.contentsOfDirectory(atPath: daemon.directory) == [])
    }

    @Test func afterSigkillTheHostsLeaveOnTheirOwnAndARestartFindsNoStaleSocketProblem() async throws {
        let directory = freshRuntimeDirectory()
        let first = try await DaemonProcess.start(directory)
        #expect(try await first.client("say", "show directions for banana pancakes").status == .exited(0))
        let hosts = children(of: first.child.pid)
        #expect(hosts.count == 1)
        #expect(await first.end(SIGKILL) == .signalled(SIGKILL))
        // The host's connection closed with its daemon: it exits by itself.
        #expect(await eventually { hosts.allSatisfy { !isAlive($0) } })
        #expect(FileManager.default.fileExists(atPath: first.socket))
        first.files.remove()
        let second = try await DaemonProcess.start(directory)
        defer { second.cleanUp() }
        #expect(second.output == "assistantd: serving \(servedDemoApps) on \(second.socket)\n")
        #expect(try await second.client("say", "show directions for banana pancakes").stdout == "Opening Recipe Assistant.\n\(Self.pancakes)\n")
        #expect(await second.end() == .exited(0))
        #expect(children(of: second.child.pid) == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
    }

    @Test func aClientKilledAtAPromptCancelsItsRequestAndNoLaterPhaseRuns() async throws {
        let daemon = try await DaemonProcess.start(freshRuntimeDirectory())
        defer { daemon.cleanUp() }
        // Standard input is a pipe kept open: the client waits at the prompt.
        var pipe: [Int32] = [0, 0]
        #expect(Glibc.pipe(&pipe) == 0)
        for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { pipe.forEach { _ = close($0) } }
        let output = daemon.files.writable("client")
        defer { _ = close(output) }
        let client = try ChildProcess.spawn(
            BuiltProducts.executable("assistant"), arguments: ["--runtime-dir", daemon.directory, "say", "show directions"],
            stdin: .descriptor(pipe[0]), stdout: .descriptor(output))
        #expect(await eventually { daemon.files.text("client").contains("Say \"more\" for more.") })
        client.kill(SIGKILL)
        #expect(await client.exit == .signalled(SIGKILL))
        var lines: [String] = []
        #expect(await eventually {
            lines = (try? await daemon.client("trace"))?.lines ?? []
            return lines.last?.hasSuffix("outcome      cancelled") == true
        })
        let afterPrompt = lines.drop { !$0.contains("prompt       Which recipe?") }.dropFirst().map { String($0.dropFirst(11)) }
        #expect(afterPrompt == ["answer       cancel", "say          OK, cancelled.", "outcome      cancelled"])
        #expect(!lines.contains { $0.contains("confirm") || $0.contains("handle →") })
        #expect(await daemon.end() == .exited(0))
        #expect(children(of: daemon.child.pid) == [])
    }
}

/// A trace event's JSON, as `--json` prints it.
struct TraceEventShape: Decodable, Equatable {
    let kind: String
    let detail: String
}

/// The demo apps `assistantd` links and serves by default, in the registry's order.
let servedDemoApps = "Hobson, Hydrator, Recipe Assistant"
