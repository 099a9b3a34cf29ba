import Foundation
import SceneIntents
import SceneIntentsStore

/// The one handler of `TrackIntakeIntent`, used by the app (in-app handling) and by the intents
/// extension alike.
///
/// Resolve: ounces missing → needsValue ("How many ounces?"); negative, 0 or over 128 →
/// unsupported with the definition's reason for it ("Sorry, I can't log a negative amount.",
/// "Sorry, I can't log less than 1 ounce.", "That's more than I can log at once."). Drink missing →
/// needsValue (the assistant lists the drinks); `unknown` — the user named something that is no
/// drink, "beer" — → unsupported `notADrink`, whose dialog is spoken before the drinks are
/// offered again. Handle: appends a `LogEntry` durably and answers success ("Item Added!") only
/// after the append returned; a failed write answers failure ("Sorry, but I couldn't add your
/// item."), reports why (`reportHandlerFailure`, and a line on standard error) and nothing is
/// visible in the log.
@MainActor
public final class TrackIntakeHandler: TrackIntakeIntentHandling {
    /// The most one entry may be, in ounces.
    public static let maximumOunces = 128

    private let log: any DrinkLog
    private let now: @Sendable () -> Date

    /// A handler appending to `log` (the app's model, or the store itself in the extension);
    /// `now` dates the entries.
    public init(log: any DrinkLog, now: @escaping @Sendable () -> Date = { Date() }) {
        self.log = log
        self.now = now
    }

    /// Missing → needsValue; negative, 0 or over 128 → unsupported, each with its reason; else
    /// success.
    public func resolveOunces(for intent: TrackIntakeIntent) async -> ResolutionResult<Int> {
        guard let ounces = intent.ounces else { return .needsValue }
        if ounces < 0 { return .unsupported(forReason: TrackIntakeOuncesUnsupportedReason.negativeNumbersNotSupported) }
        if ounces == 0 { return .unsupported(forReason: TrackIntakeOuncesUnsupportedReason.lessThanMinimumValue) }
        if ounces > Self.maximumOunces {
            return .unsupported(forReason: TrackIntakeOuncesUnsupportedReason.greaterThanMaximumValue)
        }
        return .success(with: ounces)
    }

    /// Words the assistant could not read as a number at "How many ounces?": an amount said
    /// with its unit ("8 oz", "eight ounces", "1 ounce") is read and checked as any amount is;
    /// a fraction ("1.5") is refused as not whole; other words are asked for again.
    public func resolveOunces(for intent: TrackIntakeIntent, unreadWords words: String) async -> ResolutionResult<Int> {
        if HydratorApp.saysFraction(words) { return .unsupported(forReason: TrackIntakeOuncesUnsupportedReason.wholeOuncesOnly) }
        guard let ounces = HydratorApp.ounces(in: words) else { return .needsValue }
        var said = intent
        said.ounces = ounces
        return await resolveOunces(for: said)
    }

    /// Missing → needsValue; unknown (words that name no drink) → unsupported; else success.
    public func resolveHydrationType(for intent: TrackIntakeIntent) async -> ResolutionResult<HydrationType> {
        switch intent.hydrationType {
        case nil: .needsValue
        case .unknown?: .unsupported(forReason: TrackIntakeHydrationTypeUnsupportedReason.notADrink)
        case let type?: .success(with: type)
        }
    }

    /// Appends the entry durably, then answers success; a failed write answers failure.
    public func handle(intent: TrackIntakeIntent) async -> TrackIntakeIntentResponse {
        guard let ounces = intent.ounces, (1...Self.maximumOunces).contains(ounces),
            let type = intent.hydrationType, type != .unknown
        else { return TrackIntakeIntentResponse(code: .failure) }
        do throws(StoreError) {
            try await log.append(LogEntry(id: UUID().uuidString, type: type, ounces: ounces, date: now()))
        } catch {
            // The dialog only says it failed: the reason (path, the system's sentence) goes to
            // the system's trace and to standard error, where whoever runs it can act on it.
            reportHandlerFailure("the drink was not logged: \(error)")
            try? FileHandle.standardError.write(contentsOf: Data("hydrator: the drink was not logged: \(error)\n".utf8))
            return TrackIntakeIntentResponse(code: .failure)
        }
        return TrackIntakeIntentResponse(code: .success)
    }
}
