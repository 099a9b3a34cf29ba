import Foundation
import RecipeAssistantCLI
import RecipeAssistantKit
import Synchronization
import Testing

/// The built `recipe-assistant`, run as a user runs it (found beside the test bundle).
struct Binary {
    enum Stdout {
        case captured
        case full
        case closed
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(stderr.hasSuffix("\n") ? 1 : 0) }
    }

    static var url: URL {
        let bundle = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return bundle.deletingLastPathComponent().appendingPathComponent("recipe-assistant")
    }

    /// Runs it with `arguments`, standard input from `stdin`; waits for its end without
    /// blocking a thread (Foundation's termination handler resumes the test).
    static func run(_ arguments: [String], stdin: String = "", stdout: Stdout = .captured) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("binary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inPath = directory.appendingPathComponent("in")
        let outPath = directory.appendingPathComponent("out")
        let errPath = directory.appendingPathComponent("err")
        try Data(stdin.utf8).write(to: inPath)
        _ = FileManager.default.createFile(atPath: outPath.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath.path, contents: nil)
        let process = Process()
        switch stdout {
        case .closed:
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" \"$@\" >&-", url.path] + arguments
        case .captured, .full:
            process.executableURL = url
            process.arguments = arguments
        }
        process.standardInput = try FileHandle(forReadingFrom: inPath)
        process.standardOutput = stdout == .full
            ? FileHandle(forWritingAtPath: "/dev/full") : try FileHandle(forWritingTo: outPath)
        process.standardError = try FileHandle(forWritingTo: errPath)
        let status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        return Result(
            status: status, stdout: try String(contentsOf: outPath, encoding: .utf8),
            stderr: try String(contentsOf: errPath, encoding: .utf8))
    }

    /// A script file with these bytes, removed by the caller.
    static func script(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("script-\(UUID().uuidString).txt")
        try Data(bytes).write(to: url)
        return url
    }
}

struct BinaryTests {
    @Test(arguments: [Binary.Stdout.full, .closed])
    func aFailedWriteToStandardOutputEndsWithOneLineAndStatus74(_ stdout: Binary.Stdout) async throws {
        let result = try await Binary.run(["--script", "-"], stdin: ":help\n:open\n", stdout: stdout)
        #expect(result.status == 74)
        let reason = stdout == .full ? "no space left on device" : "bad file descriptor"
        #expect(result.stderrLines == ["recipe-assistant: cannot write to standard output: \(reason)."])
    }

    @Test func scriptFormsAllRunTheSameSession() async throws {
        let file = try Binary.script(Array(":open\r\n:tap 16\r\nnext step".utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let spaced = try await Binary.run(["--script", file.path])
        let joined = try await Binary.run(["--script=\(file.path)"])
        let piped = try await Binary.run(["--script", "-"], stdin: ":open\n:tap 16\nnext step\n")
        let plain = try await Binary.run([], stdin: ":open\n:tap 16\nnext step")
        for result in [spaced, joined, piped, plain] {
            #expect(result.status == 0)
            #expect(result.stdout == spaced.stdout)
            #expect(result.stderr.isEmpty)
        }
        #expect(spaced.stdout.contains("> next step\nAssistant: Step 1. Blend the chickpeas, tahini, lemon juice and garlic."))
    }

    @Test func anUnreadableScriptSaysWhy() async throws {
        let bad = try Binary.script(Array(":open\nché".utf8).dropLast() + [0xFF, 0x0A])
        defer { try? FileManager.default.removeItem(at: bad) }
        let directory = FileManager.default.temporaryDirectory.path
        let cases = [
            ("/no/such/script.txt", "Cannot read the script /no/such/script.txt: there is no such file."),
            (directory, "Cannot read the script \(directory): it is a directory, not a file."),
            (bad.path, "Cannot read the script \(bad.path): it is not UTF-8 text (byte 9 is not valid UTF-8)."),
            // A stream with no end is cut at the limit instead of filling memory.
            ("/dev/zero", "Cannot read the script /dev/zero: it is larger than 16 MiB, the most a script may be."),
        ]
        for (path, message) in cases {
            let result = try await Binary.run(["--script", path])
            #expect(result.status == 66)
            #expect(result.stderrLines == ["recipe-assistant: \(message)"])
            #expect(result.stdout.isEmpty)
        }
    }

    @Test(arguments: [
        (["--tour", "--script", "x"], "--tour and --script cannot go together; give one of them."),
        (["--script"], "--script needs a value: --script FILE."),
        (["--catalog-size", "-1"], "--catalog-size needs a whole number from 0 to 5000000, not -1."),
        (["--trace=yes"], "--trace takes no value."),
        (["--bogus\u{1B}"], "There is no option --bogus\\u{1B}; see --help."),
    ])
    func usageErrorsSayWhatToDoAndExit64(_ arguments: [String], _ message: String) async throws {
        let result = try await Binary.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderrLines == ["recipe-assistant: \(message)"])
        #expect(result.stdout.isEmpty)
    }

    @Test func helpIsGeneratedFromTheOptionAndCommandTables() async throws {
        let result = try await Binary.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout == RecipeShell.program.helpText(options: RecipeShell.options) + "\n")
        for option in RecipeShell.options { #expect(result.stdout.contains("  \(option.usage)  ")) }
        for command in RecipeShell.commands {
            #expect(result.stdout.contains("  \(command.usage)  "))
            #expect(RecipeShell.program.sessionHelpText.contains("  \(command.usage)  "))
        }
    }

    @Test func aLargeCatalogStartsAtOnceAndReportsItsIndexingOnStandardError() async throws {
        let result = try await Binary.run(["--catalog-size", "20000"], stdin: ":open\nshow directions for smoky lemon pancakes no 12001\n")
        #expect(result.status == 0)
        #expect(result.stderrLines == [
            "recipe-assistant: Indexing the recipes: reading 20022 titles.",
            "recipe-assistant: Indexing the recipes: sorting 100044 word starts.",
            "recipe-assistant: The search index of 20022 recipes is ready.",
        ])
        #expect(result.stdout.contains("Here are the ingredients for Smoky Lemon Pancakes No. 12001"))
    }
}
