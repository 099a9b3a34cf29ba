import Foundation
import HobsonCLI
import HobsonKit
import SceneIntentsShell
import Testing

/// `hobson`'s command line: a `--data` that is a file is named in a sentence, and `--help`
/// mentions no tour Hobson does not have.
struct OptionTests {
    @Test func aDataPathThatIsAFileIsRefusedInASentence() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "hobson-options-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = root + "/notes.txt"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        let syntax = HobsonShell.program.syntax(options: HobsonOptions.all)
        for given in [file, file + "/data"] {
            #expect(throws: UsageError(
                code: .badValue, value: given,
                message: "--data needs a directory, but \(file) is a file; give a directory (it is created if missing).")) {
                try syntax.parse(["--data", given], into: HobsonOptions())
            }
        }
        guard case .run(let fine) = try syntax.parse(["--data", root + "/new/data"], into: HobsonOptions()) else {
            Issue.record("no options")
            return
        }
        #expect(fine.dataDirectory == root + "/new/data")
    }

    @Test func helpNamesExitStatus70AndNoTour() {
        let help = HobsonShell.program.helpText(options: HobsonOptions.all)
        #expect(help.contains("  70  the app cannot start\n"))
        #expect(!help.lowercased().contains("tour"))
    }
}
