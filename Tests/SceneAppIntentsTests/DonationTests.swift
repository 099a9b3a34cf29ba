import Assistant
import Foundation
import SceneAppIntents
import SceneIntents
import SceneIntentsTesting
import Synchronization
import Testing

/// What the system's end of an in-process connection received from the app.
final class ShortcutsInbox: Sendable {
    private let received = Mutex<[ShortcutsMessage]>([])
    var messages: [ShortcutsMessage] { received.withLock { $0 } }
    func take(_ message: ShortcutsMessage) { received.withLock { $0.append(message) } }
}

/// The synchronous form, as the app's interface calls it.
@MainActor
func donateNow(_ intent: PickPaceIntent, through donations: IntentDonationManager) -> IntentDonationIdentifier {
    donations.donate(intent: intent)
}

@MainActor
struct DonationTests {
    /// An app of `types` whose delegate attaches `donations`, connected in process to a system
    /// that keeps what the app tells its shortcuts store.
    static func app(
        donations: IntentDonationManager, _ types: [any AppIntent.Type] = [PickPaceIntent.self]
    ) -> (Application, InProcessConnection, ShortcutsInbox) {
        let intents = AppIntentsCatalog(types, dependencies: AppDependencyManager())
        let application = Application(
            manifest: intents.manifest(sceneConfigurations: [.windowApplication: [SceneConfiguration(name: "Default", delegateClassName: "Plain")]]),
            sceneDelegates: ["Default": { PlainSceneDelegate() }], delegate: { AppIntentsAppDelegate(intents: intents, donations: donations) })
        let connection = InProcessConnection(host: IntentHost(application: application, catalog: intents.catalog), appName: "Runs")
        let inbox = ShortcutsInbox()
        connection.receiveShortcuts { inbox.take($0) }
        return (application, connection, inbox)
    }

    @Test func aDonationReachesTheSystemAsAnInteractionItCanRunAgain() async throws {
        let donations = IntentDonationManager()
        let (application, _, inbox) = Self.app(donations: donations)
        try application.launch(.user)
        let intent = PickPaceIntent()
        intent.pace = "Easy"
        intent.finish = "Steady"
        let donated = try await donations.donate(intent: intent, result: .result(dialog: "Easy, then Steady."))
        let plain = donateNow(PickPaceIntent(), through: donations)
        #expect(donated != plain)
        #expect(inbox.messages.map(\.description) == ["donate PickPaceIntent \(donated)", "donate PickPaceIntent \(plain)"])
        guard case .donate(let interaction, let phrase) = inbox.messages.first else { Issue.record("no donation"); return }
        #expect(phrase == nil)
        #expect(interaction.identifier == donated.interactionIdentifier)
        #expect(interaction.groupIdentifier == "PickPaceIntent")
        #expect(interaction.intentResponse?.dialog == "Easy, then Steady.")
        #expect(interaction.intentHandlingStatus == .success)
        // The store keeps it as JSON and thaws it with the app's catalog: run, it is the same intent.
        let catalog = AppIntentsCatalog([PickPaceIntent.self]).catalog
        let thawed = try catalog.makeDecoder().decode(AnyIntent.self, from: JSONEncoder().encode(interaction.intent))
        let harness = AppIntentValueTests.harness([], intents: [PickPaceIntent.self])
        #expect(await harness.perform(.intent(thawed)).dialog == ["Easy, then Steady."])
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }

    @Test func deletionsNameTheDonationsOrTheIntentType() async throws {
        let donations = IntentDonationManager()
        let (application, _, inbox) = Self.app(donations: donations)
        try application.launch(.user)
        let first = donateNow(PickPaceIntent(), through: donations)
        #expect(try await donations.deleteDonations(matching: .donationIdentifiers([first])) == [first])
        #expect(try await donations.deleteDonations(matching: .intentType(PickPaceIntent.self)) == [])
        #expect(inbox.messages.dropFirst() == [.deleteDonations(.identifiers([first.interactionIdentifier])), .deleteDonations(.group("PickPaceIntent"))])
    }

    @Test func withNoSystemConnectedTheAsyncFormsThrowAndNothingIsKept() async throws {
        let donations = IntentDonationManager()
        let (application, _, inbox) = Self.app(donations: donations)
        // Not launched: the delegate has not attached the manager yet.
        await #expect(throws: IntentDonationError(what: "a donation of PickPaceIntent")) {
            try await donations.donate(intent: PickPaceIntent())
        }
        _ = donateNow(PickPaceIntent(), through: donations)
        await #expect(throws: IntentDonationError(what: "a deletion of PickPaceIntent's donations")) {
            try await donations.deleteDonations(matching: .intentType(PickPaceIntent.self))
        }
        #expect(inbox.messages == [])
        #expect(IntentDonationError(what: "a donation of PickPaceIntent").description.hasPrefix(
            "a donation of PickPaceIntent did not reach the system: the app is not connected to one"))
        try application.launch(.user)
        #expect(try await donations.donate(intent: PickPaceIntent()).interactionIdentifier.isEmpty == false)
        #expect(inbox.messages.count == 1)
    }
}
