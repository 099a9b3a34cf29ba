import Assistant
import SceneIntents

/// What the daemon links for an app it serves: the app's intent types (to decode what its host
/// sends and to converse from) and its vocabulary (to tell which app an utterance is for).
///
/// The daemon cannot converse about an app from its bundle alone, so it serves only the
/// registered bundles whose identifier has an entry in this table; `assistantd` builds it from
/// the demo kits it links. A registered bundle without one is listed, with a note, and not served.
public struct LinkedApp: Sendable {
    /// The app's intent types.
    public let catalog: IntentCatalog
    /// The words the assistant understands for the app.
    public let vocabulary: Vocabulary
    /// The app's replacements for the assistant's default lines (the defaults when it has none),
    /// so the app sounds the same through the daemon as in process.
    public let dialogs: DialogTable

    /// An entry of the table.
    public init(catalog: IntentCatalog, vocabulary: Vocabulary, dialogs: DialogTable = .defaults) {
        self.catalog = catalog
        self.vocabulary = vocabulary
        self.dialogs = dialogs
    }
}
