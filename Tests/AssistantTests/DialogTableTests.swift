import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

@MainActor
struct DialogTableTests {
    @Test func eachDefaultUsesOnlyTheSlotsOfItsLineAndIsWhatTheTableSays() throws {
        for line in DialogLine.allCases {
            let template = try Template.parse(line.defaultTemplate)
            #expect(template.slotNames.allSatisfy(line.slots.contains), "\(line)")
            #expect(line.slots.first == "app")
            #expect(DialogTable.defaults.template(for: line) == template)
        }
        #expect(DialogTable() == .defaults)
        #expect(DialogTable.defaults.replacedLines == [])
    }

    @Test func aSlotTheLineDoesNotHaveIsRefusedNamingTheLineTheSlotAndTheLinesSlots() {
        let template = "Sorry, I didn't get ${amount}. Try ${examples}."
        let expected = DialogTableError(
            code: .unknownSlot, line: .didNotGetValue, template: template,
            message: "the slot ${amount} is not a slot of the line didNotGetValue: its slots are ${app}, ${parameter}, ${examples}")
        #expect(throws: expected) { try DialogTable([.didNotGetValue: template]) }
        #expect(expected.description == "the slot ${amount} is not a slot of the line didNotGetValue: its slots are "
            + "${app}, ${parameter}, ${examples} (template: \"Sorry, I didn't get ${amount}. Try ${examples}.\")")
        // A slot of another line is no slot of this one.
        #expect(throws: DialogTableError(
            code: .unknownSlot, line: .cancelled, template: "${reason}",
            message: "the slot ${reason} is not a slot of the line cancelled: its slots are ${app}")
        ) {
            var table = DialogTable()
            try table.replace(.cancelled, with: "${reason}")
        }
    }

    @Test func aMalformedOrEmptyReplacementIsRefusedAndTheTableIsUnchanged() {
        var table = DialogTable()
        #expect(throws: DialogTableError(
            code: .malformedSlot, line: .done, template: "All done, ${app",
            message: "The slot \"${app\" is not closed; add \"}\" after its name.")
        ) { try table.replace(.done, with: "All done, ${app") }
        #expect(throws: DialogTableError(
            code: .emptyLine, line: .done, template: "  ",
            message: "the line done would say nothing: give it words, or leave its default")
        ) { try table.replace(.done, with: "  ") }
        #expect(table == .defaults)
    }

    @Test func replacementsAreListedAndADefaultCanBeRestored() throws {
        var table = try DialogTable([.sayMore: "More? Say \"more\".", .cancelled: "Stopped, ${app}."])
        #expect(table.replacedLines == [.cancelled, .sayMore])
        #expect(table.template(for: .cancelled) == Template("Stopped, ${app}."))
        table.restore(.cancelled)
        #expect(table.replacedLines == [.sayMore])
        table.restore(.sayMore)
        #expect(table == .defaults)
    }

    @Test func theAppsOwnPromptsAndResponsesStillWinOverReplacedDefaults() async throws {
        var configuration = AssistantConfiguration()
        configuration.dialogs = try DialogTable([
            .valuePrompt: "<value>", .confirmationPrompt: "<confirm ${value}>", .unsupported: "<unsupported>", .done: "<done>",
        ])
        let rig = try Rig([.text("lentil"), .yes], configuration: configuration)
        let (tomato, lentil) = (Soup.menu[0], Soup.menu[1])
        rig.handler.soup = { intent in
            guard let soup = intent.soup else { return .needsValue }
            return soup == tomato ? .unsupported(reason: "soldOut") : .confirmationRequired(with: soup)
        }
        let outcome = await rig.order(OrderSoupIntent(soup: tomato))
        #expect(outcome.status == .success)
        #expect(outcome.intent?.as(OrderSoupIntent.self)?.soup == lentil)
        #expect(outcome.dialog == ["Sorry, Tomato is sold out.", "Which soup?", "Just to confirm, Lentil?", "1 Lentil coming up."])
        #expect(rig.user.heard == ["Sorry, Tomato is sold out.", "1 Lentil coming up."])
        _ = rig.recorder.take()
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func aReplacedPickingDialogReadsWholeInTheTranscript() async throws {
        let table = try DialogTable([
            .pickIntroduction: "Pick a ${parameter}:", .sayMore: "(\"more\" for the rest)",
            .allOfThem: "Back to the top of the ${app} list.", .done: "Stocked.",
        ])
        let rig = try StockRig([.more, .more, .pick(2)], dialogs: table)
        rig.handler.offering(StockHandler.fruit)
        let outcome = await rig.assistant.perform(.intent(StockIntent()))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == [
            "Pick a item:\nFruit:\n1. Apple\n2. Apricot\n3. Banana\n(\"more\" for the rest)",
            "Pick a item:\n4. Cherry\n5. Date",
            "Back to the top of the Stock list.",
            "Pick a item:\nFruit:\n1. Apple\n2. Apricot\n3. Banana\n(\"more\" for the rest)",
            "Stocked.",
        ])
        #expect(outcome.intent?.as(StockIntent.self)?.item == StockHandler.fruit[1])
        #expect(leftInFlight(host: rig.host, user: rig.user) == [])
    }
}
