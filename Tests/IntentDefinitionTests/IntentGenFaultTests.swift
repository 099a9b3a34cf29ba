import Foundation
import Glibc
import Testing

/// `intentgen` given a FIFO for a definition, a file for `--output`, or an output it cannot
/// write: each is one sentence naming the path, at once, and a failed write of the help is not
/// a success.
struct IntentGenFaultTests {
    let command = CommandLineTests()

    @Test func aFIFOGivenAsADefinitionIsNamedAtOnce() async throws {
        let directory = try CommandLineTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appending(path: "Pipe.intentdefinition").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try await command.run([fifo, "--output", directory.appending(path: "out").path])
        #expect(run.status == 1)
        #expect(run.errors == ["intentgen: error: \(fifo): top level: cannot read the file: it is a FIFO, not a file; give an .intentdefinition file"])
    }

    @Test func aDefinitionLargerThanTheLimitIsRefusedUnread() async throws {
        let directory = try CommandLineTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let huge = directory.appending(path: "Huge.intentdefinition").path
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, off_t((16 << 20) + 1)) == 0)
        let run = try await command.run([huge, "--output", directory.appending(path: "out").path])
        #expect(run.status == 1)
        #expect(run.errors == ["intentgen: error: \(huge): top level: cannot read the file: it is larger than 16 MiB, the most an intent definition may be"])
    }

    @Test func anOutputThatIsAFileIsNamedInASentence() async throws {
        let directory = try CommandLineTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "out.txt")
        try Data("x".utf8).write(to: file)
        for output in [file.path, file.path + "/deeper"] {
            let run = try await command.run([Fixtures.built("Hydrator"), "--output", output])
            #expect(run.status == 1)
            #expect(run.errors == ["intentgen: error: --output needs a directory, but \(file.path) is a file"])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.txt"])
    }

    @Test func helpThatCannotBeWrittenExits74WithOneLine() async throws {
        let run = try await command.run(["--help"], standardOutput: "/dev/full")
        #expect(run.status == 74)
        #expect(run.errors == ["intentgen: cannot write to standard output: No space left on device"])
    }
}
