import AssistantDaemon
import AssistantShortcuts
import Foundation
import Glibc
import HobsonKit
import SceneIntents
import Testing

/// What an installed app tells the system's shortcuts store (its donations, its suggestions),
/// kept by the daemon in its state folder and listed by `:shortcuts`: the Hobson demo, installed
/// from its checked-in bundle, as a user meets it. Real processes, so these wait on the real
/// clock.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ShortcutsDaemonTests {
    static let hobson = demoFolders.filter { $0.contains("/Hobson/") }
    static let shortcuts = ClientMessage.command(line: ":shortcuts hobson")

    /// A daemon serving Hobson, keeping its state in `state`, started, and a client of it.
    static func started(state: String) async throws -> (Daemon, TestClient) {
        let folders = try StateDirectory.prepare(state)
        let daemon = try makeDaemon(folders: hobson) {
            $0.sessionsFolder = folders.sessions
            $0.shortcutsFolder = folders.shortcuts
        }
        daemon.start()
        return (daemon, try await TestClient(daemon.socketPath))
    }

    @Test func anInstalledAppsDonationsAreKeptAndOutliveTheDaemon() async throws {
        let state = freshRuntimeDirectory() + "-state"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let (first, client) = try await Self.started(state: state)
        #expect(try await client.exchange(Self.shortcuts) == [
            .listing(lines: ["Hobson keeps 0 donations and suggests nothing: there is no shortcut to offer."])
        ])
        for utterance in ["insult me like a pirate", "insult me like a pirate"] {
            let said = try await client.exchange(.say(text: utterance, wantsTrace: false))
            #expect(said.last == .outcome(status: .success, app: "Hobson"))
        }
        #expect(try await client.exchange(Self.shortcuts) == [
            .listing(lines: ["Hobson keeps 2 donations; the shortcuts it would offer:", "1. InsultMe (style: pirate) “Insult me” — donated 2×"])
        ])
        // Said just before the daemon stops, and never listed: kept all the same.
        let said = try await client.exchange(.say(text: "give me a shakespeare insult", wantsTrace: false))
        #expect(said.last == .outcome(status: .success, app: "Hobson"))
        #expect(await finish(first) == [])
        // A new daemon on the same state folder: the same store, replayed from its log.
        let (second, again) = try await Self.started(state: state)
        #expect(try await again.exchange(Self.shortcuts) == [
            .listing(lines: [
                "Hobson keeps 3 donations; the shortcuts it would offer:", "1. InsultMe (style: pirate) “Insult me” — donated 2×",
                "2. InsultMe (style: Shakespeare) “Insult me” — donated 1×",
            ])
        ])
        #expect(await finish(second) == [])
    }

    /// "Add to Siri" through the daemon: a phrase recorded for an offer runs it, with the
    /// parameters it was donated with, for as long as it is kept (a restart included).
    @Test func aVoiceShortcutRecordedForAnOfferRunsItUntilItIsDeleted() async throws {
        let state = freshRuntimeDirectory() + "-state"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let (first, client) = try await Self.started(state: state)
        #expect(try await client.exchange(.say(text: "insult me like a pirate", wantsTrace: false)).last
            == .outcome(status: .success, app: "Hobson"))
        #expect(try await client.exchange(.command(line: ":add-voice-shortcut 1 pirate time")) == [
            .failure(DaemonError(
                .commandFailed, value: ":add-voice-shortcut 1 pirate time",
                message: "list an app's shortcuts first (:shortcuts [NAME]): N is a number of that list"))
        ])
        #expect(try await client.exchange(Self.shortcuts).count == 1)
        #expect(try await client.exchange(.command(line: ":add-voice-shortcut 2 pirate time")) == [
            .failure(DaemonError(.commandFailed, value: ":add-voice-shortcut 2 pirate time", message: "Hobson has no shortcut 2: :shortcuts listed 1 shortcut"))
        ])
        #expect(try await client.exchange(.command(line: ":add-voice-shortcut 1 pirate time")) == [
            .listing(lines: ["added “pirate time” → InsultMe"])
        ])
        // A phrase typed with a terminal escape in it is refused, and not printed raw.
        #expect(try await client.exchange(.command(line: ":add-voice-shortcut 1 red\u{1B}[31m alert")) == [
            .failure(DaemonError(
                .commandFailed, value: ":add-voice-shortcut 1 red\u{1B}[31m alert",
                message: "a voice shortcut's phrase is words: no control characters"))
        ])
        let said = try await client.exchange(.say(text: "pirate time", wantsTrace: true))
        #expect(said.last == .outcome(status: .success, app: "Hobson"))
        guard said.count == 3, case .traceEvents(let events) = said[1] else {
            Issue.record("expected a line, the trace and the outcome: \(said)")
            return
        }
        // Read as the shortcut's phrase, then run with the style it was donated with.
        #expect(traceLines(events).filter { $0.hasPrefix("interpret") || $0.hasPrefix("result") } == [
            "interpret: InsultMe via \"pirate time\"", "interpret: voice shortcut “pirate time” → InsultMe (style: pirate)",
            "result: resolve(style) → success(pirate)", "result: confirm → response(ready)", "result: handle → response(success)",
        ])
        #expect(try await client.exchange(Self.shortcuts) == [
            .listing(lines: [
                "Hobson keeps 2 donations; the shortcuts it would offer:", "1. InsultMe (style: pirate) “Insult me” — donated 2×",
                "Voice shortcuts:", "“pirate time” → InsultMe (style: pirate)",
            ])
        ])
        #expect(await finish(first) == [])
        // Kept across the daemon's restart, until the user deletes it.
        let (second, again) = try await Self.started(state: state)
        #expect(try await again.exchange(.say(text: "pirate time", wantsTrace: false)).last == .outcome(status: .success, app: "Hobson"))
        // Deleting the donations leaves the user's voice shortcut.
        #expect(try await again.exchange(.command(line: ":delete-donations hobson")) == [
            .listing(lines: ["Deleted 3 donations of Hobson."])
        ])
        #expect(try await again.exchange(Self.shortcuts) == [
            .listing(lines: [
                "Hobson keeps 0 donations and suggests nothing: there is no shortcut to offer.", "Voice shortcuts:",
                "“pirate time” → InsultMe (style: pirate)",
            ])
        ])
        #expect(try await again.exchange(.command(line: ":delete-voice-shortcut pirate time")) == [
            .listing(lines: ["deleted “pirate time” → InsultMe"])
        ])
        #expect(try await again.exchange(.say(text: "pirate time", wantsTrace: false)).last
            == .outcome(status: .notUnderstood, app: "Hobson"))
        #expect(try await again.exchange(.command(line: ":delete-voice-shortcut pirate time")) == [
            .failure(DaemonError(.commandFailed, value: ":delete-voice-shortcut pirate time", message: "there is no voice shortcut “pirate time”"))
        ])
        #expect(await finish(second) == [])
    }

    /// What an app donated is its own text: a suggested phrase holding a terminal's control
    /// sequence and a line break is listed escaped, on its one line, and cannot clear the
    /// user's screen or forge a line of the listing.
    @Test @MainActor func aDonatedPhraseHoldingControlCharactersIsListedEscapedOnItsOwnLine() async throws {
        let state = freshRuntimeDirectory() + "-state"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let folders = try StateDirectory.prepare(state)
        // Written beforehand where the daemon keeps Hobson's store, as the app's process would.
        let store = try ShortcutsStore(
            directory: "\(folders.shortcuts)/com.example.hobson", appName: HobsonApp.name,
            manifest: AppManifest(intentsSupported: [InsultMeIntent.typeName], userActivityTypes: [InsultMeIntent.typeName]),
            catalog: HobsonApp.catalog, appPhrases: HobsonApp.vocabulary())
        let interaction = Interaction(
            intent: AnyIntent(InsultMeIntent(style: .pirate)), response: IntentResponse(code: .success), identifier: "forged",
            groupIdentifier: nil, handlingStatus: .success, date: Date())
        try store.donate(interaction, suggestedPhrase: "Insult me\u{1B}[2J\n2. Pay \\ now\u{7}\u{202E}")
        let (daemon, client) = try await Self.started(state: state)
        #expect(try await client.exchange(Self.shortcuts) == [
            .listing(lines: [
                "Hobson keeps 1 donation; the shortcuts it would offer:",
                "1. InsultMe (style: pirate) “Insult me\\u{1B}[2J\\n2. Pay \\\\ now\\u{7}\\u{202E}” — donated 1×",
            ])
        ])
        #expect(await finish(daemon) == [])
    }

    @Test func aDaemonWithoutAStateFolderSaysItKeepsNoShortcuts() async throws {
        let daemon = try makeDaemon(folders: Self.hobson)
        daemon.start()
        let client = try await TestClient(daemon.socketPath)
        #expect(try await client.exchange(Self.shortcuts) == [
            .failure(DaemonError(.commandFailed, value: ":shortcuts hobson", message: "this daemon keeps no shortcuts (no state folder)"))
        ])
        #expect(await finish(daemon) == [])
    }

    /// The same through the two executables: a donation made through `assistant say`, then
    /// `assistantd` stopped (SIGTERM) and started again on its state folder; the REPL's
    /// `:shortcuts` lists it.
    @Test func assistantdKeepsTheDonationsAcrossItsRestartInItsStateFolder() async throws {
        let state = freshRuntimeDirectory() + "-state"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let apps = ["--apps"] + Self.hobson
        let first = try await DaemonProcess.start(freshRuntimeDirectory(), arguments: apps, stateDirectory: state)
        defer { first.cleanUp() }
        #expect(try await first.client("say", "insult me like a pirate").status == .exited(0))
        #expect(await first.end(SIGTERM) == .exited(0))
        #expect(FileManager.default.fileExists(atPath: "\(state)/shortcuts/com.example.hobson/hobson.shortcuts.log"))

        let second = try await DaemonProcess.start(first.directory, arguments: apps, stateDirectory: state)
        defer { second.cleanUp() }
        let listed = try await second.client(stdin: ":shortcuts hobson\n")
        #expect(listed.status == .exited(0))
        #expect(listed.stdout.contains("Hobson keeps 1 donation; the shortcuts it would offer:\n1. InsultMe (style: pirate) “Insult me” — donated 1×\n"))
        #expect(await second.end(SIGTERM) == .exited(0))
        #expect(children(of: second.child.pid) == [])
    }
}
