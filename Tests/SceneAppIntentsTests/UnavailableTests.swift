import Foundation
import SceneIntentsTesting
import Testing

/// What Linux cannot have fails to compile, saying why: each snippet is type-checked against the
/// built `SceneAppIntents` module by the toolchain's compiler, and the message is read.
struct UnavailableTests {
    /// A snippet of App Intents code, and the message its compile must fail with.
    static let snippets: [(code: String, message: String)] = [
        (
            "struct Pick: WidgetConfigurationIntent { static let title: LocalizedStringResource = \"Pick\"\n"
                + "func perform() async throws -> some IntentResult { .result() } }",
            "'WidgetConfigurationIntent' is unavailable: widgets cannot be configured on Linux (there is no WidgetKit)"
        ),
        (
            "struct Go: LiveActivityIntent { static let title: LocalizedStringResource = \"Go\"\n"
                + "func perform() async throws -> some IntentResult { .result() } }",
            "'LiveActivityIntent' is unavailable: Live Activities do not exist on Linux (there is no ActivityKit)"
        ),
        (
            "struct Show: AppIntent { static let title: LocalizedStringResource = \"Show\"\n"
                + "func perform() async throws -> some IntentResult { .result(dialog: \"Here\", view: 0) } }",
            "is unavailable: SwiftUI snippet views cannot be shown on Linux (there is no SwiftUI)"
        ),
        (
            "struct Book: IndexedEntity { static let typeDisplayRepresentation: TypeDisplayRepresentation = \"Book\"\n"
                + "static let defaultQuery = Query(); let id: String\n"
                + "var displayRepresentation: DisplayRepresentation { \"\\(id)\" } }\n"
                + "struct Query: EntityQuery { func entities(for identifiers: [String]) async throws -> [Book] { [] } }",
            "'IndexedEntity' is unavailable: Spotlight does not exist on Linux (there is no CoreSpotlight)"
        ),
    ]

    @Test(.timeLimit(.minutes(2)))
    func whatLinuxCannotHaveFailsToCompileWithAMessageSayingSo() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "unavailable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, snippet) in Self.snippets.enumerated() {
            let file = folder.appending(path: "snippet\(index).swift")
            try Data("import SceneAppIntents\n\(snippet.code)\n".utf8).write(to: file)
            let run = try await Self.typecheck(file)
            #expect(run.status != 0, "snippet \(index) compiled")
            #expect(run.stderr.contains(snippet.message), "snippet \(index): \(run.stderr)")
        }
        // The same module compiles the same kind of code when it asks for nothing Linux lacks.
        let file = folder.appending(path: "plain.swift")
        try Data("import SceneAppIntents\n\(Self.snippets[0].code.replacingOccurrences(of: "WidgetConfigurationIntent", with: "AppIntent"))\n".utf8)
            .write(to: file)
        let plain = try await Self.typecheck(file)
        #expect(plain.status == 0, "\(plain.stderr)")
    }

    /// `swiftc -typecheck` of `file` against the built modules; waits for its exit through the
    /// termination handler (no thread blocks on the child).
    static func typecheck(_ file: URL) async throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-I", BuiltProducts.directory + "/Modules", file.path]
        let errors = file.deletingPathExtension().appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardOutput = FileHandle.nullDevice
        let status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        return (status, try String(contentsOf: errors, encoding: .utf8))
    }
}
