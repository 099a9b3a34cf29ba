import Foundation
import Testing

/// The built `hydrator` as a user runs it.
struct BinaryTests {
    @Test func aScriptLogsADrinkAndTodayShowsIt() async throws {
        let container = TemporaryContainer()
        defer { container.remove() }
        let run = try await runHydrator(
            ["--container", container.path, "--script", "-"], stdin: "log 8 ounces of water\n:today\n",
            environment: MiddayZone().environment)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.prefix(4) == ["> log 8 ounces of water", "Assistant: Item Added!", "(Hydrator is in the background.)", "> :today"])
        #expect(lines.dropFirst(4).first == "Today — 8 oz")
        #expect(lines.suffix(2) == ["  Water: 8 oz", "(Hydrator is in the background.)"])
        #expect(run.stderr.isEmpty)
    }

    @Test func anEmptyContainerIsAUsageErrorInOneLine() async throws {
        let run = try await runHydrator(["--container", ""])
        #expect(run.status == 64)
        #expect(run.stderr == "hydrator: --container needs a value: --container DIR.\n")
        #expect(run.stdout.isEmpty)
    }

    @Test func aContainerThatCannotBeWrittenAnswersTheFailureDialogAndFailsTheTurn() async throws {
        let run = try await runHydrator(["--container", "/dev/null/group", "--script", "-"], stdin: "log 8 ounces of water\n")
        #expect(run.status == 1)
        #expect(run.stdout.contains("Assistant: Sorry, but I couldn't add your item."))
    }
}
