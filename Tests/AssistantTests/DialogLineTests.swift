import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// One default line, said in a scenario: its words there by default, and the values its slots
/// take there (what a replacement naming every slot says).
struct LineCase: Sendable, CustomTestStringConvertible {
    let line: DialogLine
    let byDefault: String
    let values: [String: String]

    init(_ line: DialogLine, _ byDefault: String, _ values: [String: String] = [:], app: String = "Kitchen") {
        self.line = line
        self.byDefault = byDefault
        self.values = values.merging(["app": app]) { own, _ in own }
    }

    /// A replacement naming every slot of the line.
    var replacement: String { "<\(line.rawValue)" + line.slots.map { " \($0)=${\($0)}" }.joined() + ">." }
    /// What the replacement says in the scenario.
    var replaced: String { "<\(line.rawValue)" + line.slots.map { " \($0)=\(values[$0] ?? "?")" }.joined() + ">." }
    var testDescription: String { line.rawValue }
}

/// Every default line in a scenario that says it, by default and replaced (the scenarios are in
/// `DialogLineTests+Scenarios.swift`).
@MainActor
struct DialogLineTests {
    nonisolated static let cantOpen = "the scene could not continue OrderSoupIntent: it is not in NSUserActivityTypes"

    nonisolated static let cases: [LineCase] = [
        LineCase(.unknownIntent, "Sorry, I don't know how to do that."),
        LineCase(.notInManifest, "Sorry, Kitchen doesn't support that."),
        LineCase(.multipleScenesRequired, "Sorry, Kitchen isn't set up to do that."),
        LineCase(.restrictedWhileLocked, "You'll need to unlock your device first."),
        LineCase(.notHandled, "Sorry, Kitchen can't do that right now."),
        LineCase(.hostStopped, "Sorry, Kitchen stopped unexpectedly."),
        LineCase(.couldNotDo, "Sorry, Kitchen couldn't do that."),
        LineCase(
            .timedOut, "Sorry, Kitchen didn't respond in time: the handle step took longer than 10 seconds.",
            ["step": "handle", "duration": "10 seconds"]),
        LineCase(.cancelled, "OK, cancelled."),
        LineCase(.gaveUp, "Sorry, I'm having trouble with the soup. Let's try again later.", ["parameter": "soup"]),
        LineCase(.couldNotOpen, "Sorry, I couldn't open Kitchen: \(cantOpen).", ["reason": cantOpen]),
        LineCase(.done, "Done."),
        LineCase(.openingApp, "Opening Kitchen."),
        LineCase(.working, "Kitchen is working on it."),
        LineCase(.continueInApp, "You'll need to continue in Kitchen."),
        LineCase(.whichDidYouMean, "Did you mean:\n1. open the …"),
        LineCase(.whichOne, "Which one?\n1. Bowl\n2. Cup"),
        LineCase(.stillDidNotUnderstand, "Sorry, I still didn't understand."),
        LineCase(.didNotUnderstand, "Sorry, I didn't understand."),
        LineCase(
            .didNotUnderstandSuggesting, "Sorry, I didn't understand. You can say: \"order … soup\", \"i want …\" or \"order soup\".",
            ["suggestions": "\"order … soup\", \"i want …\" or \"order soup\""]),
        LineCase(.valuePrompt, "What count?", ["parameter": "count"], app: "Stock"),
        LineCase(.confirmationPrompt, "Just to confirm, you wanted 5?", ["parameter": "count", "value": "5"], app: "Stock"),
        LineCase(.unsupported, "Sorry, that count isn't supported.", ["parameter": "count", "value": "7"], app: "Stock"),
        LineCase(
            .outOfBounds, "Sorry, the count must be from 1 to 10.", ["parameter": "count", "value": "50", "bounds": "from 1 to 10"],
            app: "Stock"),
        LineCase(
            .didNotGetValue, "Sorry, I didn't get that. You can say a number or \"cancel\".",
            ["parameter": "count", "examples": "a number or \"cancel\""], app: "Stock"),
        LineCase(.intentConfirmationPrompt, "Do you want Stock to go ahead?", app: "Stock"),
        LineCase(.continueInForegroundPrompt, "Continue in Kitchen?"),
        LineCase(.pickIntroduction, "Which item?\nFruit:\n1. Apple", ["parameter": "item"], app: "Stock"),
        LineCase(.othersHeading, "2. Banana\nOthers:\n3. Zucchini", app: "Stock"),
        LineCase(.sayMore, "3. Banana\nSay \"more\" for more.", app: "Stock"),
        LineCase(.allOfThem, "That's all of them. Here they are again from the start.", app: "Stock"),
        LineCase(
            .outOfRange, "There's no number 9 on the list. Say a number from 1 to 3, or \"more\".", ["number": "9", "last": "3"],
            app: "Stock"),
        LineCase(
            .notReadYet, "I haven't read number 4 yet. Say a number from 1 to 3, or \"more\" to hear more.", ["number": "4", "last": "3"],
            app: "Stock"),
        LineCase(
            .notOneOfThem, "Sorry, that isn't one of them. You can say a number from 1 to 3, a name such as \"Apple\" or \"more\".",
            ["last": "3", "choices": "a number from 1 to 3, a name such as \"Apple\" or \"more\""], app: "Stock"),
        LineCase(.several, "\"ap\" matches 1 and 2. Say the number.", ["words": "ap", "numbers": "1 and 2"], app: "Stock"),
    ]

    @Test func everyLineHasAScenario() {
        #expect(Self.cases.map(\.line) == DialogLine.allCases)
    }

    @Test(arguments: cases)
    func eachDefaultLineIsSaidAndAReplacementIsSaidInstead(_ row: LineCase) async throws {
        let byDefault = try await dialog(saying: row.line, with: .defaults).joined(separator: "\n")
        #expect(byDefault.contains(row.byDefault), "\(byDefault)")
        #expect(!byDefault.contains("<"))
        let replaced = try await dialog(saying: row.line, with: try DialogTable([row.line: row.replacement]))
            .joined(separator: "\n")
        #expect(replaced.contains(row.replaced), "\(replaced)")
        #expect(!replaced.contains(row.byDefault))
    }
}
