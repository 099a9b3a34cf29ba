import Foundation
import SceneIntentsTesting
import Testing

/// `hobson-app` started by hand takes no options but `--help`: anything else is refused in one
/// line (exit 64) instead of being ignored.
struct HobsonAppProcessFaultTests {
    @Test func anArgumentItDoesNotTakeIsRefused() async throws {
        for (arguments, message) in [(["--data", "x"], "There is no option --data; see --help."), (["--help", "--help"], "--help is given twice; give it once.")] {
            let run = try await BuiltProducts.run("hobson-app", arguments)
            #expect(run.status == 64 && run.stdout.isEmpty)
            #expect(run.stderr == "hobson-app: \(message)\n")
        }
        let help = try await BuiltProducts.run("hobson-app", ["-h"])
        #expect(help.status == 0 && help.stderr.isEmpty)
        #expect(help.stdout.hasPrefix("usage: hobson-app\nHobson's app process."), "\(help.stdout)")
    }
}
