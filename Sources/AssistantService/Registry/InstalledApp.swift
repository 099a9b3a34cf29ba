import Assistant
import IntentDefinition
import SceneIntents

/// What a system needs to converse about an app, read from its bundle: its intents (a catalog
/// of descriptions; intents are `IntentRecord`s), its words and its wording of the assistant's
/// lines. Nothing of the app's code: any installed app is served the same way.
public struct InstalledApp: Sendable {
    /// The app's intents, from its bundle's data.
    public let catalog: IntentCatalog
    /// The words the assistant understands for the app.
    public let vocabulary: Vocabulary
    /// The assistant's lines with the app's replacements.
    public let dialogs: DialogTable

    /// The app as the data of its bundle folder `folder` describes it (`AppBundleData`).
    ///
    /// - Throws: `AppBundleDataError` naming the file and the problem: an intent description the
    ///   catalog refuses (`Intents.intentdefinition`), a phrase or a dialog line that does not fit
    ///   the intents or the assistant's lines (`SceneIntents.plist`).
    public init(_ data: AppBundleData, folder: String) throws(AppBundleDataError) {
        let file = folder + "/" + AppBundleData.projectFile
        let catalog = IntentCatalog(description: data.catalog)
        if let problem = catalog.problems.first {
            throw AppBundleDataError(file: folder + "/" + AppBundleData.definitionFile, problem: "INIntents: \(problem)")
        }
        let vocabulary: Vocabulary
        do {
            vocabulary = try Vocabulary(data.vocabulary, catalog: catalog)
        } catch {
            throw AppBundleDataError(file: file, problem: "PhraseTemplates: \(error)")
        }
        var replacements: [DialogLine: String] = [:]
        for (name, template) in data.vocabulary.dialogs {
            guard let line = DialogLine(rawValue: name) else {
                throw AppBundleDataError(file: file, problem: "Dialogs.\(name) is not a line of the assistant")
            }
            replacements[line] = template
        }
        let dialogs: DialogTable
        do {
            dialogs = try DialogTable(replacements)
        } catch {
            throw AppBundleDataError(file: file, problem: "Dialogs.\(error.line.rawValue): \(error)")
        }
        self.init(catalog: catalog, vocabulary: vocabulary, dialogs: dialogs)
    }

    /// The app installed as `bundle`, read from the data files in its folder.
    public init(bundle: AppBundle) throws(AppBundleDataError) {
        try self.init(try AppBundleData(contentsOf: bundle.path), folder: bundle.path)
    }

    /// An app given directly (in process, where the system may hold the app's own catalog).
    public init(catalog: IntentCatalog, vocabulary: Vocabulary, dialogs: DialogTable = .defaults) {
        self.catalog = catalog
        self.vocabulary = vocabulary
        self.dialogs = dialogs
    }
}
