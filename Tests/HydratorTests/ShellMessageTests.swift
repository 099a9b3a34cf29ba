import Foundation
import HydratorKit
import HydratorShell
import SceneIntentsShell
import Testing

/// What the `hydrator` session prints besides the conversation: `--json` is JSON on every line,
/// `:scenes` is a command, and `--help` names every exit status and no tour.
@MainActor
struct ShellMessageTests {
    let shell = ShellTests()

    @Test func jsonModePrintsTodayCommandErrorsAndScenesAsJSON() async throws {
        let (status, lines) = try await shell.run("log 8 ounces of water\n:today\n:open\n:add\n:pick 9\n:scenes", json: true)
        #expect(status == 1)
        #expect(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") })
        let process = ProcessInfo.processInfo.processIdentifier
        #expect(lines.filter { !$0.hasPrefix("{\"at\":") } == [
            #"{"message":"Today — 8 oz"}"#, #"{"message":"09:05  8 oz water"}"#, #"{"message":"Water: 8 oz"}"#,
            #"{"error":"There is no drink 9; pick 1 to 6."}"#,
            #"{"message":"Hydrator runs in process \#(process)."}"#,
            #"{"message":"session-1: foregroundActive, showing Add a drink."}"#,
        ])
    }

    @Test func scenesListsTheProcessAndTheWindows() async throws {
        let (status, lines) = try await shell.run(":scenes\n:open\n:scenes")
        let process = ProcessInfo.processInfo.processIdentifier
        #expect(status == 0)
        #expect(lines.filter { !$0.hasPrefix("│") && !$0.hasPrefix("┌") && !$0.hasPrefix("├") && !$0.hasPrefix("└") } == [
            "> :scenes", "Hydrator runs in process \(process).", "No windows are open.", "(Hydrator is not running.)",
            "> :open", "> :scenes", "Hydrator runs in process \(process).", "session-1: foregroundActive, showing Today.",
        ])
    }

    @Test func helpNamesExitStatus70AndNoTour() {
        let help = HydratorShell.program.helpText(options: HydratorShell.options)
        #expect(help.contains("  70  the app cannot start\n"))
        #expect(!help.lowercased().contains("tour"))
    }
}

/// A whole number too large for the machine, typed on the Add screen, is refused for what it is
/// (too many ounces, no such drink), not as "not a whole number".
@MainActor
struct AddScreenFaultTests {
    let shell = ShellTests()

    @Test func aNumberPastTheMachinesRangeIsRefusedForWhatItIs() async throws {
        let (_, lines) = try await shell.run("""
            :open
            :add
            :pick 99999999999999999999
            :pick 1
            :ounces 99999999999999999999
            :save
            :ounces -99999999999999999999
            :save
            :ounces 2.5
            """)
        let answers = lines.indices.filter { lines[$0].hasPrefix("> :pick 9") || lines[$0].hasPrefix("> :save") || lines[$0].hasPrefix("> :ounces 2") }
            .map { lines[$0 + 1] }
        #expect(answers == [
            "Error: There is no drink 99999999999999999999; pick 1 to 6.",
            "That's more than I can log at once.", "Sorry, I can't log a negative amount.",
            "Error: :ounces needs a whole number, for example :ounces 2.",
        ])
    }
}
