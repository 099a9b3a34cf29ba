import Assistant
import Foundation
import RecipeAssistantKit
import SceneIntents
import SceneIntentsTesting
import Testing

/// A shell over a script, with everything it wrote.
@MainActor
struct ShellRun {
    let shell: RecipeShell
    let input: ScriptLines
    let output: ShellOutput
    let warnings: ShellOutput
    let clock: ManualClock
    /// What `run()` answered, when the script was run whole.
    var status: Int32?

    var app: RecipeAssistantApp { shell.recipeApp }
    var text: String { output.text }
    var lines: [String] { output.lines }
    var spoken: [String] { lines.filter { $0.hasPrefix("Assistant: ") }.map { String($0.dropFirst(11)) } }
    var errors: [String] { lines.filter { $0.hasPrefix("Error: ") }.map { String($0.dropFirst(7)) } }
    var screen: (any RecipeScreen)? { app.foregroundScreen }
    var directions: DirectionsViewController? { screen as? DirectionsViewController }
    var lifecycle: [String] { shell.trace.events.filter { $0.kind == .lifecycle }.map(\.detail) }
    var answers: [String] { shell.trace.events.filter { $0.kind == .answer }.map(\.detail) }
    var outcomes: [String] { shell.trace.events.filter { $0.kind == .outcome }.map(\.detail) }

    /// A shell over `script`, not yet run; echo on unless the options say otherwise.
    static func make(_ script: String, options: RecipeShell.Options? = nil) throws -> ShellRun {
        var echoing = RecipeShell.Options()
        echoing.echo = true
        let input = ScriptLines(text: script)
        let output = ShellOutput.captured()
        let warnings = ShellOutput.captured()
        let clock = ManualClock()
        let shell = try RecipeShell(options: options ?? echoing, input: input, output: output, warnings: warnings, clock: .sleeping(on: clock))
        return ShellRun(shell: shell, input: input, output: output, warnings: warnings, clock: clock)
    }

    /// Runs the whole script through `run()` (the app is terminated at the end).
    static func run(_ script: String, options: RecipeShell.Options? = nil) async throws -> ShellRun {
        var run = try make(script, options: options)
        run.status = await run.shell.run()
        return run
    }

    /// Carries the script out line by line with `turn`, leaving the app as the script leaves it.
    static func turns(_ script: String) async throws -> ShellRun {
        let run = try make(script)
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
