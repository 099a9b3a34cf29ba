import Foundation
import SceneIntents

/// Plans trips: implements the protocols generated from `PlanTrip.intentdefinition`, every
/// parameter type and multi-value form, by accepting what it is given.
@MainActor
public final class TripHandler: PlanTripIntentHandling, FooIntentIntentHandling, ConfigurationIntentHandling {
    public init() {}

    public func resolveTitle(for intent: PlanTripIntent) async -> ResolutionResult<String> { .accepting(intent.title) }
    public func resolveTravellers(for intent: PlanTripIntent) async -> ResolutionResult<Int> { .accepting(intent.travellers) }
    public func resolveBudget(for intent: PlanTripIntent) async -> ResolutionResult<Double> { .accepting(intent.budget) }
    public func resolveRefundable(for intent: PlanTripIntent) async -> ResolutionResult<Bool> { .accepting(intent.refundable) }
    public func resolveDeparture(for intent: PlanTripIntent) async -> ResolutionResult<DateComponents> {
        .accepting(intent.departure)
    }
    public func resolveDuration(for intent: PlanTripIntent) async -> ResolutionResult<TimeInterval> { .accepting(intent.duration) }
    public func resolveWebsite(for intent: PlanTripIntent) async -> ResolutionResult<URL> { .accepting(intent.website) }
    public func resolvePace(for intent: PlanTripIntent) async -> ResolutionResult<Pace> { .accepting(intent.pace) }
    public func resolveDestination(for intent: PlanTripIntent) async -> ResolutionResult<Place> { .accepting(intent.destination) }
    public func resolveCompanion(for intent: PlanTripIntent) async -> ResolutionResult<DisplayItem> { .accepting(intent.companion) }
    public func resolveStops(for intent: PlanTripIntent) async -> [ResolutionResult<String>] { each(intent.stops) }
    public func resolveNights(for intent: PlanTripIntent) async -> [ResolutionResult<Int>] { each(intent.nights) }
    public func resolvePlaces(for intent: PlanTripIntent) async -> [ResolutionResult<Place>] { each(intent.places) }
    public func resolveDates(for intent: PlanTripIntent) async -> [ResolutionResult<DateComponents>] { each(intent.dates) }
    public func resolveDefault(for intent: PlanTripIntent) async -> ResolutionResult<String> { .accepting(intent.default) }
    public func resolveInput_file(for intent: PlanTripIntent) async -> ResolutionResult<URL> { .accepting(intent.input_file) }
    public func resolveNickname(for intent: PlanTripIntent) async -> ResolutionResult<String> { .accepting(intent.nickname) }

    public func provideDestinationOptionsCollection(for intent: PlanTripIntent) async -> ObjectCollection<Place> {
        ObjectCollection(items: [Place(identifier: "lisbon", display: "Lisbon")])
    }

    public func providePlacesOptionsCollection(for intent: PlanTripIntent, searchTerm: String?) async -> ObjectCollection<Place> {
        ObjectCollection(sections: [ObjectSection(title: searchTerm, items: [Place(identifier: "porto", display: "Porto")])])
    }

    public func handle(intent: PlanTripIntent) async -> PlanTripIntentResponse {
        .success(summary: intent.title ?? "a trip", places: intent.places ?? [])
    }

    public func resolvePace(for intent: ConfigurationIntent) async -> ResolutionResult<Pace> { .accepting(intent.pace) }

    public func handle(intent: FooIntentIntent) async -> FooIntentIntentResponse { FooIntentIntentResponse(code: .success) }

    private func each<Value>(_ values: [Value]?) -> [ResolutionResult<Value>] {
        (values ?? []).map { .success(with: $0) }
    }
}

/// Orders coffee: implements the protocol generated from the binary model 1.0 `Coffee.intentdefinition`.
@MainActor
public final class CoffeeHandler: OrderCoffeeIntentHandling {
    public init() {}

    public func handle(intent: OrderCoffeeIntent) async -> OrderCoffeeIntentResponse {
        guard let size = intent.size else { return .successReadySoon(minutes: 5) }
        return .success(size: size)
    }
}
