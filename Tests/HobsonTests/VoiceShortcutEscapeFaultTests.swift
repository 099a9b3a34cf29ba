import Foundation
import SceneIntents
import Testing

@Suite("Hobson faults: a voice shortcut's phrase holding escape sequences")
struct VoiceShortcutEscapeFaultTests {
    @Test("a phrase with escape sequences is refused, named escaped; nothing raw reaches the terminal and nothing is recorded")
    func escapedPhrase() async throws {
        let directory = ScratchDirectory()
        defer { directory.remove() }
        let script = directory.path + "-script.txt"
        defer { try? FileManager.default.removeItem(atPath: script) }
        try "insult me\n:add-voice-shortcut roast\u{1B}[2J\u{1B}[31m me\n:voice-shortcuts\n".write(toFile: script, atomically: true, encoding: .utf8)
        let run = try await runHobson(["--data", directory.path, "--script", script])
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(Array(lines.dropFirst(2)) == [
            #"> :add-voice-shortcut roast\u{1B}[2J\u{1B}[31m me"#,
            "Error: Not recorded: a voice shortcut's phrase is words: no control characters.",
            "> :voice-shortcuts", "No voice shortcuts.",
        ])
        #expect(!run.output.contains("\u{1B}"))
    }
}
