import Foundation
import RecipeAssistantCLI
import RecipeAssistantKit
import SceneIntentsTesting
import Testing

/// `--speak` with fake speakers: one that records, one that hangs, one that fails.
@MainActor
struct SpeakerTests {
    func options(_ command: SpeakerCommand) -> RecipeShell.Options {
        var options = RecipeShell.Options()
        options.echo = true
        options.speak = true
        options.speaker = command
        return options
    }

    @Test func theSpeakerSaysEveryLineInOrder() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spoken-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let command = SpeakerCommand(executable: "/bin/sh", arguments: ["-c", "printf '%s\\n' \"$1\" >> \"$0\"", file.path])
        let run = try await ShellRun.run(":open\nshow directions for hummus\nnext step", options: options(command))
        #expect(run.status == 0)
        let spoken = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(spoken == run.spoken)
        #expect(spoken.count == 2)
        #expect(run.warnings.lines.isEmpty)
        await run.expectNothingInFlight()
    }

    @Test func aSlowSpeakerSpeaksTheNewestLinesInsteadOfABacklog() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("speaker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (file, gate) = (folder.appendingPathComponent("spoken.txt").path, folder.appendingPathComponent("gate").path)
        // Each line waits for the gate, so the first is still being spoken while the session goes on.
        let command = SpeakerCommand(
            executable: "/bin/sh", arguments: ["-c", #"while [ ! -e "$1" ]; do sleep 0.01; done; printf '%s\n' "$2" >> "$0""#, file, gate])
        let script = ":open\nshow directions for hummus\n" + String(repeating: "next step\n", count: 12) + "show directions for banana pancakes"
        let run = try ShellRun.make(script, options: options(command))
        let session = Task { await run.shell.run() }
        while run.spoken.last?.hasPrefix("Here are the ingredients for Banana Pancakes") != true { await Task.yield() }
        #expect(FileManager.default.createFile(atPath: gate, contents: nil))
        #expect(await session.value == 0)
        let spoken = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(run.spoken.count > Speaker.backlogLimit + 1)
        #expect(spoken == [run.spoken[0]] + run.spoken.suffix(Speaker.backlogLimit))
        await run.expectNothingInFlight()
    }

    @Test func aHangingSpeakerIsStoppedAfterItsTimeoutWithOneWarningAndTheSessionGoesOn() async throws {
        let speakerClock = ManualClock()
        let command = SpeakerCommand(
            executable: "/bin/sh", arguments: ["-c", "exec sleep 600", "speaker"], timeout: .seconds(5), clock: speakerClock)
        let run = try ShellRun.make(":open\nshow directions for hummus\nnext step\n:tap 1", options: options(command))
        let session = Task { await run.shell.run() }
        await speakerClock.waitForSleepers(1)
        #expect(run.warnings.lines.isEmpty, "not stopped before its time")
        speakerClock.advance(by: .seconds(5))
        #expect(await session.value == 0)
        #expect(run.warnings.lines == [
            "--speak: /bin/sh did not finish within 5.0 seconds and was stopped; speech is off for the rest of the session."
        ])
        #expect(run.spoken.count == 2, "every line was printed")
        #expect(speakerClock.sleeperCount == 0)
        await run.expectNothingInFlight()
    }

    @Test func aFailingSpeakerCostsOneWarning() async throws {
        let command = SpeakerCommand(executable: "/bin/sh", arguments: ["-c", "exit 3", "speaker"])
        let run = try await ShellRun.run(":open\nshow directions for hummus\nnext step\nnext step", options: options(command))
        #expect(run.status == 0)
        #expect(run.warnings.lines == ["--speak: /bin/sh failed (exit status 3); speech is off for the rest of the session."])
        #expect(run.spoken.count == 3)
        await run.expectNothingInFlight()
    }

    @Test func aMissingSpeakerCostsOneWarning() async throws {
        let run = try await ShellRun.run(":open\nshow directions for hummus", options: options(SpeakerCommand(executable: "no-such-speaker-here")))
        #expect(run.status == 0)
        #expect(run.warnings.lines == [
            "--speak: no-such-speaker-here is not installed (apt-get install espeak-ng); the assistant's lines are printed only."
        ])
        await run.expectNothingInFlight()
    }
}
