import Foundation
import TimersCLI

/// `timers`: kitchen timers by voice-style text, every intent declared with App Intents' API.
/// See `--help`.
TimersShell.program.run(options: TimersShell.options) { _, environment in
    try TimersSession(environment: environment)
}
