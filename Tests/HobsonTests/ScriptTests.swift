import Foundation
import Testing

/// Runs blocking `body` on a new thread (never on a cooperative-pool thread) and awaits it.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// The demo's folder in the checkout.
let hobsonFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Demos/Hobson")

/// Runs the built `hobson` with `arguments`; its standard output and exit status.
func runHobson(_ arguments: [String]) async throws -> (output: String, status: Int32) {
    try await onThread {
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
            ?? Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let process = Process()
        process.executableURL = bundle.deletingLastPathComponent().appendingPathComponent("hobson")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: output, as: UTF8.self), process.terminationStatus)
    }
}

@Suite("The scripted story, two runs of hobson over one --data", .serialized)
struct ScriptTests {
    /// The lines both modes print, whoever handles each request.
    static let common = [
        "Assistant: Sorry, I didn't understand. You can say: \"insult me\", \"make me laugh\" or \"tell me a joke\".",
        "Error: 'klingon' is not a valid style; use one of any, Shakespeare, pirate, office.",
        "Assistant: MakeMeLaugh (feature Jokes) is unavailable because the purchase 'jokes' has not been made.",
        "Error: Not recorded: “insult me” is already how Hobson is asked for InsultMe (“insult me”); choose other words.",
        "added “roast me” → InsultMe", "updated “burn me” → InsultMe",
    ]

    @Test("in process: the first run records the phrase; a second run still knows it, then deletes it")
    func inProcess() async throws {
        let directory = ScratchDirectory()
        defer { directory.remove() }
        let first = try await runHobson(["--data", directory.path, "--script", hobsonFolder.appendingPathComponent("story.txt").path])
        // The story shows refusals on purpose, so a turn failed.
        #expect(first.status == 1)
        let lines = first.output.split(separator: "\n").map(String.init)
        for expected in Self.common + [
            "InsultMe [insults.any] “Thou art a boil, a plague sore, an embossed carbuncle.”",
            "InsultMe [insults.any] “Your ideas are like meetings: too long and without an outcome.”",
            "1. InsultMe “Insult me” — suggested by the app, donated 2×", "Assistant: Away, thou issue of a mangy dog!",
        ] {
            #expect(lines.contains(expected), "missing: \(expected)")
        }
        try await secondRun(
            directory, shortcut: "“burn me” → InsultMe", says: "Thou art a boil, a plague sore, an embossed carbuncle.", deleted: 5)
    }

    @Test("separate processes: “insult me” goes to the extension while the app is not running; the store is the same")
    func separateProcesses() async throws {
        let directory = ScratchDirectory()
        // The sockets' directory, short (a socket path has at most 107 bytes).
        let runtime = "/tmp/hobson-\(UUID().uuidString.prefix(8))"
        defer {
            directory.remove()
            try? FileManager.default.removeItem(atPath: runtime)
        }
        let first = try await runHobson([
            "--separate-processes", "--trace", "--data", directory.path, "--runtime-dir", runtime, "--script",
            hobsonFolder.appendingPathComponent("story.txt").path,
        ])
        #expect(first.status == 1)
        let lines = first.output.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
        for expected in Self.common + ["1. InsultMe “Insult me” — suggested by the app, donated 2×"] {
            #expect(lines.contains(expected), "missing: \(expected)")
        }
        let routes = lines.filter { $0.contains("route") && $0.contains("→ extension") || $0.contains("→ app:") }
        #expect(routes.first?.hasSuffix("InsultMe → extension Hobson Intents: the app is not running, so the lighter extension launches instead") == true)
        #expect(routes.dropFirst().allSatisfy { $0.hasSuffix("the app has a scene in the foreground") }, "\(routes)")
        // The extension donates what it performs through its own connection, so the store ends
        // as it does in one process: the same offers, the same shortcut, the same donations.
        try await secondRun(
            directory, shortcut: "“burn me” → InsultMe", says: "Thou art a boil, a plague sore, an embossed carbuncle.", deleted: 5)
    }

    /// `story-again.txt` over the same data: the voice shortcut is known, then deleted.
    private func secondRun(_ directory: ScratchDirectory, shortcut: String, says: String, deleted: Int) async throws {
        let second = try await runHobson(["--data", directory.path, "--script", hobsonFolder.appendingPathComponent("story-again.txt").path])
        let again = second.output.split(separator: "\n").map(String.init)
        #expect(Array(again.prefix(5)) == [
            "The second run, with the same --data: the voice shortcut survived the restart.",
            "> :voice-shortcuts", shortcut, "> burn me", "Assistant: \(says)",
        ])
        #expect(again.contains("deleted “burn me” → InsultMe"))
        #expect(again.contains("Deleted \(deleted) donation\(deleted == 1 ? "" : "s") in insults.any."))
    }

    @Test("usage mistakes exit 64 with the message")
    func usage() async throws {
        #expect(try await runHobson(["--data"]).status == 64)
        #expect(try await runHobson(["--nope"]).status == 64)
        let help = try await runHobson(["--help"])
        #expect(help.status == 0 && help.output.contains(":add-voice-shortcut PHRASE [for ACTION]"))
    }
}
