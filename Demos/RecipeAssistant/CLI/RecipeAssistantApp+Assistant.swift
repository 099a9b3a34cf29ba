import Assistant
import RecipeAssistantKit
import SceneIntents

/// What an assistant in front of the Recipe Assistant is made from: its vocabulary (the app's
/// words, with the featured recipes as entities) and a connection to the app in this process.
/// The app (`RecipeAssistantKit`) knows neither.
extension RecipeAssistantApp {
    /// The words the assistant understands for this app, with the featured recipes as entities.
    public func vocabulary() -> Vocabulary {
        Self.vocabulary(featured: book.featured)
    }

    /// The assistant's vocabulary of `words(featured:)`.
    public nonisolated static func vocabulary(featured: [Recipe]) -> Vocabulary {
        // The phrases are fixed, and each slot is checked against the intent's parameters; a
        // failure here would be a typo caught by tests.
        (try? Vocabulary(words(featured: featured), catalog: catalog)) ?? Vocabulary()
    }

    /// A connection to this app in this process.
    public func connect() -> InProcessConnection {
        InProcessConnection(host: host, appName: Self.name)
    }

    /// An assistant for this app, over `connection` (by default a new one, `connect()`).
    public func makeAssistant(
        user: any UserAgent, clock: BudgetClock, configuration: AssistantConfiguration = AssistantConfiguration(),
        isTracing: Bool = true, connection: InProcessConnection? = nil
    ) -> Assistant {
        Assistant(
            connection: connection ?? connect(), user: user, device: device, clock: clock, vocabulary: vocabulary(),
            configuration: configuration, isTracing: isTracing)
    }
}
