import Foundation
import Glibc
import PropertyListSafety

/// Everything a system needs to converse about an app, as the files of the app's bundle: what a
/// system that knows the app only as installed reads, and what `bundle-app` has the app's
/// executable write.
///
/// The files, in the bundle's folder (`<Name>.app/`, or an extension's `.appex/`):
/// - `AppIntentVocabulary.plist`, Apple's format: `IntentPhrases` (each intent's example
///   phrases without slots) and `ParameterVocabularies` (the values of each slot, the first
///   synonym of an item its name);
/// - `SceneIntents.plist`, this project's own: `Format` (1), `Intents` (the intents and enums,
///   `CatalogDescription`), `PhraseTemplates` (every phrase in order, with `${slot}`s, which
///   Apple's format cannot say) and `Dialogs` (the app's wording of the assistant's lines).
public struct AppBundleData: Sendable, Equatable {
    /// The app's intents and enums.
    public var catalog: CatalogDescription
    /// The app's words.
    public var vocabulary: AppVocabulary

    /// The name of Apple's vocabulary file.
    public static let vocabularyFile = "AppIntentVocabulary.plist"
    /// The name of this project's file.
    public static let projectFile = "SceneIntents.plist"
    /// The largest file read (4 MiB): a bigger one is refused, naming it.
    public static let maximumFileSize = 4 << 20
    /// The version of `SceneIntents.plist` written and read.
    public static let format = 1

    /// The data of an app.
    public init(catalog: CatalogDescription, vocabulary: AppVocabulary) {
        self.catalog = catalog
        self.vocabulary = vocabulary
    }

    /// The data of an app with a typed catalog.
    public init(catalog: IntentCatalog, vocabulary: AppVocabulary) {
        self.init(catalog: catalog.catalogDescription, vocabulary: vocabulary)
    }

    /// The files, by name, as they go into the bundle's folder (XML property lists).
    public func files() throws -> [String: Data] {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        let project = ProjectFile(format: Self.format, intents: catalog, phraseTemplates: vocabulary.phrases, dialogs: vocabulary.dialogs)
        return [
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
        let project: ProjectFile
        do {
            project = try PropertyListDecoder().decode(ProjectFile.self, from: try Self.read(projectPath))
        } catch let error as AppBundleDataError {
            throw error
        } catch {
            throw AppBundleDataError(file: projectPath, problem: Self.describe(error))
        }
        guard project.format == Self.format else {
            throw AppBundleDataError(file: projectPath, problem: "Format \(project.format) is not one this system reads (\(Self.format))")
        }
        let vocabularyPath = folder + "/" + Self.vocabularyFile
        var vocabulary = try AppleVocabulary.read(try Self.read(vocabularyPath), file: vocabularyPath)
        // The project's list holds every phrase in order (ties go to the earlier one); an
        // example only Apple's file has is added after them.
        let examples = vocabulary.phrases.filter { !project.phraseTemplates.contains($0) }
        vocabulary.phrases = project.phraseTemplates + examples
        vocabulary.dialogs = project.dialogs
        self.init(catalog: project.intents, vocabulary: vocabulary)
    }

    /// A file's bytes, refused when missing, not a regular file or larger than the limit.
    static func read(_ path: String) throws(AppBundleDataError) -> Data {
        // Non-blocking, so a FIFO put where a file belongs is refused instead of waited on.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let problem = errno == ENOENT ? "is missing: the bundle carries no intent data (bundle the app with bundle-app)" : "cannot be opened (\(String(cString: strerror(errno))))"
            throw AppBundleDataError(file: path, problem: problem)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw AppBundleDataError(file: path, problem: "is not a regular file")
        }
        guard status.st_size <= maximumFileSize else {
            throw AppBundleDataError(file: path, problem: "is larger than \(maximumFileSize >> 20) MiB")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + done, $0.count - done) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw AppBundleDataError(file: path, problem: "cannot be read (it changed while read, or \(String(cString: strerror(errno))))") }
            done += count
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

/// `SceneIntents.plist`.
private struct ProjectFile: Codable {
    var format: Int
    var intents: CatalogDescription
    var phraseTemplates: [AppVocabulary.Phrase]
    var dialogs: [String: String]

    enum CodingKeys: String, CodingKey {
        case format = "Format", intents = "Intents", phraseTemplates = "PhraseTemplates", dialogs = "Dialogs"
    }
}
