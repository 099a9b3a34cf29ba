import Assistant
import Foundation
import HobsonKit
import SceneIntents
import SceneIntentsFeatures
import SceneIntentsTesting
import Testing

@Suite("Hobson's features and actions")
@MainActor
struct ActionTests {
    @Test("the favourite fails (and is not donated) until one is kept; the setting switched off makes it unavailable")
    func favourite() async throws {
        let directory = ScratchDirectory()
        defer { directory.remove() }
        let session = try makeSession(directory.path)
        let none = await session.say("whats my favourite insult")
        #expect(none.status == .failure)
        #expect(none.dialog == ["You have no favourite insult yet; tap Favourite under one you like."])
        _ = try await session.run(":open")
        _ = try await session.run(":tap 2")
        let kept = await session.say("tell me my favourite insult")
        #expect(kept.dialog == ["Thou art a boil, a plague sore, an embossed carbuncle."])
        _ = try await session.run(":revoke toggle favourites")
        let off = await session.say("whats my favourite insult")
        #expect(off.dialog == ["GetFavouriteInsult (feature Favourites) is unavailable because the setting 'favourites' is switched off."])
        let entries = try #require(session.app).dispatcher.timeline.entries
        #expect(entries.map(\.action) == ["GetFavouriteInsult", "SaveFavourite", "GetFavouriteInsult", "GetFavouriteInsult"])
        #expect(entries.map { $0.donation == .notDonated } == [true, true, false, true])
        #expect(await session.donations() == ["GetFavouriteInsult “Thou art a boil, a plague sore, an embossed carbuncle.”"])
        // The trace says which requirement was unmet.
        let reports = session.assistant.trace.events.filter { $0.kind == .report }.map(\.detail)
        #expect(reports.contains { $0.hasPrefix("performed #4 GetFavouriteInsult") && $0.hasSuffix("because the setting 'favourites' is switched off; not donated") })
    }

    @Test("jokes are not offered until bought; then they are, and the app's suggestion list is replaced")
    func jokesOffered() async throws {
        let directory = ScratchDirectory()
        defer { directory.remove() }
        let session = try makeSession(directory.path)
        _ = try await session.run(":open")
        #expect(await session.suggestions() == [
            "1. InsultMe “Insult me” — suggested by the app",
            "2. InsultMe (style: Shakespeare) “Insult me” — suggested by the app",
        ])
        _ = try await session.run(":grant purchase jokes")
        #expect(await session.suggestions().last == "3. MakeMeLaugh “Make me laugh” — suggested by the app")
        await #expect(throws: AppCommandError.self) { try await session.run(":grant karma x") }
    }

    @Test("the extension's group serves the intents and leaves the UI-only action out")
    func extensionGroup() async throws {
        let dispatcher = ActionDispatcher(
            group: HobsonFeatures.intentsExtension, manifest: try HobsonApp.bundledManifest(), scheme: HobsonApp.scheme,
            conditions: FeatureConditions(purchases: ["jokes"]), clock: ManualClock())
        let actions = HobsonActions(book: InsultBook())
        actions.register(with: dispatcher) { NoScreen() }
        let (entry, response) = try await dispatcher.handle(AnyIntent(InsultMeIntent(style: .office)))
        #expect(response.values["insult"] == "Your ideas are like meetings: too long and without an outcome.")
        #expect(entry.feature == "Insults")
        await #expect(throws: DispatchError.self) { try await dispatcher.handle(AnyIntent(GetFavouriteInsultIntent())) }
        await #expect(throws: DispatchError.self) { try await dispatcher.perform(actions.saveFavourite, presenter: NoScreen()) }
        #expect(dispatcher.isAvailable(MakeMeLaughAction.self) && !dispatcher.isAvailable(SaveFavouriteAction.self))
    }

    @Test("an app URL and a continued activity take the same path as a tap")
    func urlAndActivity() async throws {
        let directory = ScratchDirectory()
        defer { directory.remove() }
        let session = try makeSession(directory.path)
        _ = try await session.run(":open")
        #expect(try await session.run(":url hobson://insult?style=office").first?.hasSuffix("; donated r-1") == true)
        let app = try #require(session.app)
        let activity = app.dispatcher.activity(for: InsultMeAction.self, InsultRequest(style: .pirate))
        #expect(activity.userInfo["url"] == .string("hobson://insult?style=pirate"))
        #expect(activity.content.suggestedInvocationPhrase == "Insult me")
        try await app.dispatcher.continueActivity(activity)
        await #expect(throws: AppCommandError.self) { try await session.run(":url hobson://insult?mood=grumpy") }
        #expect(app.dispatcher.timeline.entries.map(\.entryPoint) == [
            .url("hobson://insult?style=office"), .userActivity("InsultMe"),
        ])
        #expect(app.screen?.line == "Ye've the manners of a bilge rat and half its charm.")
    }
}
