import AssistantShortcuts
import Foundation
import Glibc
import HobsonKit
import SceneIntents
import SceneIntentsFeatures
import SceneIntentsStore
import Testing

/// Two writers on one store recording the same voice-shortcut phrase, and a damaged store log.
@Suite("Shortcuts store faults: racing writers, damaged records", .serialized)
struct ShortcutsFaultTests {
    static let pirate = suggestion(InsultMeIntent(style: .pirate))

    @Test("Two stores opened on one directory before either records: the second “zap me” is refused")
    func twoStoresOneDirectory() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let first = try openStore(scratch.path)
        let second = try openStore(scratch.path)
        #expect(throws: Never.self) { _ = try first.add(Self.pirate, phrase: "zap me") }
        let refusal = #expect(throws: VoiceShortcutRefusal.self) { _ = try second.add(Self.pirate, phrase: "Zap me") }
        #expect(refusal?.code == .clashesWithVoiceShortcut)
        // The loser learnt of the winner's shortcut while checking.
        #expect(second.voiceShortcuts().map(\.phrase) == ["zap me"])
        #expect(try openStore(scratch.path).voiceShortcuts().map(\.phrase) == ["zap me"])
    }

    @Test("Writer processes racing to record one phrase: exactly one wins, every time")
    func racingProcesses() async throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        for round in 0..<4 {
            let directory = "\(scratch.path)/round\(round)"
            let results = try await onThread { try Self.race(directory, writers: 3, phrase: "zap me") }
            #expect(results.filter { $0 == "added" }.count == 1, "round \(round): \(results)")
            #expect(results.filter { $0 == "refused clashesWithVoiceShortcut" }.count == 2, "round \(round): \(results)")
            #expect(try openStore(directory).voiceShortcuts().map(\.phrase) == ["zap me"])
        }
    }

    /// Starts `writers` `donation-writer --voice` processes, waits until each has opened the store,
    /// lets them all go at once and answers what each said.
    static func race(_ directory: String, writers: Int, phrase: String) throws -> [String] {
        let processes = try (0..<writers).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CrashTests.writer)
            process.arguments = [directory, "--voice", phrase]
            let (input, output) = (Pipe(), Pipe())
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            return (process, input, output)
        }
        for (_, _, output) in processes {
            let ready = String(decoding: output.fileHandleForReading.readData(ofLength: 6), as: UTF8.self)
            guard ready == "ready\n" else { throw CocoaError(.featureUnsupported, userInfo: ["said": ready]) }
        }
        for (_, input, _) in processes { input.fileHandleForWriting.write(Data("go\n".utf8)) }
        return processes.map { process, _, output in
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return said.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test("A damaged donation record costs only itself; the store reports it and keeps the rest")
    func damagedDonation() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let store = try openStore(scratch.path)
        for number in 0..<4 { try store.donate(interaction(InsultMeIntent(style: .pirate), id: "d\(number)"), suggestedPhrase: nil) }
        let path = store.path
        var raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let offsets = try AppendLog(path: path).read().records.map(\.offset)
        raw[offsets[1] + 3] ^= 1
        try Data(raw).write(to: URL(fileURLWithPath: path))

        let reopened = try openStore(scratch.path)
        #expect(reopened.donations.map(\.interaction.identifier) == ["d0", "d2", "d3"])
        #expect(reopened.openWarnings.count == 1)
        #expect(reopened.openWarnings.first?.hasPrefix("corrupt record: ") == true, "\(reopened.openWarnings)")
        try reopened.donate(interaction(InsultMeIntent(style: .pirate), id: "d4"), suggestedPhrase: nil)
        #expect(try openStore(scratch.path).donations.map(\.interaction.identifier) == ["d0", "d2", "d3", "d4"])
    }
}
