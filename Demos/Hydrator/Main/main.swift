import Foundation
import HydratorShell

/// `hydrator`: log drinks by voice-style text and see them on the Today screen. See `--help`
/// (generated from `HydratorShell.options` and `HydratorShell.commands`).
HydratorShell.program.run(options: HydratorShell.options) { options, environment in
    try HydratorSession(options: options, environment: environment)
}
