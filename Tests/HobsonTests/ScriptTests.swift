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
    @Test(
        "the first run records the phrase (the app in process, or in hobson-app); the second still knows it, then deletes it",
        arguments: [[], ["--separate-processes"]])
    func twoRuns(mode: [String]) async throws {
        let directory = ScratchDirectory()
        // The socket's directory, short (a socket path has at most 107 bytes).
        let runtime = "/tmp/hobson-\(UUID().uuidString.prefix(8))"
        defer {
            directory.remove()
            try? FileManager.default.removeItem(atPath: runtime)
        }
        let story = hobsonFolder.appendingPathComponent("story.txt").path
        let first = try await runHobson(mode + ["--data", directory.path, "--runtime-dir", runtime, "--script", story])
        // The story shows refusals on purpose, so a turn failed.
        #expect(first.status == 1)
        let lines = first.output.split(separator: "\n").map(String.init)
        for expected in [
            "Assistant: Sorry, I didn't understand. You can say: \"insult me\", \"make me laugh\" or \"tell me a joke\".",
            "InsultMe [insults.any] “Your ideas are like meetings: too long and without an outcome.”",
            "1. InsultMe “Insult me” — suggested by the app, donated 2×",
            "InsultMe [insults.any] “Your ideas are like meetings: too long and without an outcome.”",
            "Error: 'klingon' is not a valid style; use one of any, Shakespeare, pirate, office.",
            "Assistant: MakeMeLaugh (feature Jokes) is unavailable because the purchase 'jokes' has not been made.",
            "added “roast me” → InsultMe", "Assistant: Away, thou issue of a mangy dog!", "updated “burn me” → InsultMe",
        ] {
            #expect(lines.contains(expected), "missing: \(expected)")
        }
        let second = try await runHobson(["--data", directory.path, "--script", hobsonFolder.appendingPathComponent("story-again.txt").path])
        let again = second.output.split(separator: "\n").map(String.init)
        #expect(Array(again.prefix(5)) == [
            "The second run, with the same --data: the voice shortcut survived the restart.",
            "> :voice-shortcuts", "“burn me” → InsultMe",
            "> burn me", "Assistant: Thou art a boil, a plague sore, an embossed carbuncle.",
        ])
        #expect(again.contains("deleted “burn me” → InsultMe"))
        #expect(again.contains("Deleted 5 donations in insults.any."))
    }

    @Test("usage mistakes exit 64 with the message")
    func usage() async throws {
        #expect(try await runHobson(["--data"]).status == 64)
        #expect(try await runHobson(["--nope"]).status == 64)
        let help = try await runHobson(["--help"])
        #expect(help.status == 0 && help.output.contains(":add-voice-shortcut PHRASE [for ACTION]"))
    }
}
