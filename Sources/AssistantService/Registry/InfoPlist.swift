import Foundation
import SceneIntents

/// One `Info.plist` dictionary (or a dictionary inside it) being read, turning every problem into
/// the `RegistryDiagnostic` that names the file, the key path and the bundle skipped.
struct InfoPlist {
    /// The `Info.plist` file.
    let file: String
    /// The bundle it describes (skipped when a key is wrong).
    let bundle: String
    /// The raw bytes (handed to `AppManifest` so the scene and intents keys are read in one place).
    let data: Data
    /// The dictionary read at this level.
    private let values: [String: PropertyListValue]
    /// The key path down to this level (`NSExtension.`), prefixed to every key named.
    private let prefix: String

    /// A diagnostic about `key` at this level.
    func diagnostic(_ code: RegistryDiagnostic.Code, _ key: String, _ value: String? = nil) -> RegistryDiagnostic {
        RegistryDiagnostic(code, file: file, key: prefix + key, value: value, skipped: bundle)
    }

    /// A string that must be present and non-empty.
    func string(_ key: String) throws(RegistryDiagnostic) -> String {
        guard let value = try optionalString(key) else { throw diagnostic(.missingKey, key) }
        return value
    }

    /// A string that may be absent; present, it must be non-empty, at most
    /// `AppBundle.valueLimit` bytes, and free of control characters (names are printed on
    /// terminals and sent in every client's welcome).
    func optionalString(_ key: String) throws(RegistryDiagnostic) -> String? {
        guard let value = values[key] else { return nil }
        guard let string = value.stringValue else { throw diagnostic(.wrongType, key, "a string") }
        if let problem = IntentCatalog.nameProblem(string) { throw diagnostic(.invalidValue, key, problem) }
        return string
    }

    /// An array of strings; absent means empty unless `required`.
    func strings(_ key: String, required: Bool = false) throws(RegistryDiagnostic) -> [String] {
        guard let value = values[key] else {
            if required { throw diagnostic(.missingKey, key) }
            return []
        }
        guard let strings = value.stringsValue else { throw diagnostic(.wrongType, key, "an array of strings") }
        return strings
    }

    /// The dictionary under `key`, which must be present.
    func dictionary(_ key: String) throws(RegistryDiagnostic) -> InfoPlist {
        guard let value = values[key] else { throw diagnostic(.missingKey, key) }
        guard let nested = value.dictionaryValue else { throw diagnostic(.wrongType, key, "a dictionary") }
        return InfoPlist(file: file, bundle: bundle, data: data, values: nested, prefix: prefix + key + ".")
    }
}

// In an extension, so that the memberwise initializer stays.
extension InfoPlist {
    /// Reads `<bundle>/Info.plist`.
    init(bundle: String) throws(RegistryDiagnostic) {
        let file = Path.join(bundle, "Info.plist")
        func fail(_ code: RegistryDiagnostic.Code, _ value: String? = nil) -> RegistryDiagnostic {
            RegistryDiagnostic(code, file: file, value: value, skipped: bundle)
        }
        guard FileProbe.kind(bundle) == .directory else {
            throw RegistryDiagnostic(.folderUnreadable, file: bundle, value: "not a folder", skipped: bundle)
        }
        guard FileProbe.kind(file) != .missing else { throw fail(.missingInfoPlist) }
        let data: Data
        switch FileProbe.contents(file) {
        case .success(let bytes): data = bytes
        case .failure(let failure): throw fail(.unreadableInfoPlist, failure.reason)
        }
        let root: PropertyListValue
        do throws(PropertyListError) { root = try PropertyListValue.read(data) } catch {
            throw fail(.malformedInfoPlist, error.code == .unparsable ? "the property list parser refused it" : error.reason)
        }
        guard let dictionary = root.dictionaryValue else {
            throw fail(.malformedInfoPlist, "the top level is not a dictionary")
        }
        self.init(file: file, bundle: bundle, data: data, values: dictionary, prefix: "")
    }
}
