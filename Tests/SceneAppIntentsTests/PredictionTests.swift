import Assistant
import AssistantShortcuts
import Foundation
import SceneAppIntents
import SceneIntents
import Testing

/// A run the system may suggest back, titled by the values it was donated with.
struct PlanLapsIntent: AppIntent, PredictableIntent {
    static let title: LocalizedStringResource = "Plan Laps"
    @Parameter(title: "Pace") var pace: String?
    @Parameter(title: "Laps") var laps: Int?

    static var predictionConfiguration: some IntentPredictionConfiguration {
        IntentPrediction(parameters: (\.$pace)) { pace in
            DisplayRepresentation(title: "Run \(pace ?? "")")
        }
        IntentPrediction(parameters: (\.$pace, \.$laps)) { pace, laps in
            DisplayRepresentation(title: "Run \(pace ?? "") for \(laps ?? 0) laps")
        }
        IntentPrediction(displayRepresentation: { DisplayRepresentation(title: "Go for a run") })
    }

    func perform() async throws -> some IntentResult { .result() }
}

/// `PredictableIntent`: a donation carries, as its suggested phrase, the title of the prediction
/// that fits its values (the one naming the most parameters that all have values), and the
/// system's shortcuts store offers it under that phrase.
@MainActor
struct PredictionTests {
    static func donated(pace: String?, laps: Int?) async throws -> (Interaction, String?) {
        let donations = IntentDonationManager()
        let (application, _, inbox) = DonationTests.app(donations: donations, [PlanLapsIntent.self])
        try application.launch(.user)
        let intent = PlanLapsIntent()
        intent.pace = pace
        intent.laps = laps
        try await donations.donate(intent: intent)
        guard case .donate(let interaction, let phrase) = inbox.messages.first, inbox.messages.count == 1 else {
            Issue.record("expected one donation, got \(inbox.messages)")
            throw CancellationError()
        }
        return (interaction, phrase)
    }

    @Test func theFittingPredictionNamingTheMostParametersTitlesTheDonation() async throws {
        for (pace, laps, title) in [
            ("easy", 4, "Run easy for 4 laps"), ("easy", nil, "Run easy"), (nil, 4, "Go for a run"), (nil, nil, "Go for a run"),
        ] as [(String?, Int?, String)] {
            let (_, phrase) = try await Self.donated(pace: pace, laps: laps)
            #expect(phrase == title)
        }
    }

    @Test func theStoreOffersTheDonationUnderItsPredictionsTitle() async throws {
        let (interaction, phrase) = try await Self.donated(pace: "easy", laps: 4)
        let offers = ShortcutOffers.rank(
            suggestions: [], donations: [Donation(interaction: interaction, suggestedPhrase: phrase)], now: interaction.date)
        let catalog = AppIntentsCatalog([PlanLapsIntent.self]).catalog
        #expect(offers.map { $0.description(catalog: catalog) } == ["PlanLapsIntent (pace: easy; laps: 4) “Run easy for 4 laps” — donated 1×"])
    }
}
