/// Why the registry skipped a bundle (or found nothing in a folder): the file, the key, the problem.
///
/// The registry never stops on bad input: the first problem found in a bundle becomes one
/// diagnostic, that bundle is left out, and every other bundle is served. `assistant apps` prints
/// them.
public struct RegistryDiagnostic: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// What is wrong.
    public enum Code: String, Sendable, Codable, CaseIterable {
        /// An apps folder given to the registry does not exist.
        case folderNotFound
        /// An apps folder, a bundle or a `PlugIns` folder exists but is not a listable folder.
        case folderUnreadable
        /// An apps folder holds no `.app` bundle (not an error; said so nobody wonders why).
        case noBundles
        /// A bundle has no `Info.plist`.
        case missingInfoPlist
        /// The `Info.plist` exists but cannot be read (permissions, not a regular file, too large).
        case unreadableInfoPlist
        /// The `Info.plist` is not a property list, or its top level is not a dictionary.
        case malformedInfoPlist
        /// A required key is absent.
        case missingKey
        /// A key holds a value of the wrong type.
        case wrongType
        /// A key holds a value of the right type that cannot be used (empty, a path, ...).
        case invalidValue
        /// The scene manifest or the intents keys cannot work (`ManifestError`'s rules).
        case invalidManifest
        /// The executable is neither in the bundle nor in any executable search directory.
        case missingExecutable
        /// The executable exists but is not an executable regular file.
        case notExecutable
        /// A plug-in is not an intents extension (`NSExtensionPointIdentifier`).
        case unsupportedExtensionPoint
        /// A bundle declares a `CFBundleIdentifier` another bundle (app or extension) already
        /// declares: it is skipped, and the other (the one served before, else the first read)
        /// stays served.
        case duplicateIdentifier
        /// A bundle folder, its `Info.plist` or `PlugIns` folder, or an executable (or the
        /// search directory holding it) could be changed by another user: writable by group or
        /// others, or owned by a user other than root and the daemon's (OpenSSH's StrictModes rule).
        case untrusted
        /// An intent list of an `Info.plist` names an intent the app's intent data does not
        /// declare (`IntentListCheck`): nothing could handle it when asked.
        case intentNotDeclared
        /// The app's intent data cannot be had (missing, unreadable, or wrong), so the system
        /// cannot converse about the app.
        case noIntentData
    }

    /// What is wrong.
    public let code: Code
    /// The file at fault (an `Info.plist`, an executable, a folder), as an absolute path.
    public let file: String
    /// The key at fault as a dotted path (`NSExtension.NSExtensionAttributes.IntentsSupported`),
    /// nil when the problem is the file itself.
    public let key: String?
    /// The offending value, the expected type, or the other bundles involved.
    public let value: String?
    /// The bundle left out because of this problem (nil for a folder-level notice).
    public let skipped: String?

    /// A diagnostic.
    public init(_ code: Code, file: String, key: String? = nil, value: String? = nil, skipped: String? = nil) {
        self.code = code
        self.file = file
        self.key = key
        self.value = value
        self.skipped = skipped
    }

    /// The problem in words, without the file (the file leads `description`).
    public var problem: String {
        let key = key ?? "the file"
        let value = value ?? ""
        return switch code {
        case .folderNotFound: "the folder does not exist"
        case .folderUnreadable: "cannot list the folder: \(value)"
        case .noBundles: "holds no .app bundle"
        case .missingInfoPlist: "the bundle has no Info.plist"
        case .unreadableInfoPlist: "cannot read the file: \(value)"
        case .malformedInfoPlist: "not a property list dictionary: \(value)"
        case .missingKey: "\(key) is missing"
        case .wrongType: "\(key) holds the wrong type of value (expected \(value))"
        case .invalidValue: "\(key) cannot be used: \(value)"
        case .invalidManifest: value
        case .missingExecutable:
            "\(key) names '\(value)', found neither in the bundle nor in an executable search directory"
        case .notExecutable: "\(key) names a file that is not executable (\(value))"
        case .unsupportedExtensionPoint:
            "\(key) is '\(value)'; only intents extensions (\(ExtensionBundle.intentsExtensionPoint)) are served"
        case .duplicateIdentifier: "\(key) \(value)"
        case .untrusted: value
        case .intentNotDeclared:
            "\(key) lists \(value), which the app's intent data does not declare, so a request for it could never be handled"
        case .noIntentData: value
        }
    }

    /// One line: the file, the problem, and what was skipped.
    public var description: String {
        let skip = skipped.map { "; \(Path.lastComponent($0)) is skipped" } ?? ""
        return "\(file): \(problem)\(skip)"
    }
}

extension [RegistryDiagnostic] {
    /// Sorted as listings show them: by file, then key, then code.
    public var inFileOrder: [RegistryDiagnostic] {
        sorted { ($0.file, $0.key ?? "", $0.code.rawValue) < ($1.file, $1.key ?? "", $1.code.rawValue) }
    }
}
