import Foundation
import HobsonKit
import SceneIntentsShell

/// `hobson`: the Hobson demo. See `--help` (generated from `HobsonOptions.all` and the
/// program's commands). Every line is heard by the voice shortcut connection before the shell
/// takes it, so a recorded phrase runs its shortcut; otherwise this is `CLIProgram.main`.
@MainActor
func main() async -> Int32 {
    let program = HobsonShell.program
    let warnings = ShellOutput.standardError()
    let output = ShellOutput.standardOutput()
    var invocation: Invocation<HobsonOptions>
    do { invocation = try Invocation.parse(Array(CommandLine.arguments.dropFirst()), options: HobsonOptions.all) } catch {
        warnings.write("hobson: \(error.message)\n\n\(program.helpText(options: HobsonOptions.all))")
        return 64
    }
    if invocation.showsHelp {
        output.write(program.helpText(options: HobsonOptions.all))
        return 0
    }
    let lines: HeardLines
    do { lines = HeardLines(try invocation.input.open(adjusting: &invocation.options.session)) } catch {
        warnings.write("hobson: \(error)")
        return 66
    }
    let options = invocation.options
    do {
        let shell = try Shell(
            program: program, settings: options.session, input: lines, output: output, warnings: warnings,
            clock: .continuous()
        ) { environment in
            let app = try HobsonShellApp(options: options, environment: environment)
            let voice = app.session.voice
            lines.listen { voice.heard($0) }
            return app
        }
        return await shell.run()
    } catch {
        warnings.write("hobson: the app cannot start: \(error).")
        return 70
    }
}

signal(SIGPIPE, SIG_IGN)
exit(await main())
