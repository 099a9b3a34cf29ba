import SceneIntents

/// Implements the protocol generated from `Edges.intentdefinition`: keyword-named parameters,
/// an intent named `Intent`, an enum named `Enum`, a custom code named `default`.
@MainActor
public final class EdgesHandler: IntentIntentHandling {
    public init() {}

    public func resolveClass(for intent: IntentIntent) async -> ResolutionResult<String> { .accepting(intent.class) }

    public func resolveIn(for intent: IntentIntent) async -> ResolutionResult<Enum> {
        intent.in == .MPR ? .confirmationRequired(with: .MPR) : .accepting(intent.in)
    }

    public func handle(intent: IntentIntent) async -> IntentIntentResponse {
        guard let room = intent.in else { return .default(class: intent.class ?? "none", response: "no room") }
        return .success(class: intent.class ?? "none", in: room)
    }
}
