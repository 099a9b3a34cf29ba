import Foundation
import IntentDefinition
import SceneIntents
import Testing

/// Runs the built `intentgen` (found beside the test bundle) and checks exit codes and output.
struct CommandLineTests {
    struct Run {
        let status: Int32
        let output: String
        let errors: [String]
    }

    static var executable: URL {
        let directory = Bundle.main.bundleURL.pathExtension == "xctest"
            ? Bundle.main.bundleURL.deletingLastPathComponent() : Bundle.main.bundleURL
        let beside = directory.appending(path: "intentgen")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return (Bundle.allBundles.map(\.bundleURL) + [URL(fileURLWithPath: CommandLine.arguments[0])])
            .map { $0.deletingLastPathComponent().appending(path: "intentgen") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? beside
    }

    /// A fresh temporary directory.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "intentgen-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs intentgen with its output in files (its standard output at `standardOutput` when
    /// given, e.g. /dev/full), waiting for its exit through the termination handler (no thread
    /// blocks on the child).
    func run(_ arguments: [String], standardOutput: String? = nil) async throws -> Run {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appending(path: "stdout")
        let errURL = directory.appending(path: "stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.standardOutput = try standardOutput.map { try FileHandle(forWritingTo: URL(fileURLWithPath: $0)) } ?? out
        process.standardError = err
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try out.close()
        try err.close()
        let errors = try String(contentsOf: errURL, encoding: .utf8).split(separator: "\n").map(String.init)
        return Run(status: status, output: try String(contentsOf: outURL, encoding: .utf8), errors: errors)
    }

    @Test func helpListsEveryOptionAndExitsZero() async throws {
        let run = try await run(["--help"])
        #expect(run.status == 0 && run.errors.isEmpty)
        #expect(run.output.hasPrefix("usage: intentgen --output DIR FILE...\n"))
        #expect(run.output.contains("  --output DIR  Write one <name>.swift per definition file"))
        #expect(run.output.contains("  --help, -h    Print this help and leave."))
        #expect(run.output.contains("  2   a wrong command line"))
    }

    @Test(arguments: [
        ([], "intentgen: --output DIR is required; add it."),
        (["a.intentdefinition"], "intentgen: --output DIR is required; add it."),
        (["--output", "/tmp/x"], "intentgen: No definition file given; add one: intentgen --output DIR FILE..."),
        (["--frobnicate", "a.intentdefinition"], "intentgen: There is no option --frobnicate; see --help."),
        (["a.intentdefinition", "--output"], "intentgen: --output needs a value: --output DIR."),
        (["a.intentdefinition", "--output=/a", "--output", "/b"], "intentgen: --output is given twice; give it once."),
        (["x/A.intentdefinition", "y/A.intentdefinition", "--output", "/tmp/x"],
         "intentgen: x/A.intentdefinition and y/A.intentdefinition would both generate A.swift; rename one."),
    ])
    func usageErrorsExitTwoWithOneLine(_ arguments: [String], _ message: String) async throws {
        let run = try await run(arguments)
        #expect(run.status == 2)
        #expect(run.errors == [message])
        #expect(run.output.isEmpty)
    }

    @Test func aMalformedFileExitsOneNamingFileAndKeyPathAndWritesNothing() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = directory.appending(path: "Broken.intentdefinition")
        let value = try #require(
            try Fixtures.value(Fixtures.built("Hydrator")).setting(["INIntents", 0, "INIntentParameters", 1, "INIntentParameterType"], to: .integer(5)))
        try value.encoded().write(to: broken)
        let output = directory.appending(path: "out")
        let run = try await run([Fixtures.built("Coffee"), broken.path, directory.appending(path: "Missing.intentdefinition").path, "--output", output.path])
        #expect(run.status == 1)
        #expect(run.errors.count == 2)
        #expect(run.errors.first
            == "intentgen: error: \(broken.path): INIntents[0].INIntentParameters[1].INIntentParameterType: expected a string, found an integer")
        #expect(run.errors.last?.hasPrefix("intentgen: error: \(directory.path)/Missing.intentdefinition: top level: cannot read the file (") == true)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func generatesOneFilePerDefinitionWithWarningsOnStandardError() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appending(path: "nested/Generated")
        let paths = [Fixtures.built("Hydrator"), Fixtures.resource("Unmodelled"), Fixtures.built("Coffee")]
        let run = try await run(paths + ["--output", output.path])
        #expect(run.status == 0 && run.output.isEmpty)
        let expected = IntentGenerator.generate(try paths.map { try IntentDefinitionFile(contentsOf: $0) })
        #expect(run.errors == expected.warnings.map(\.description))
        #expect(run.errors.count == 8)
        let written = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(written == ["Coffee.swift", "Hydrator.swift", "Unmodelled.swift"])
        for file in expected.files {
            #expect(try String(contentsOf: output.appending(path: file.name), encoding: .utf8) == file.contents)
        }
    }
}
