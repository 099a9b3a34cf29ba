import Assistant
import HobsonKit
import SceneIntents

/// What an assistant in front of Hobson is made from: its vocabulary, and a connection to the
/// app in this process. The app (`HobsonKit`) knows neither.
extension HobsonApp {
    /// The assistant's vocabulary of `words()`.
    public nonisolated static func vocabulary() -> Vocabulary {
        // The phrases are fixed and well formed; a typo would be caught by the demo's tests.
        (try? Vocabulary(words(), catalog: catalog)) ?? Vocabulary()
    }

    /// A connection to this app in this process; the app's shortcuts messages (its dispatcher's
    /// outlet) go through it from now on.
    public func connect() -> InProcessConnection {
        let connection = InProcessConnection(host: host, appName: Self.name)
        let endpoint = connection.appEndpoint
        dispatcher.outlet = { endpoint.send($0) }
        return connection
    }
}
