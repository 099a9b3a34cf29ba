import Foundation
import HobsonCLI
import HobsonKit
import SceneIntentsShell

/// `hobson`: the Hobson demo. See `--help` (generated from `HobsonOptions.all` and the
/// program's commands). Each line goes through the voice shortcut connection
/// (`HobsonShellApp.request(for:)`), so a recorded phrase runs its shortcut.
HobsonShell.program.run(options: HobsonOptions.all) { options, environment in
    try HobsonShellApp(options: options, environment: environment)
}
