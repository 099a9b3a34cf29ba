import Foundation
import SceneIntentsTesting
import Testing

/// `recipe-assistant-app` started by hand: an argument it does not take, a bad or repeated
/// `--catalog-size`, is refused in one line (exit 64) instead of being ignored or clamped; `--help`
/// says what it takes.
struct AppProcessArgumentFaultTests {
    @Test(arguments: [
        (["--bogus"], "There is no option --bogus; see --help."),
        (["--catalog-size", "abc"], "--catalog-size needs a whole number from 0 to 5000000, not abc."),
        (["--catalog-size", "9999999"], "--catalog-size needs a whole number from 0 to 5000000, not 9999999."),
        (["--catalog-size=1", "--catalog-size", "2"], "--catalog-size is given twice; give it once."),
    ])
    func aMistakeIsRefusedInOneLine(_ arguments: [String], _ message: String) async throws {
        let run = try await BuiltProducts.run("recipe-assistant-app", arguments)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "recipe-assistant-app: \(message)\n")
    }

    @Test func helpSaysWhatItTakes() async throws {
        let run = try await BuiltProducts.run("recipe-assistant-app", ["--help"])
        #expect(run.status == 0 && run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("usage: recipe-assistant-app [--json] [--catalog-size N]\n"), "\(run.stdout)")
        #expect(run.stdout.contains("  --help, -h        Print this help and leave.\n"), "\(run.stdout)")
    }
}
