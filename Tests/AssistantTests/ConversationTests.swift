import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

@MainActor
struct ConversationTests {
    let tomato = Soup("tomato", "Tomato")

    @Test func successHandlesAndSpeaksTheCustomDialog() async throws {
        let rig = try Rig()
        let outcome = await rig.order(OrderSoupIntent(soup: tomato, quantity: 2))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["2 Tomato coming up."])
        #expect(rig.handler.calls == ["resolveSoup", "resolveQuantity", "resolveToppings", "confirm", "handle"])
        #expect(rig.host.requestsInFlight == 0)
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func needsValueAsksWithThePromptAndSearchesTheOptions() async throws {
        let rig = try Rig([.text("pea")])
        let outcome = await rig.order()
        #expect(outcome.status == .success)
        #expect(rig.user.prompts == [.value(parameter: "soup", question: "Which soup?")])
        #expect(outcome.intent?.as(OrderSoupIntent.self)?.soup == Soup.menu[3])
        #expect(rig.handler.calls.prefix(3) == ["resolveSoup", "provideSoupOptions(pea)", "resolveSoup"])
        #expect(outcome.lastLine == "1 Pea coming up.")
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func disambiguationOffersRichItemsAndTakesThePick() async throws {
        let rig = try Rig([.pick(2)])
        rig.handler.soup = { intent in
            intent.soup.map { .success(with: $0) } ?? .disambiguation(with: Array(Soup.menu.prefix(3)))
        }
        let outcome = await rig.order()
        #expect(outcome.status == .success)
        let items = Array(Soup.menu.prefix(3)).map(\.displayItem)
        #expect(rig.user.prompts == [
            .pick(
                parameter: "soup", introduction: "Which soup would you like?", items: items, headings: [:], firstNumber: 1,
                more: nil)
        ])
        #expect(rig.user.prompts.first?.spoken == "Which soup would you like?\n1. Tomato (vegan)\n2. Lentil (spicy)\n3. Clam Chowder (creamy)")
        #expect(outcome.intent?.as(OrderSoupIntent.self)?.soup == Soup.menu[1])
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func aLongListIsPagedForVoice() async throws {
        let rig = try Rig([.more, .more, .pick(7)])
        rig.handler.soup = { intent in intent.soup.map { .success(with: $0) } ?? .disambiguation(with: Soup.menu) }
        let outcome = await rig.order()
        let pages = rig.user.prompts.compactMap { prompt -> [String]? in
            guard case .pick(_, _, let items, _, let first, let more) = prompt else { return nil }
            return ["from \(first)", more != nil ? "more" : "end"] + items.map(\.title)
        }
        #expect(pages == [
            ["from 1", "more", "Tomato", "Lentil", "Clam Chowder"],
            ["from 4", "more", "Pea", "French Onion", "Miso"],
            ["from 7", "end", "Pho"],
        ])
        #expect(outcome.intent?.as(OrderSoupIntent.self)?.soup == Soup.menu[6])
        #expect(outcome.status == .success)
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func confirmationYesAcceptsTheValue() async throws {
        let rig = try Rig([.yes])
        rig.handler.soup = { _ in .confirmationRequired(with: Soup("pea", "Pea")) }
        let outcome = await rig.order(OrderSoupIntent(soup: tomato))
        #expect(rig.user.prompts == [.confirmation(parameter: "soup", question: "Just to confirm, Pea?")])
        #expect(outcome.status == .success)
        #expect(outcome.intent?.as(OrderSoupIntent.self)?.soup == Soup("pea", "Pea"))
        #expect(rig.handler.calls.filter { $0 == "resolveSoup" }.count == 1)
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    /// SiriKit cancels a request whose parameter confirmation the user declines: "no" says what
    /// the user does not want, not what they want instead (it used to ask for another value).
    @Test func confirmationNoCancelsTheRequest() async throws {
        let rig = try Rig([.no])
        rig.handler.soup = { _ in .confirmationRequired(with: Soup("pea", "Pea")) }
        let outcome = await rig.order(OrderSoupIntent(soup: tomato))
        #expect(outcome.status == .cancelled)
        #expect(outcome.dialog == ["Just to confirm, Pea?", "OK, cancelled."])
        #expect(rig.handler.calls == ["resolveSoup"])
        #expect(rig.traceLines.suffix(5) == [
            "result: resolve(soup) → confirmationRequired(Pea)", "prompt: Just to confirm, Pea?", "answer: no",
            "say: OK, cancelled.", "outcome: cancelled",
        ])
        #expect(rig.host.requestsInFlight == 0)
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func confirmationAnsweredWithWordsAsksForAnotherValue() async throws {
        let rig = try Rig([.text("not that one"), .text("miso")])
        rig.handler.soup = { intent in
            intent.soup?.identifier == "miso" ? .success(with: Soup.menu[5]) : .confirmationRequired(with: Soup("pea", "Pea"))
        }
        let outcome = await rig.order(OrderSoupIntent(soup: tomato))
        #expect(rig.user.prompts == [
            .confirmation(parameter: "soup", question: "Just to confirm, Pea?"),
            .value(parameter: "soup", question: "Which soup?"),
        ])
        #expect(outcome.intent?.as(OrderSoupIntent.self)?.soup == Soup.menu[5])
        #expect(outcome.status == .success)
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func unsupportedSaysWhyWithTheReasonsDialogAndAsksAgain() async throws {
        let rig = try Rig([.text("lentil")])
        rig.handler.soup = { intent in
            intent.soup?.identifier == "clam" ? .unsupported(forReason: SoupUnsupportedReason.soldOut) : .accepting(intent.soup)
        }
        let outcome = await rig.order(OrderSoupIntent(soup: Soup.menu[2]))
        #expect(outcome.dialog == ["Sorry, Clam Chowder is sold out.", "Which soup?", "1 Lentil coming up."])
        #expect(outcome.status == .success)
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func notRequiredStopsResolvingTheParameter() async throws {
        let rig = try Rig()
        rig.handler.soup = { _ in .notRequired }
        let outcome = await rig.order()
        #expect(outcome.status == .success)
        #expect(rig.user.prompts.isEmpty)
        #expect(rig.handler.calls == ["resolveSoup", "resolveQuantity", "resolveToppings", "confirm", "handle"])
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func multiValueParametersAskAboutEachItemThatNeedsIt() async throws {
        let rig = try Rig([.text("croutons")])
        rig.handler.toppings = { intent in
            (intent.toppings ?? []).map { $0 == "gold leaf" ? .unsupported : .success(with: $0) }
        }
        let outcome = await rig.order(OrderSoupIntent(soup: tomato, toppings: ["cream", "gold leaf"]))
        #expect(outcome.intent?.as(OrderSoupIntent.self)?.toppings == ["cream", "croutons"])
        #expect(outcome.dialog.first == "Sorry, that toppings isn't supported.")
        #expect(outcome.status == .success)
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func aFailedConfirmationEndsWithItsDialog() async throws {
        let rig = try Rig()
        rig.handler.confirmation = { _ in IntentResponse(code: ResponseCode(rawValue: 101), values: ["time": "9 pm"]) }
        let outcome = await rig.order(OrderSoupIntent(soup: tomato))
        #expect(outcome.status == .failure)
        #expect(outcome.dialog == ["The kitchen closed at 9 pm."])
        #expect(!rig.handler.calls.contains("handle"))
        #expect(rig.host.requestsInFlight == 0)
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func inProgressIsReportedWithoutWaiting() async throws {
        let rig = try Rig()
        rig.handler.handling = { _ in .inProgress }
        let outcome = await rig.order(OrderSoupIntent(soup: tomato))
        #expect(outcome.status == .inProgress)
        #expect(outcome.dialog == ["Kitchen is working on it."])
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test(arguments: ["value", "pick", "confirmation"])
    func theUserCanCancelAtEveryPrompt(_ kind: String) async throws {
        let rig = try Rig([.cancel])
        rig.handler.soup = { intent in
            switch kind {
            case "value": .needsValue
            case "pick": .disambiguation(with: Soup.menu)
            default: .confirmationRequired(with: Soup.menu[0])
            }
        }
        let outcome = await rig.order()
        #expect(outcome.status == .cancelled)
        #expect(outcome.lastLine == "OK, cancelled.")
        #expect(rig.user.prompts.count == 1)
        #expect(!rig.handler.calls.contains("handle"))
        #expect(rig.host.requestsInFlight == 0)
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func aLoopThatNeverConvergesEndsAtTheReaskLimit() async throws {
        var configuration = AssistantConfiguration()
        configuration.maxReasks = 2
        let rig = try Rig([.text("tomato"), .text("tomato")], configuration: configuration)
        rig.handler.soup = { _ in .unsupported }
        let outcome = await rig.order(OrderSoupIntent(soup: tomato))
        #expect(outcome.status == .failure)
        #expect(outcome.lastLine == "Sorry, I'm having trouble with the soup. Let's try again later.")
        #expect(rig.handler.calls.filter { $0 == "resolveSoup" }.count == 3)
        #expect(rig.host.requestsInFlight == 0)
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    /// Not found (handlerFor answers nil), of the wrong type, and throwing: each its own line.
    @Test(arguments: ["not found", "wrong type", "throwing"])
    func aHandlerThatCannotBeFoundOrFailsIsSpokenClearly(_ failure: String) async throws {
        final class NotAHandler {}
        struct Burnt: Error, CustomStringConvertible { var description: String { "the soup burnt" } }
        let handler = ScriptedSoupHandler()
        handler.handling = { _ in throw Burnt() }
        let rig = try Rig(fallback: { _ in
            switch failure {
            case "not found": nil
            case "wrong type": NotAHandler()
            default: handler
            }
        })
        let outcome = await rig.order(OrderSoupIntent(soup: tomato))
        // The user hears a user's sentence; the developer's reason, with its type names, is in the trace.
        let (line, reason) =
            switch failure {
            case "not found": ("Sorry, Kitchen can't do that right now.", "notHandled")
            case "wrong type":
                ("Sorry, Kitchen couldn't do that.",
                 "handlerFor returned a NotAHandler (expected OrderSoupIntentHandling) for OrderSoupIntent, which is not a handler of it")
            default: ("Sorry, Kitchen couldn't do that.", "the handler of OrderSoupIntent failed: the soup burnt")
            }
        #expect(outcome.status == .failure)
        #expect(outcome.dialog == [line])
        #expect(rig.user.heard == [line])
        #expect(rig.traceLines.contains { $0.hasPrefix("result: ") && $0.contains(reason) }, "\(rig.traceLines)")
        #expect(rig.traceLines.last == "outcome: failure")
        #expect(handler.calls == (failure == "throwing" ? ["resolveSoup", "resolveQuantity", "resolveToppings", "confirm", "handle"] : []))
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }
}
