import Foundation
import SceneIntents
import Testing

@Suite("Hobson faults: a voice shortcut's phrase holding escape sequences")
struct VoiceShortcutEscapeFaultTests {
    @Test("a phrase with escape sequences is printed escaped when added and listed; nothing raw reaches the terminal")
    func escapedPhrase() async throws {
        let directory = ScratchDirectory()
        defer { directory.remove() }
        let script = directory.path + "-script.txt"
        defer { try? FileManager.default.removeItem(atPath: script) }
        try "insult me\n:add-voice-shortcut roast\u{1B}[2J\u{1B}[31m me\n:voice-shortcuts\n".write(toFile: script, atomically: true, encoding: .utf8)
        let run = try await runHobson(["--data", directory.path, "--script", script])
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains(#"added “roast\u{1B}[2J\u{1B}[31m me” → InsultMe"#))
        #expect(lines.last == #"“roast\u{1B}[2J\u{1B}[31m me” → InsultMe"#)
        #expect(!lines.dropFirst().contains { $0.hasPrefix("added") && $0.contains("\u{1B}") })
        #expect(!lines.contains { $0.hasPrefix("“") && $0.contains("\u{1B}") })
    }
}
