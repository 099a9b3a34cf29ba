import AssistantService
import Foundation
import SceneIntents
import SceneIntentsStore
import Testing

@Suite("The system's session store")
struct SessionStoreTests {
    static let app = "com.example.recipes"

    static func record(_ identifier: String, step: Int = 1, state: ActivationState = .foregroundActive) -> SessionRecord {
        let activity = UserActivity(activityType: "com.example.recipe.step")
        try? activity.update { $0.userInfo = ["recipe": "Banana Pancakes", "step": .integer(step)] }
        return SessionRecord(
            persistentIdentifier: identifier,
            configuration: SceneConfiguration(name: "Default Configuration", delegateClassName: "SceneDelegate"),
            userInfo: ["opened": .date(Date(timeIntervalSince1970: 1000)), "bytes": .data(Data([1, 2]))],
            stateRestorationActivity: activity, activationState: state, lastActivation: UInt64(step))
    }

    @Test func keptSessionsOutliveTheStoreThatWroteThem() throws {
        let sandbox = try Sandbox()
        let store = try SessionStore(directory: sandbox.path("sessions"))
        try store.apply([.saved(Self.record("session-1")), .saved(Self.record("session-2", state: .background))], for: Self.app)
        try store.apply([.saved(Self.record("session-1", step: 2))], for: Self.app)

        let reopened = try SessionStore(directory: sandbox.path("sessions"))
        let (restoration, skipped) = try reopened.restoration(for: Self.app)
        #expect(restoration == SessionRestoration(sessions: [Self.record("session-1", step: 2), Self.record("session-2", state: .background)]))
        #expect(skipped == [])
        #expect(try reopened.restoration(for: "com.example.other").restoration == SessionRestoration())
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.path("sessions")) == ["com.example.recipes.sessions"])
        try sandbox.finish()
    }

    @Test func closesForceQuitsAndTheAppsOwnDiscards() throws {
        let sandbox = try Sandbox()
        let store = try SessionStore(directory: sandbox.path("sessions"))
        try store.apply(["session-1", "session-2", "session-3"].map { .saved(Self.record($0)) }, for: Self.app)

        #expect(try store.close("session-2", of: Self.app))
        #expect(try !store.close("session-9", of: Self.app))
        var restoration = try store.restoration(for: Self.app).restoration
        #expect(restoration.sessions.map(\.persistentIdentifier) == ["session-1", "session-3"])
        #expect(restoration.discarded.map(\.persistentIdentifier) == ["session-2"])

        // The app heard didDiscardSceneSessions: the discarded session is forgotten.
        try store.apply([.discarded(["session-2"])], for: Self.app)
        try store.forceQuit(Self.app)
        restoration = try store.restoration(for: Self.app).restoration
        #expect(restoration.sessions == [])
        #expect(restoration.discarded.map(\.persistentIdentifier) == ["session-1", "session-3"])
        try store.apply([.discarded(["session-1", "session-3"])], for: Self.app)
        #expect(try store.restoration(for: Self.app).restoration == SessionRestoration())
        try sandbox.finish()
    }

    @Test func aRecordThatCannotBeReadIsSkippedAndNamedAndTheOthersKept() throws {
        let sandbox = try Sandbox()
        let store = try SessionStore(directory: sandbox.path("sessions"))
        try store.apply([.saved(Self.record("session-1"))], for: Self.app)
        let path = sandbox.path("sessions/\(Self.app).sessions")
        let good = try String(contentsOfFile: path, encoding: .utf8)
        let json = try #require(good.split(separator: " ", maxSplits: 3).last).dropLast()
        func line(_ json: String, version: String = "s2", crc: String? = nil) -> String {
            let sum = crc ?? {
                let digits = String(Array(json.utf8).withUnsafeBytes { CRC32.checksum($0) }, radix: 16)
                return String(repeating: "0", count: 8 - digits.count) + digits
            }()
            return "\(version) open \(sum) \(json)\n"
        }
        let unknownType = json.replacingOccurrences(of: "\"string\"", with: "\"colour\"")
        let other = json.replacingOccurrences(of: "session-1", with: "session-5")
        let text =
            good + line(String(json), crc: "00000000") + line(String(json), version: "s3") + line(unknownType)
            + line(other) + String(line(String(json)).prefix(40))
        try sandbox.file("sessions/\(Self.app).sessions", Data(text.utf8))

        let (restoration, skipped) = try store.restoration(for: Self.app)
        #expect(restoration.sessions.map(\.persistentIdentifier) == ["session-1", "session-5"])
        #expect(skipped.count == 4)
        #expect(skipped[0] == "record 2 fails its checksum")
        #expect(skipped[1] == "record 3 is of version 's3', this build reads 's1' and 's2'")
        #expect(skipped[2].hasPrefix("record 4 does not decode: "))
        #expect(skipped[3] == "record 6 is truncated")
        try sandbox.finish()
    }

    /// The store remembers what it last read or wrote of a file, but only while that file is
    /// the one on disk: one removed or replaced by anyone else is read again.
    @Test func aFileRemovedOrReplacedBehindTheStoreIsReadAgain() throws {
        let sandbox = try Sandbox()
        let store = try SessionStore(directory: sandbox.path("sessions"))
        let other = try SessionStore(directory: sandbox.path("other"))
        try store.apply([.saved(Self.record("session-1"))], for: Self.app)
        try other.apply([.saved(Self.record("session-2")), .saved(Self.record("session-3"))], for: Self.app)
        #expect(try store.restoration(for: Self.app).restoration.sessions.map(\.persistentIdentifier) == ["session-1"])

        let path = sandbox.path("sessions/\(Self.app).sessions")
        try FileManager.default.removeItem(atPath: path)
        #expect(try store.restoration(for: Self.app).restoration == SessionRestoration())
        try FileManager.default.copyItem(atPath: sandbox.path("other/\(Self.app).sessions"), toPath: path)
        #expect(try store.restoration(for: Self.app).restoration.sessions.map(\.persistentIdentifier) == ["session-2", "session-3"])
        try store.apply([.saved(Self.record("session-2", step: 4))], for: Self.app)
        #expect(
            try SessionStore(directory: sandbox.path("sessions")).restoration(for: Self.app).restoration
                == SessionRestoration(sessions: [Self.record("session-2", step: 4), Self.record("session-3")]))
        try sandbox.finish()
    }

    @Test func aRecordOverFourKilobytesIsRefusedAndTheSessionKeepsItsEarlierOne() throws {
        let sandbox = try Sandbox()
        let store = try SessionStore(directory: sandbox.path("sessions"))
        try store.apply([.saved(Self.record("session-1"))], for: Self.app)
        var large = Self.record("session-1", step: 2)
        large.userInfo["notes"] = .string(String(repeating: "x", count: SessionRecord.sizeLimit))
        let error = #expect(throws: SessionStoreError.self) {
            try store.apply([.saved(large), .saved(Self.record("session-2"))], for: Self.app)
        }
        #expect(error?.code == .recordTooLarge)
        #expect(error?.description.contains("more than the 4096 a session may keep") == true)
        let restoration = try store.restoration(for: Self.app).restoration
        #expect(restoration.sessions == [Self.record("session-1"), Self.record("session-2")])
        try sandbox.finish()
    }

    @Test func anAppKeepsAtMostTheSessionLimitAndABundleIdentifierMustNameAFile() throws {
        let sandbox = try Sandbox()
        let store = try SessionStore(directory: sandbox.path("sessions"))
        let changes = (0...SessionStore.sessionLimit).map { SessionChange.saved(Self.record("session-\($0)")) }
        let error = #expect(throws: SessionStoreError.self) { try store.apply(changes, for: Self.app) }
        #expect(error?.code == .tooManySessions)
        #expect(try store.restoration(for: Self.app).restoration.sessions.count == SessionStore.sessionLimit)
        for bad in ["", "../etc", ".hidden", "a/b", String(repeating: "a", count: 201)] {
            let refusal = #expect(throws: SessionStoreError.self) { try store.restoration(for: bad) }
            #expect(refusal?.code == .badBundleIdentifier)
        }
        try sandbox.finish()
    }
}
