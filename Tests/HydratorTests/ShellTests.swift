import Assistant
import Foundation
import HydratorKit
import HydratorShell
import SceneIntentsShell
import SceneIntentsTesting
import Testing

/// The `hydrator` session in process, from a script: the whole output of each.
@MainActor
struct ShellTests {
    let container = TemporaryContainer()

    /// Runs `script` through a session over the test's container (the app in process, the day
    /// fixed); answers the status and every line printed.
    func run(_ script: String, json: Bool = false) async throws -> (status: Int32, lines: [String]) {
        let output = ShellOutput.captured()
        var options = HydratorShell.Options()
        options.container = container.path
        options.session.echo = !json
        options.session.json = json
        let shell = try Shell(
            program: HydratorShell.program, settings: options.session, input: ScriptLines(text: script), output: output,
            warnings: ShellOutput.captured(), clock: .sleeping(on: ManualClock())
        ) { try HydratorSession(options: options, environment: $0, calendar: utc, now: { morning }) }
        let status = await shell.run()
        container.remove()
        return (status, output.lines)
    }

    func framed(_ heading: String, _ lines: [String]) -> [String] {
        ScreenFrame.render(heading: heading, badge: "session-1", lines: lines).split(separator: "\n").map(String.init)
    }

    @Test func aSessionLogsDrinksAndTodayShowsThem() async throws {
        let (status, lines) = try await run("""
            log 8 ounces of water
            :today
            :open
            track my water intake
            12
            pop
            """)
        #expect(status == 0)
        #expect(lines == [
            "> log 8 ounces of water", "Assistant: Item Added!", "(Hydrator is in the background.)",
            "> :today", "Today — 8 oz", "  09:05  8 oz water", "  Water: 8 oz", "(Hydrator is in the background.)",
            "> :open",
        ] + framed("Today — 8 oz", ["09:05  8 oz water", "Water: 8 oz"]) + [
            "> track my water intake", "Assistant: How many ounces?", "> 12",
            "Assistant: Water, coffee, tea, juice, soda or milk?", "> pop", "Assistant: Item Added!",
        ] + framed("Today — 20 oz", ["09:05  8 oz water", "09:05  12 oz soda", "Water: 8 oz", "Soda: 12 oz"]))
    }

    @Test func theAddScreenSavesFromCommands() async throws {
        let (status, lines) = try await run(":open\n:add\n:pick 3\n:ounces 6\n:save\n:pick 7")
        #expect(status == 1)
        let add = { (check: String, ounces: String) in
            self.framed("Add a drink", ["[1] Water", "[2] Coffee", "[3] Tea\(check)", "[4] Juice", "[5] Soda", "[6] Milk", "Ounces: \(ounces)"])
        }
        let today = framed("Today — 6 oz", ["09:05  6 oz tea", "Tea: 6 oz"])
        #expect(lines == ["> :open"] + framed("Today", ["Nothing logged yet today. Say \"log 8 ounces of water\"."])
            + ["> :add"] + add("", "–") + ["> :pick 3"] + add(" ✓", "–") + ["> :ounces 6"] + add(" ✓", "6")
            + ["> :save", "Item Added!"] + today
            + ["> :pick 7", "Error: The Add screen is not open; type :add first."] + today)
    }

    @Test func jsonModePrintsTheTraceAsJSONLines() async throws {
        let (status, lines) = try await run("log 8 ounces of water", json: true)
        #expect(status == 0)
        #expect(lines.count > 5 && lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") })
        #expect(lines.contains { $0.contains("\"Item Added!\"") })
    }

    @Test func helpListsTheCommandsAndTheContainerOption() {
        let help = HydratorShell.program.helpText(options: HydratorShell.options)
        #expect(help.contains("--container DIR"))
        #expect(help.contains(":today"))
        #expect(help.contains("--separate-processes"))
    }
}
