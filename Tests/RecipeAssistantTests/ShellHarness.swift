import Assistant
import Foundation
import RecipeAssistantCLI
import RecipeAssistantKit
import SceneIntents
import SceneIntentsTesting
import Testing

/// A shell over a script, with everything it wrote.
@MainActor
struct ShellRun {
    let shell: Shell<RecipeSession>
    let input: ScriptLines
    let output: ShellOutput
    let warnings: ShellOutput
    let clock: ManualClock
    /// What `run()` answered, when the script was run whole.
    var status: Int32?

    /// The app (tests that read its state run it in process).
    var app: RecipeAssistantApp { shell.app.recipeApp! }
    /// The app's process while it runs in its own; nil in process.
    var appProcessIdentifier: Int32? {
        get async { await shell.app.place.appProcess?.processIdentifier }
    }
    var text: String { output.text }
    var lines: [String] { output.lines }
    var spoken: [String] { lines.filter { $0.hasPrefix("Assistant: ") }.map { String($0.dropFirst(11)) } }
    var errors: [String] { lines.filter { $0.hasPrefix("Error: ") }.map { String($0.dropFirst(7)) } }
    var screen: (any RecipeScreen)? { app.foregroundScreen }
    var directions: DirectionsViewController? { screen as? DirectionsViewController }
    var lifecycle: [String] { shell.trace.events.filter { $0.kind == .lifecycle }.map(\.detail) }
    var answers: [String] { shell.trace.events.filter { $0.kind == .answer }.map(\.detail) }
    var outcomes: [String] { shell.trace.events.filter { $0.kind == .outcome }.map(\.detail) }

    /// A shell over `script`, not yet run; echo on unless the options say otherwise. In
    /// `.separateProcesses` the app's socket goes in a private runtime directory.
    static func make(_ script: String, options: RecipeShell.Options? = nil, mode: Mode = .inProcess) throws -> ShellRun {
        var chosen = options ?? RecipeShell.Options()
        if options == nil { chosen.echo = true }
        if mode == .separateProcesses {
            chosen.separateProcesses = true
            chosen.runtimeDirectory = chosen.runtimeDirectory ?? Mode.privateRuntimeDirectory()
        }
        let input = ScriptLines(text: script)
        let output = ShellOutput.captured()
        let warnings = ShellOutput.captured()
        let clock = ManualClock()
        let shell = try recipeShell(options: chosen, input: input, output: output, warnings: warnings, clock: clock)
        return ShellRun(shell: shell, input: input, output: output, warnings: warnings, clock: clock)
    }

    /// Runs the whole script through `run()` (the app is terminated at the end).
    static func run(mode: Mode = .inProcess, _ script: String, options: RecipeShell.Options? = nil) async throws -> ShellRun {
        var run = try make(script, options: options, mode: mode)
        run.status = await run.shell.run()
        return run
    }

    /// Carries the script out line by line with `turn`, leaving the app as the script leaves it.
    static func turns(_ script: String, mode: Mode = .inProcess) async throws -> ShellRun {
        let run = try make(script, mode: mode)
        while let line = await run.input.nextLine() {
            if !line.isEmpty { await run.shell.turn(line) }
        }
        return run
    }

    /// Nothing is left in flight: every line was read, no request waits on the clock, no
    /// speaker runs, and nothing was written to standard output's failure.
    func expectNothingInFlight(sourceLocation: SourceLocation = #_sourceLocation) async {
        #expect(await input.nextLine() == nil, "lines were left unread", sourceLocation: sourceLocation)
        #expect(clock.sleeperCount == 0, "a budget is still armed", sourceLocation: sourceLocation)
        #expect(shell.outputFailure == nil, sourceLocation: sourceLocation)
    }
}

/// A shell over a new, not yet running, Recipe Assistant, as `recipe-assistant` makes it, on
/// `clock`.
@MainActor
func recipeShell(
    options: RecipeShell.Options, input: any LineSource, output: ShellOutput, warnings: ShellOutput = .standardError(),
    clock: ManualClock
) throws -> Shell<RecipeSession> {
    try Shell(
        program: RecipeShell.program, settings: options.session, input: input, output: output, warnings: warnings,
        clock: .sleeping(on: clock)
    ) { try RecipeSession(options: options, environment: $0) }
}

/// Where the app runs in a test.
enum Mode: String, Sendable, CustomTestStringConvertible {
    /// In the shell's process.
    case inProcess
    /// In its own process, `recipe-assistant-app`, built beside the test bundle.
    case separateProcesses

    var testDescription: String { rawValue }

    /// A new runtime directory path of this test process's own (created by the shell).
    static func privateRuntimeDirectory() -> String {
        "/tmp/si-recipe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }
}

extension ShellRun {
    /// What the session showed: every output line and every trace event but the process ones,
    /// with process numbers replaced, so the two modes can be compared whole.
    var transcript: [String] {
        let trace = shell.trace.events.filter { $0.kind != .process }.map { "\($0.kind.rawValue): \($0.detail)" }
        return (lines + ["--- trace"] + trace).map { $0.replacing(/process \d+/, with: "process N") }
    }

    /// The trace's process lines with numbers replaced, but those of the kept sessions.
    var processLines: [String] {
        shell.trace.events.filter { $0.kind == .process && !$0.detail.hasPrefix("sessions of") }.map {
            $0.detail.replacing(/pid \d+/, with: "pid N").replacing(/after [\d.]+ ms/, with: "after X ms")
        }
    }

    /// The trace's lines about the app's kept sessions: what each launch restores, and what
    /// was saved, closed and discarded.
    var sessionLines: [String] {
        shell.trace.events.filter { $0.kind == .process && $0.detail.hasPrefix("sessions of") }.map(\.detail)
    }

    /// Ends the session as `run()` does and checks nothing is left: no app process, no socket
    /// file in the runtime directory (which is then removed); the kept sessions' folder stays
    /// until then, as it outlives the app's processes on purpose.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
        let before = shell.trace.count
        await shell.close()
        #expect(await appProcessIdentifier == nil, sourceLocation: sourceLocation)
        if shell.settings.separateProcesses {
            // A host that ran is asked to quit and exits on its own; one that never ran leaves
            // nothing to say.
            let stops = shell.trace.events.dropFirst(before)
                .filter { $0.kind == .process && !$0.detail.hasPrefix("sessions of") }.map(\.detail)
            #expect(stops.allSatisfy { $0.hasSuffix("exited with status 0") }, "\(stops)", sourceLocation: sourceLocation)
        }
        guard let directory = shell.settings.runtimeDirectory else { return }
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0 != "sessions" }
        #expect(left.isEmpty, "left in the runtime directory: \(left)", sourceLocation: sourceLocation)
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Runs `script` in process (returned, for its state to be checked) and, in
/// `.separateProcesses`, again with the app in its own process, expecting the same transcript
/// and the separate run's trace to show the app's launch.
@MainActor
func scenario(_ mode: Mode, _ script: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> ShellRun {
    let local = try await ShellRun.turns(script)
    guard mode == .separateProcesses else { return local }
    let separate = try await ShellRun.turns(script, mode: .separateProcesses)
    #expect(separate.transcript == local.transcript, sourceLocation: sourceLocation)
    #expect(separate.shell.errorCount == local.shell.errorCount, sourceLocation: sourceLocation)
    let spawn = "spawn \(BuiltProducts.executable("recipe-assistant-app")) pid N"
    #expect(separate.processLines.prefix(2) == [spawn, "connected after X ms: Recipe Assistant pid N"], sourceLocation: sourceLocation)
    await separate.finish(sourceLocation: sourceLocation)
    #expect(separate.clock.sleeperCount == 0, sourceLocation: sourceLocation)
    return local
}
