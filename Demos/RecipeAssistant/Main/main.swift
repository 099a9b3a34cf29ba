import Foundation
import Glibc
import RecipeAssistantKit

/// `recipe-assistant`: the Recipe Assistant demo. See `--help` (generated from
/// `ShellOption.all` and `ShellCommand.all`).
///
/// Exit statuses: 0 done, 1 a turn failed, 64 usage error, 66 unreadable script, 74 standard
/// output cannot be written (one line on standard error, no backtrace).
@MainActor
func main() async -> Int32 {
    // A closed pipe must be a write error (EPIPE) the shell reports, not a signal that kills it.
    signal(SIGPIPE, SIG_IGN)
    let output = ShellOutput.standardOutput()
    let warnings = ShellOutput.standardError()
    var invocation: ShellInvocation
    do {
        invocation = try ShellInvocation.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        warnings.write("recipe-assistant: \(error.message)\n\n\(ShellOption.helpText)")
        return 64
    }
    if invocation.showsHelp {
        output.write(ShellOption.helpText)
        return finished(output, warnings, status: 0)
    }
    let input: any LineSource
    switch invocation.input {
    case .tour:
        input = ScriptLines(text: Tour.script)
        invocation.options.echo = true
        invocation.options.failedTurnsFail = false
    case .script("-"):
        input = StandardInputLines()
        invocation.options.echo = true
    case .script(let path):
        do {
            input = try ScriptFile.lines(atPath: path)
        } catch {
            warnings.write("recipe-assistant: \(error)")
            return 66
        }
        invocation.options.echo = true
    case .standardInput:
        input = StandardInputLines()
        invocation.options.interactive = isatty(STDIN_FILENO) != 0
        invocation.options.echo = !invocation.options.interactive
        invocation.options.failedTurnsFail = !invocation.options.interactive
    }
    do {
        let shell = try RecipeShell(
            options: invocation.options, input: input, output: output, warnings: warnings, clock: .continuous())
        return finished(output, warnings, status: await shell.run())
    } catch {
        warnings.write("recipe-assistant: the app cannot start: \(error).")
        return 70
    }
}

/// The status, or 74 with one line on standard error when standard output could not be written.
func finished(_ output: ShellOutput, _ warnings: ShellOutput, status: Int32) -> Int32 {
    guard let failure = output.failure else { return status }
    warnings.write("recipe-assistant: cannot write to standard output: \(failure.lowercased()).")
    return 74
}

exit(await main())
