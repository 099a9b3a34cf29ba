import Foundation
import SceneIntents
import SceneIntentsStore

/// The one handler of `TrackIntakeIntent`, used by the app (in-app handling) and by the intents
/// extension alike.
///
/// Resolve: ounces missing or 0 → needsValue ("How many ounces?"); negative or over 128 →
/// unsupported with its reason ("That's more than I can log at once."). Drink missing →
/// needsValue (the assistant lists the drinks); `unknown` — the user named something that is no
/// drink, "beer" — → unsupported `notADrink`, whose dialog is spoken before the drinks are
/// offered again. Handle: appends a `LogEntry` durably and answers success ("Item Added!") only
/// after the append returned; a failed write answers failure ("Sorry, but I couldn't add your
/// item.") and nothing is visible in the log.
@MainActor
public final class TrackIntakeHandler: TrackIntakeIntentHandling {
    /// How a handle call ended, for the host (the app refreshes its screen, a host logs a failure).
    public enum Outcome: Sendable, Equatable {
        /// The entry is on disk.
        case logged(LogEntry)
        /// The write failed; nothing was added.
        case failed(StoreError)
    }

    /// The most one entry may be, in ounces.
    public static let maximumOunces = 128

    private let store: HydrationStore
    private let now: @Sendable () -> Date
    private let onOutcome: (@MainActor (Outcome) -> Void)?

    /// A handler writing to `store`; `now` dates the entries; `onOutcome` hears each handle.
    public init(
        store: HydrationStore, now: @escaping @Sendable () -> Date = { Date() },
        onOutcome: (@MainActor (Outcome) -> Void)? = nil
    ) {
        self.store = store
        self.now = now
        self.onOutcome = onOutcome
    }

    /// Missing or 0 → needsValue; negative → unsupported; over 128 → unsupported; else success.
    public func resolveOunces(for intent: TrackIntakeIntent) async -> ResolutionResult<Int> {
        guard let ounces = intent.ounces, ounces != 0 else { return .needsValue }
        if ounces < 0 { return .unsupported(forReason: TrackIntakeOuncesUnsupportedReason.negativeNumbersNotSupported) }
        if ounces > Self.maximumOunces {
            return .unsupported(forReason: TrackIntakeOuncesUnsupportedReason.greaterThanMaximumValue)
        }
        return .success(with: ounces)
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
        let entry = LogEntry(id: UUID().uuidString, type: type, ounces: ounces, date: now())
        do {
            try await store.append(entry)
        } catch {
            onOutcome?(.failed(error))
            return TrackIntakeIntentResponse(code: .failure)
        }
        onOutcome?(.logged(entry))
        return TrackIntakeIntentResponse(code: .success)
    }
}
