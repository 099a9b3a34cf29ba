import DurableFiles
import Foundation
import Glibc
import PropertyListSafety
import SceneIntents

/// Everything a system needs to converse about an app, as the files of the app's bundle: what a
/// system that knows the app only as installed reads, and what `bundle-app` has the app's
/// executable write.
///
/// The files, in the bundle's folder (`<Name>.app/`, or an extension's `.appex/`):
/// - `Intents.intentdefinition`, Apple's intent definition format (the XML property list Xcode
///   copies into a bundle, see `IntentDefinitionFormat`): the intents, their parameters and
///   value types, prompts and unsupported reasons, bounds, response codes and templates,
///   confirmation and restriction, the enums and their cases, the custom types;
/// - `AppIntentVocabulary.plist`, Apple's format: `IntentPhrases` (each intent's example
///   phrases without slots) and `ParameterVocabularies` (the values of each slot, the first
///   synonym of an item its name);
/// - `SceneIntents.plist`, this project's own, for what Apple's formats cannot say: `Format`
///   (2; format 1, which held the intents under `Intents`, is refused), `PhraseTemplates` (every
///   phrase in order, with `${slot}`s), `Dialogs` (the app's wording of the assistant's lines),
///   `SuggestedInvocationPhrases` (by intent type name) and `DeprecatedIntents` (type names).
///
/// Each file is at most `maximumFileSize` bytes.
public struct AppBundleData: Sendable, Equatable {
    /// The app's intents and enums.
    public var catalog: CatalogDescription
    /// The app's words.
    public var vocabulary: AppVocabulary

    /// The name of the intent definition file.
    public static let definitionFile = "Intents.intentdefinition"
    /// The name of Apple's vocabulary file.
    public static let vocabularyFile = "AppIntentVocabulary.plist"
    /// The name of this project's file.
    public static let projectFile = "SceneIntents.plist"
    /// The largest file read (4 MiB): a bigger one is refused, naming it.
    public static let maximumFileSize = 4 << 20
    /// The version of `SceneIntents.plist` written and read.
    public static let format = 2

    /// The data of an app.
    public init(catalog: CatalogDescription, vocabulary: AppVocabulary) {
        self.catalog = catalog
        self.vocabulary = vocabulary
    }

    /// The data of an app with a typed catalog.
    public init(catalog: IntentCatalog, vocabulary: AppVocabulary) {
        self.init(catalog: catalog.catalogDescription, vocabulary: vocabulary)
    }

    /// The files, by name, as they go into the bundle's folder (XML property lists, the same
    /// bytes for the same data).
    ///
    /// - Throws: `IntentDefinitionWriteError` when the catalog says something the definition
    ///   format cannot; an error of Foundation's encoder otherwise.
    public func files() throws -> [String: Data] {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        let project = ProjectFile(
            format: Self.format, phraseTemplates: vocabulary.phrases, dialogs: vocabulary.dialogs,
            suggestedInvocationPhrases: Dictionary(
                uniqueKeysWithValues: catalog.intents.compactMap { intent in intent.suggestedInvocationPhrase.map { (intent.typeName, $0) } }),
            deprecatedIntents: catalog.intents.filter(\.isDeprecated).map(\.typeName))
        return [
            Self.definitionFile: try IntentDefinitionFormat.data(of: catalog),
            Self.vocabularyFile: try PropertyListSerialization.data(
                fromPropertyList: AppleVocabulary.propertyList(of: vocabulary, catalog: catalog), format: .xml, options: 0),
            Self.projectFile: try encoder.encode(project),
        ]
    }

    /// The data in a bundle's folder.
    ///
    /// - Throws: `AppBundleDataError` naming the file (and the key) that is missing, too large or
    ///   not what it should be.
    public init(contentsOf folder: String) throws(AppBundleDataError) {
        let projectPath = folder + "/" + Self.projectFile
        let projectData = try Self.read(projectPath)
        let project: ProjectFile
        do {
            // The one property-list reader's checks first (bytes Foundation's parser may see, a
            // bounded depth); then the checked bytes decode into the project's fields.
            _ = try PropertyListValue.read(projectData)
            let version = try PropertyListDecoder().decode(ProjectFormat.self, from: projectData).format
            guard version == Self.format else {
                let hint = version == 1 ? ": format 1 held the intents here; they are now in \(Self.definitionFile) (bundle the app again with bundle-app)" : ""
                throw AppBundleDataError(file: projectPath, problem: "Format \(version) is not one this system reads (\(Self.format))\(hint)")
            }
            project = try PropertyListDecoder().decode(ProjectFile.self, from: projectData)
        } catch let error as AppBundleDataError {
            throw error
        } catch let error as PropertyListError {
            throw AppBundleDataError(file: projectPath, problem: "\(error)")
        } catch {
            throw AppBundleDataError(file: projectPath, problem: Self.describe(error))
        }
        let definitionPath = folder + "/" + Self.definitionFile
        var catalog: CatalogDescription
        do {
            catalog = try IntentDefinitionFormat.read(try Self.read(definitionPath), file: definitionPath)
        } catch let error as AppBundleDataError {
            throw error
        } catch let error as IntentDefinitionError {
            throw AppBundleDataError(file: definitionPath, problem: error.keyPath.isEmpty ? error.message : "\(error.keyPath): \(error.message)")
        } catch {
            throw AppBundleDataError(file: definitionPath, problem: "\(error)")
        }
        for index in catalog.intents.indices {
            let name = catalog.intents[index].typeName
            catalog.intents[index].suggestedInvocationPhrase = project.suggestedInvocationPhrases[name]
            catalog.intents[index].isDeprecated = project.deprecatedIntents.contains(name)
        }
        let vocabularyPath = folder + "/" + Self.vocabularyFile
        var vocabulary = try AppleVocabulary.read(try Self.read(vocabularyPath), file: vocabularyPath)
        // The project's list holds every phrase in order (ties go to the earlier one); an
        // example only Apple's file has is added after them.
        let examples = vocabulary.phrases.filter { !project.phraseTemplates.contains($0) }
        vocabulary.phrases = project.phraseTemplates + examples
        vocabulary.dialogs = project.dialogs
        self.init(catalog: catalog, vocabulary: vocabulary)
    }

    /// A file's bytes, refused when missing, not a regular file or larger than the limit.
    static func read(_ path: String) throws(AppBundleDataError) -> Data {
        // A FIFO put where a file belongs is refused instead of waited on.
        let bytes: [UInt8]
        do throws(ReadFailure) { bytes = try FileContents.bytes(atPath: path, limit: maximumFileSize) } catch {
            let problem =
                switch error {
                case .open(ENOENT): "is missing: the bundle carries no intent data (bundle the app with bundle-app)"
                case .open(let code): "cannot be opened (\(String(cString: strerror(code))))"
                case .status, .notRegularFile: "is not a regular file"
                case .tooLarge: "is larger than \(maximumFileSize >> 20) MiB"
                case .read(let code): "cannot be read (\(String(cString: strerror(code))))"
                }
            throw AppBundleDataError(file: path, problem: problem)
        }
        let data = Data(bytes)
        do {
            try SafePropertyList.check(data)
        } catch {
            throw AppBundleDataError(file: path, problem: error.reason)
        }
        return data
    }

    /// An error's words, with a decoding error's key path.
    static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .keyNotFound(let key, let context):
            return "no \(Self.path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = Self.path(context.codingPath)
            return (path.isEmpty ? "" : "\(path): ") + context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}

/// Why an app's bundle data could not be read.
public struct AppBundleDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file concerned.
    public let file: String
    /// What is wrong with it (naming the key where one is at fault).
    public let problem: String

    /// An error.
    public init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }

    /// `<file>: <problem>`.
    public var description: String { "\(file): \(problem)" }
}

/// `SceneIntents.plist`'s version, read first so an old file is refused by its version.
private struct ProjectFormat: Decodable {
    var format: Int

    enum CodingKeys: String, CodingKey { case format = "Format" }
}

/// `SceneIntents.plist`.
private struct ProjectFile: Codable {
    var format: Int
    var phraseTemplates: [AppVocabulary.Phrase]
    var dialogs: [String: String]
    var suggestedInvocationPhrases: [String: String]
    var deprecatedIntents: [String]

    enum CodingKeys: String, CodingKey {
        case format = "Format", phraseTemplates = "PhraseTemplates", dialogs = "Dialogs"
        case suggestedInvocationPhrases = "SuggestedInvocationPhrases", deprecatedIntents = "DeprecatedIntents"
    }
}

// In an extension, so that the memberwise initializer stays.
extension ProjectFile {
    /// An absent `SuggestedInvocationPhrases` or `DeprecatedIntents` is empty.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(Int.self, forKey: .format)
        phraseTemplates = try container.decode([AppVocabulary.Phrase].self, forKey: .phraseTemplates)
        dialogs = try container.decode([String: String].self, forKey: .dialogs)
        suggestedInvocationPhrases = try container.decodeIfPresent([String: String].self, forKey: .suggestedInvocationPhrases) ?? [:]
        deprecatedIntents = try container.decodeIfPresent([String].self, forKey: .deprecatedIntents) ?? []
    }
}
