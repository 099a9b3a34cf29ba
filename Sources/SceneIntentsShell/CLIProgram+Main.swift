import Assistant
import Glibc
import SceneIntentsTransport
import Synchronization

/// The whole program, so that a CLI's `main.swift` is its tables and one call.
extension CLIProgram {
    /// Runs ``main(options:arguments:clock:makeApp:)`` on the main thread's `MainLoop` and exits
    /// the process with its status: what a CLI's `main.swift` calls.
    ///
    /// Under the loop, an app in its own process answers a request made on the main actor with
    /// one thread woken in this process (the main thread reads the app's socket itself).
    public func run<Options>(
        options table: [CLIOption<Options>], makeApp: @escaping @MainActor (Options, ShellEnvironment) throws -> App
    ) -> Never {
        MainLoop.run { await main(options: table, makeApp: makeApp) }
    }

    /// Reads the arguments against `options`, prints `--help`, opens the lines (a terminal, a
    /// pipe, `--script FILE|-`, a tour), makes the app and runs the session; answers the exit
    /// status for `exit`.
    ///
    /// Statuses: 0 done, 1 a turn failed, 64 a usage error (one line on standard error naming
    /// the argument at fault), 66 an unreadable script, 70 the app cannot start, 74 standard output
    /// cannot be written (one line on standard error, no backtrace). SIGPIPE is ignored, so a
    /// closed pipe is a write error the session reports rather than a signal that kills it.
    @MainActor
    public func main<Options>(
        options table: [CLIOption<Options>], arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        clock: BudgetClock = .continuous(),
        makeApp: (Options, ShellEnvironment) throws -> App
    ) async -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let output = ShellOutput.standardOutput()
        let warnings = ShellOutput.standardError()
        let syntax = syntax(options: table)
        let request: CommandLineRequest<Options>
        do {
            request = try syntax.parse(arguments, into: Options())
        } catch {
            warnings.write("\(name): \(error.message)")
            return 64
        }
        guard case .run(var options) = request else {
            output.write(syntax.helpText)
            return finished(output, warnings, status: 0)
        }
        let input: any LineSource
        do {
            input = try options.session.input.open(adjusting: &options.session)
        } catch {
            warnings.write("\(name): \(error)")
            return 66
        }
        do {
            let shell = try Shell(
                program: self, settings: options.session, input: input, output: output, warnings: warnings, clock: clock,
                makeApp: { try makeApp(options, $0) })
            let signals = Self.endOnSignals(shell)
            defer { withExtendedLifetime(signals) {} }
            return finished(output, warnings, status: await shell.run())
        } catch {
            warnings.write("\(name): the app cannot start: \(error).")
            return 70
        }
    }

    /// SIGINT, SIGTERM and SIGHUP end the session in order: the app is closed (its processes
    /// asked to quit, killed after the grace, their sockets removed), then the process exits with
    /// 128 + the signal's number, as a shell killed by it would. A second signal exits at once.
    private static func endOnSignals(_ shell: Shell<App>) -> SignalWatch {
        let ending = Ending()
        return SignalWatch([SIGINT, SIGTERM, SIGHUP]) { number in
            guard !ending.flag.exchange(true, ordering: .relaxed) else { Glibc.exit(128 + number) }
            Task { @MainActor in
                await shell.close()
                Glibc.exit(128 + number)
            }
        }
    }

    /// The status, or 74 with one line on standard error when standard output could not be
    /// written.
    private func finished(_ output: ShellOutput, _ warnings: ShellOutput, status: Int32) -> Int32 {
        warnings.reportFailure(of: output, program: name) ? 74 : status
    }
}

/// Whether a signal already began ending the session (a class, so the signal handler can hold it).
private final class Ending: Sendable {
    let flag = Atomic<Bool>(false)
}
