import SceneIntents

/// Logs drinks: implements the protocol generated from `Hydrator.intentdefinition`.
@MainActor
public final class HydratorHandler: TrackIntakeIntentHandling {
    /// The most a single drink may be, in ounces.
    public static let limit = 64
    /// What was logged, in order.
    public private(set) var log: [String] = []

    public init() {}

    public func resolveOunces(for intent: TrackIntakeIntent) async -> ResolutionResult<Int> {
        guard let ounces = intent.ounces else { return .needsValue }
        guard ounces <= 128 else { return .unsupported(forReason: TrackIntakeOuncesUnsupportedReason.greaterThanMaximumValue) }
        return .success(with: ounces)
    }

    public func resolveHydrationType(for intent: TrackIntakeIntent) async -> ResolutionResult<HydrationType> {
        guard let type = intent.hydrationType, type != .unknown else { return .needsValue }
        return .success(with: type)
    }

    public func handle(intent: TrackIntakeIntent) async -> TrackIntakeIntentResponse {
        guard let ounces = intent.ounces, let type = intent.hydrationType else { return TrackIntakeIntentResponse(code: .failure) }
        guard ounces <= Self.limit else { return .failureTooMuch(limit: Self.limit) }
        log.append("\(ounces) \(type.displayName)")
        return .success(ounces: ounces, hydrationType: type)
    }
}
