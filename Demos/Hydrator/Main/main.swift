import Foundation
import HydratorShell

/// `hydrator`: log drinks by voice-style text and see them on the Today screen. See `--help`
/// (generated from `HydratorShell.options` and `HydratorShell.commands`).
let status = await HydratorShell.program.main(options: HydratorShell.options) { options, environment in
    try HydratorSession(options: options, environment: environment)
}
exit(status)
