import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// What a user may say at "Which soup would you like?", and how options are paged.
@MainActor
struct PickingTests {
    let firstPage = "Which soup would you like?\n1. Tomato (vegan)\n2. Lentil (spicy)\n3. Clam Chowder (creamy)\nSay \"more\" for more."

    /// A rig whose soup needs a pick among the whole menu.
    func rig(_ replies: [Reply], configuration: AssistantConfiguration = AssistantConfiguration()) throws -> Rig {
        let rig = try Rig(replies, configuration: configuration)
        rig.handler.soup = { intent in intent.soup.map { .success(with: $0) } ?? .disambiguation(with: Soup.menu) }
        return rig
    }

    func finish(_ rig: Rig) {
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
        #expect(rig.traceLines.last?.hasPrefix("outcome: ") == true)
    }

    @Test(arguments: ["chowder", "Clam chowder", "3", "3.", "three", "the third", "third one", "#3", "clam chowdr"])
    func aPartOfATitleAnOrdinalOrAMisspellingPicks(_ words: String) async throws {
        let rig = try rig([Reply(parsing: words)])
        let outcome = await rig.order()
        #expect(outcome.intent?.as(OrderSoupIntent.self)?.soup == Soup.menu[2])
        #expect(outcome.dialog == [firstPage, "1 Clam Chowder coming up."])
        finish(rig)
    }

    @Test func anOrdinalGivenAsTextIsReadToo() async throws {
        let rig = try rig([.text("the second")])
        let outcome = await rig.order()
        #expect(outcome.intent?.as(OrderSoupIntent.self)?.soup == Soup.menu[1])
        finish(rig)
    }

    @Test func aNumberOutOfRangeNamesTheRange() async throws {
        let rig = try rig([.pick(9), .more, .pick(0), .pick(5)])
        let outcome = await rig.order()
        #expect(outcome.dialog == [
            firstPage, "There's no number 9 on the list. Say a number from 1 to 3, or \"more\".",
            firstPage, "Which soup would you like?\nPea (fresh)".replacingOccurrences(of: "Pea (fresh)", with: "4. Pea (fresh)\n5. French Onion (cheesy)\n6. Miso (light)\nSay \"more\" for more."),
            "There's no number 0 on the list. Say a number from 1 to 6, or \"more\".",
            "Which soup would you like?\n4. Pea (fresh)\n5. French Onion (cheesy)\n6. Miso (light)\nSay \"more\" for more.",
            "1 French Onion coming up.",
        ])
        finish(rig)
    }

    @Test func anEmptyAnswerRepeatsTheQuestionWithTheChoices() async throws {
        let rig = try rig([.text(""), .text("  "), .pick(1)])
        let outcome = await rig.order()
        #expect(outcome.dialog == [firstPage, firstPage, firstPage, "1 Tomato coming up."])
        finish(rig)
    }

    @Test func wordsThatNameNoneOrSeveralSayWhatToSay() async throws {
        let rig = try Rig([.text("pizza"), .text("lentil"), .text("green")])
        let lentils = [Soup("tomato", "Tomato"), Soup("red", "Red Lentil"), Soup("green", "Green Lentil")]
        rig.handler.soup = { intent in intent.soup.map { .success(with: $0) } ?? .disambiguation(with: lentils) }
        let outcome = await rig.order()
        let page = "Which soup would you like?\n1. Tomato\n2. Red Lentil\n3. Green Lentil"
        #expect(outcome.dialog == [
            page, "Sorry, that isn't one of them. You can say a number from 1 to 3, a name such as \"Tomato\" or \"more\".",
            page, "\"lentil\" matches 2 and 3. Say the number.", page, "1 Green Lentil coming up.",
        ])
        finish(rig)
    }

    @Test func moreIsNeverAWrongAnswerAndAtTheEndItStartsAgain() async throws {
        var configuration = AssistantConfiguration()
        configuration.maxReasks = 1
        let rig = try rig([.more, .more, .more, .more, .pick(2)], configuration: configuration)
        let outcome = await rig.order()
        let pages = rig.user.prompts.compactMap { prompt -> String? in
            guard case .pick(_, _, let items, _, let first, let more) = prompt else { return nil }
            return "\(first)…\(first + items.count - 1)\(more != nil ? " more" : "")"
        }
        #expect(pages == ["1…3 more", "4…6 more", "7…7", "1…3 more", "4…6 more"])
        #expect(outcome.dialog.filter { !$0.hasPrefix("Which soup") } == [
            "That's all of them. Here they are again from the start.", "1 Lentil coming up.",
        ])
        finish(rig)
    }

    @Test func optionsForTheWordsSaidArePagedLazilyFromTheProvider() async throws {
        let rig = try Rig([.more, .pick(5)])
        rig.handler.soup = { intent in
            guard let soup = intent.soup, !soup.identifier.isEmpty else { return .disambiguation(with: []) }
            return .success(with: soup)
        }
        let outcome = await rig.order(OrderSoupIntent(soup: Soup("", "o")))
        #expect(outcome.intent?.as(OrderSoupIntent.self)?.soup == Soup.menu[6])
        #expect(rig.traceLines.filter { $0.hasPrefix("call: provideOptions") || $0.hasPrefix("result: provideOptions") } == [
            "call: provideOptions(soup, \"o\", from 0, 3) budget 10s until 10s",
            "result: provideOptions(soup, \"o\", from 0, 3) → options(3, more)",
            "call: provideOptions(soup, \"o\", from 3, 3) budget 10s until 10s",
            "result: provideOptions(soup, \"o\", from 3, 3) → options(2)",
        ])
        let pages = rig.user.prompts.compactMap { prompt -> [String]? in
            guard case .pick(_, _, let items, _, _, let more) = prompt else { return nil }
            return items.map(\.title) + (more != nil ? ["(more)"] : [])
        }
        #expect(pages == [["Tomato", "Clam Chowder", "French Onion", "(more)"], ["Miso", "Pho"]])
        finish(rig)
    }

    @Test func iDidNotUnderstandAlwaysComesWithThingsToSay() async throws {
        let rig = try Rig()
        let outcome = await rig.perform(.utterance("xyzzy"))
        #expect(outcome.dialog == ["Sorry, I didn't understand. You can say: \"order … soup\", \"i want …\" or \"order soup\"."])
        #expect(rig.recorder.take() == [])
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func aValueThatCannotBeReadSaysWhatToSay() async throws {
        let rig = try Rig([.text("lots"), .cancel])
        rig.handler.quantity = { intent in intent.quantity.map { .success(with: $0) } ?? .needsValue }
        let outcome = await rig.order(OrderSoupIntent(soup: Soup.menu[0]))
        #expect(outcome.dialog == [
            "How many?", "Sorry, I didn't get that. You can say a number or \"cancel\".", "How many?", "OK, cancelled.",
        ])
        #expect(outcome.dialog.allSatisfy { ".?!".contains($0.last ?? " ") }, "every message is a sentence")
        finish(rig)
    }
}
