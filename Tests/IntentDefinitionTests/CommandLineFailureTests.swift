import Foundation
import IntentDefinition
import Testing

/// `intentgen` when something is wrong with its files: a directory given as a definition is
/// named in a sentence, and an output that cannot be written leaves every output as it was.
extension CommandLineTests {
    @Test func aDirectoryGivenAsADefinitionIsNamedInASentence() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await run([directory.path, "--output", directory.appending(path: "out").path])
        #expect(run.status == 1)
        #expect(run.errors == ["intentgen: error: \(directory.path): top level: cannot read the file: it is a directory; give an .intentdefinition file"])
    }

    @Test func whenOneOutputCannotBeWrittenNoneIsAndNothingTemporaryIsLeft() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appending(path: "out")
        try FileManager.default.createDirectory(at: output.appending(path: "Coffee.swift/inside"), withIntermediateDirectories: true)
        try Data("// the old one\n".utf8).write(to: output.appending(path: "Hydrator.swift"))
        let run = try await run([Fixtures.built("Hydrator"), Fixtures.built("Recipes"), Fixtures.built("Coffee"), "--output", output.path])
        #expect(run.status == 1)
        #expect(run.errors.last?.hasPrefix("intentgen: error: cannot write '\(output.path)/Coffee.swift': rename failed (") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() == ["Coffee.swift", "Hydrator.swift"])
        #expect(try String(contentsOf: output.appending(path: "Hydrator.swift"), encoding: .utf8) == "// the old one\n")
    }
}
