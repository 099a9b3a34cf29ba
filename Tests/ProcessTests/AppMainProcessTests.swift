import Assistant
import AssistantService
import Foundation
import Glibc
import SceneIntents
import SceneIntentsTesting
import SceneIntentsTransport
import TestFixtures
import Testing

/// The kitchen's executables, launched the ways a user and a system launch them.
@Suite(.serialized)
struct AppMainProcessTests {
    let greeting = "Kitchen is running in this process; type its commands. :quit or Ctrl-D ends it.\n"

    @Test func fromATerminalTheAppRunsInProcessAndABadLineGetsOneLine() async throws {
        let run = try await BuiltProducts.run(atPath: BuiltProducts.executable("kitchen-host"), [], stdin: "locked\nfly\n:quit\nlocked\n")
        #expect(run == BuiltProductRun(status: 0, stdout: greeting + "unlocked\n", stderr: "Kitchen: kitchen-host knows only the command \"locked\", not \"fly\"\n"))
    }

    @Test func theEndOfInputEndsTheSession() async throws {
        let run = try await BuiltProducts.run(atPath: BuiltProducts.executable("kitchen-host"), [], stdin: "")
        #expect(run == BuiltProductRun(status: 0, stdout: greeting, stderr: ""))
    }

    @Test func aClosedStandardOutputEndsTheSessionWith74AndOneLine() async throws {
        let run = try await BuiltProducts.run(atPath: BuiltProducts.executable("kitchen-host"), [], stdin: "locked\nlocked\n", closedStandardOutput: true)
        #expect(run == BuiltProductRun(status: 74, stdout: "", stderr: "Kitchen: cannot write to standard output: broken pipe.\n"))
    }

    /// A system launch: the executable's name chooses the app or the extension (`kitchen-host`
    /// under the name `kitchen-extension`, a link, serves the extension it holds). Each answers
    /// the order its own way.
    @Test func aSystemLaunchServesTheExtensionUnderItsNameAndTheAppUnderAnother() async throws {
        let directory = try RuntimeDirectory.prepare("/tmp/si-appmain-\(getpid())-\(OneTimeToken.generate().value.prefix(8))")
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let link = "\(directory.path)/kitchen-extension"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: BuiltProducts.executable("kitchen-host"))
        var dialogs: [String: [String]] = [:]
        for executable in [BuiltProducts.executable("kitchen-host"), link] {
            let connection = try ProcessConnection(
                launch: LaunchCommand(executable: executable), appName: "Kitchen", manifest: Kitchen.manifest(),
                catalog: try Kitchen.catalog(), runtimeDirectory: directory)
            let assistant = Assistant(connection: connection, user: ScriptedUser(), device: Device(), clock: .continuous())
            let outcome = await assistant.perform(.intent(phoOrder))
            dialogs[(executable as NSString).lastPathComponent] = outcome.dialog
            let connected = assistant.trace.events.filter { $0.kind == .process && $0.detail.hasPrefix("connected") }
            #expect(connected.count == 1)
            await connection.close(grace: .seconds(1))
            #expect(await connection.processIdentifier == nil)
        }
        #expect(dialogs == ["kitchen-extension": ["The extension ordered 2 Pho."], "kitchen-host": ["2 Pho coming up."]])
    }
}

/// A call sent in the instant an intents extension idles out: the extension exits with status 0
/// without reading it. The system sends it once more to a new launch; an app that exits the same
/// way has stopped unexpectedly (an app does not idle out), and its call is not sent again.
@MainActor @Suite struct IdleExitRaceTests {
    let directory = "/tmp/si-idle-\(getpid())-\(OneTimeToken.generate().value.prefix(8))"

    func outcome(of executableName: String) async throws -> (AssistantOutcome, [String], processGone: Bool) {
        let directory = try RuntimeDirectory.prepare(directory)
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let executable = "\(directory.path)/\(executableName)"
        try FileManager.default.createSymbolicLink(atPath: executable, withDestinationPath: BuiltProducts.executable("kitchen-host"))
        let connection = try ProcessConnection(
            launch: LaunchCommand(executable: executable, environment: ["KITCHEN_MODE": "exit-once:\(directory.path)/exited"]),
            appName: "Kitchen", manifest: Kitchen.manifest(), catalog: try Kitchen.catalog(), runtimeDirectory: directory)
        let user = ScriptedUser()
        let assistant = Assistant(connection: connection, user: user, device: Device(), clock: .continuous())
        let outcome = await assistant.perform(.intent(phoOrder))
        let process = assistant.trace.events.filter { $0.kind == .process }.map {
            $0.detail.replacingOccurrences(of: #"pid \d+"#, with: "pid N", options: .regularExpression)
                .replacingOccurrences(of: #"after [0-9.]+ ms"#, with: "after X ms", options: .regularExpression)
        }
        let pid = await connection.processIdentifier
        await connection.close(grace: .seconds(1))
        #expect(leftInFlight(user: user) == [])
        return (outcome, process, pid.map { !FileManager.default.fileExists(atPath: "/proc/\($0)") } ?? true)
    }

    @Test(.timeLimit(.minutes(1)))
    func anExtensionThatIdledOutAsTheCallCameIsLaunchedAgainForIt() async throws {
        let (outcome, process, gone) = try await outcome(of: "kitchen-extension")
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["The extension ordered 2 Pho."])
        let spawn = "spawn \(directory)/kitchen-extension pid N"
        #expect(process == [
            spawn, "connected after X ms: Kitchen Intents pid N", "Kitchen (pid N) exited with status 0",
            "Kitchen idled out as a call came, before reading it: the call is sent again to a new launch",
            spawn, "connected after X ms: Kitchen Intents pid N",
        ])
        #expect(gone)
    }

    @Test(.timeLimit(.minutes(1)))
    func anAppThatExitsMidCallHasStoppedAndTheCallIsNotSentAgain() async throws {
        let (outcome, process, gone) = try await outcome(of: "kitchen-host")
        #expect(outcome.status == .failure)
        #expect(outcome.dialog == ["Sorry, Kitchen stopped unexpectedly."])
        #expect(process.filter { $0.hasPrefix("spawn ") }.count == 1)
        #expect(!process.contains { $0.contains("sent again") })
        #expect(gone)
    }
}
