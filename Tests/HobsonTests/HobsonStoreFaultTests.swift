import Foundation
import HobsonCLI
import HobsonKit
import SceneIntents
import SceneIntentsStore
import Testing

/// What `hobson` acknowledges is on disk when it exits.
@Suite("Hobson store faults", .serialized)
struct HobsonStoreFaultTests {
    @Test("in process, “insult me” as a session's last line: its donation is on disk when hobson exits")
    func lastLineDonation() async throws {
        let directory = ScratchDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let script = directory.path + "/last.txt"
        let list = directory.path + "/list.txt"
        try Data("insult me\n".utf8).write(to: URL(fileURLWithPath: script))
        try Data(":donations\n".utf8).write(to: URL(fileURLWithPath: list))
        let data = directory.path + "/data"
        for run in 0..<3 {
            let said = try await runHobson(["--data", data, "--script", script])
            #expect(said.status == 0, "run \(run): \(said.output)")
        }
        let listed = try await runHobson(["--data", data, "--script", list])
        let donations = listed.output.split(separator: "\n").filter { $0.hasPrefix("InsultMe [insults.any]") }
        #expect(donations.count == 3, "\(listed.output)")

        // A bit of the first donation's record flips: :donations lists the other two and says so.
        let log = try #require(try FileManager.default.contentsOfDirectory(atPath: data).first { $0.hasSuffix(".shortcuts.log") })
        let path = data + "/" + log
        let records = try AppendLog(path: path).read().records
        let first = try #require(records.first { String(decoding: $0.payload, as: UTF8.self).contains("donated") })
        var raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        raw[first.offset + 5] ^= 1
        try Data(raw).write(to: URL(fileURLWithPath: path))
        let damaged = try await runHobson(["--data", data, "--script", list])
        let lines = damaged.output.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("InsultMe [insults.any]") }.count == 2, "\(damaged.output)")
        #expect(lines.contains { $0.hasPrefix("1 record of Hobson's store could not be read: corrupt record: ") }, "\(damaged.output)")
    }
}

/// `:voice-shortcuts` reads the store as it is now and reports damage as `:donations` does; a
/// `--data` folder that cannot be created is named in one sentence with the system's reason.
@Suite("Hobson voice shortcut faults", .serialized)
struct HobsonVoiceShortcutFaultTests {
    @Test("a flipped bit in a voice shortcut's record: :voice-shortcuts lists the others and says what could not be read")
    func damagedVoiceShortcut() async throws {
        let directory = ScratchDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let data = directory.path + "/data"
        let record = directory.path + "/record.txt"
        let list = directory.path + "/list.txt"
        try Data("insult me\n:add-voice-shortcut roast me\n:add-voice-shortcut burn me\n".utf8).write(to: URL(fileURLWithPath: record))
        try Data(":voice-shortcuts\n:donations\n".utf8).write(to: URL(fileURLWithPath: list))
        #expect(try await runHobson(["--data", data, "--script", record]).status == 0)
        let log = try #require(try FileManager.default.contentsOfDirectory(atPath: data).first { $0.hasSuffix(".shortcuts.log") })
        let path = data + "/" + log
        let records = try AppendLog(path: path).read().records
        let roast = try #require(records.first { String(decoding: $0.payload, as: UTF8.self).contains("roast me") })
        var raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        raw[roast.offset + 5] ^= 1
        try Data(raw).write(to: URL(fileURLWithPath: path))
        let damaged = try await runHobson(["--data", data, "--script", list])
        let lines = damaged.output.split(separator: "\n").map(String.init)
        let damage = try #require(lines.first { $0.hasPrefix("1 record of Hobson's store could not be read: corrupt record: ") }, "\(damaged.output)")
        #expect(Array(lines.prefix(3)) == ["> :voice-shortcuts", "“burn me” → InsultMe", damage], "\(damaged.output)")
        #expect(lines.filter { $0 == damage }.count == 2, "\(damaged.output)")
    }

    @Test("a --data folder whose name is too long: one sentence naming it and the system's reason")
    @MainActor
    func dataFolderThatCannotBeCreated() throws {
        let directory = ScratchDirectory()
        defer { directory.remove() }
        let folder = directory.path + "/" + String(repeating: "x", count: 300)
        #expect(throws: HobsonDataError(path: folder, reason: "File name too long")) { try makeSession(folder + "/data") }
        #expect("\(HobsonDataError(path: folder, reason: "File name too long"))" == "the data directory \(folder) cannot be created: File name too long")
    }
}

/// Words that name no style are refused when spoken, as the URL form refuses them.
struct HobsonStyleFaultTests {
    @Test("“insult me like a klingon” is refused with the URL form's sentence, and nothing is performed")
    func spokenUnknownStyle() async throws {
        let directory = ScratchDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let script = directory.path + "/klingon.txt"
        try Data("insult me like a klingon\n:url hobson://insult?style=klingon\n:donations\n".utf8).write(to: URL(fileURLWithPath: script))
        let run = try await runHobson(["--data", directory.path + "/data", "--script", script])
        #expect(run.status == 1)
        #expect(run.output.split(separator: "\n").map(String.init) == [
            "> insult me like a klingon",
            "Assistant: 'klingon' is not a valid style; use one of any, Shakespeare, pirate, office.",
            "Assistant: any, shakespeare, pirate or office?",
            "> :url hobson://insult?style=klingon",
            ":url cancels the request in progress first.",
            "Assistant: OK, cancelled.",
            "Error: 'klingon' is not a valid style; use one of any, Shakespeare, pirate, office.",
            "> :donations",
            "No donations.",
        ])
    }
}
