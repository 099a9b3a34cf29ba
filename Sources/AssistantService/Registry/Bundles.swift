import SceneIntents

/// Where a bundle's executable was found.
///
/// An installed bundle holds its executable; a development bundle (a demo's `Info.plist` in the
/// repository) does not, and its executable is found in an executable search directory, where
/// `swift build` put it.
public struct BundleExecutable: Sendable, Equatable {
    /// Which of the two places the executable came from.
    public enum Origin: Sendable, Equatable {
        /// Inside the bundle folder, beside its `Info.plist` (an installed bundle).
        case bundle
        /// In this executable search directory (a development bundle).
        case searchDirectory(String)
    }

    /// The executable's absolute path, ready to spawn.
    public let path: String
    /// Where it was found.
    public let origin: Origin

    /// An executable.
    public init(path: String, origin: Origin) {
        self.path = path
        self.origin = origin
    }
}

/// An installed app: `<Name>.app/` with an `Info.plist`, its executable and its intents extensions.
public struct AppBundle: Sendable, Equatable {
    /// The most bytes (UTF-8) of a name, identifier or other string key the registry reads
    /// from an `Info.plist` (`CFBundleName`, `CFBundleIdentifier`, `CFBundleExecutable`, ...):
    /// 255, as a file name. Longer, or holding a control character, the bundle is skipped with
    /// a diagnostic (`.invalidValue`), so one bundle cannot swell every client's welcome.
    public static let valueLimit = IntentCatalog.nameLimit

    /// The `.app` folder, as an absolute path.
    public let path: String
    /// `CFBundleIdentifier`, unique among every bundle the registry serves.
    public let identifier: String
    /// `CFBundleName`: the name users say and see (`:open Recipe Assistant`).
    public let name: String
    /// `CFBundleExecutable`, resolved.
    public let executable: BundleExecutable
    /// The scene manifest and the intents keys, read by `AppManifest` and validated by its rules.
    public let manifest: AppManifest
    /// The app's intents extensions (`PlugIns/*.appex`), sorted by name then identifier.
    public let extensions: [ExtensionBundle]

    /// A bundle (the registry builds these; tests and tools may too).
    public init(
        path: String, identifier: String, name: String, executable: BundleExecutable,
        manifest: AppManifest, extensions: [ExtensionBundle] = []
    ) {
        self.path = path
        self.identifier = identifier
        self.name = name
        self.executable = executable
        self.manifest = manifest
        self.extensions = extensions
    }
}

/// An intents extension: `<Name>.app/PlugIns/<Ext>.appex/`, launched per request with no scenes.
public struct ExtensionBundle: Sendable, Equatable {
    /// The only extension point served: SiriKit's intents extensions.
    public static let intentsExtensionPoint = "com.apple.intents-service"

    /// The `.appex` folder, as an absolute path.
    public let path: String
    /// `CFBundleIdentifier`, unique among every bundle the registry serves.
    public let identifier: String
    /// `CFBundleName` when given, else the folder's name without `.appex`.
    public let name: String
    /// `CFBundleExecutable`, resolved.
    public let executable: BundleExecutable
    /// `NSExtensionAttributes.IntentsSupported`: the intent type names it handles.
    public let intentsSupported: [String]
    /// `NSExtensionAttributes.IntentsRestrictedWhileLocked`: refused while the device is locked.
    public let intentsRestrictedWhileLocked: [String]

    /// A bundle (the registry builds these; tests and tools may too).
    public init(
        path: String, identifier: String, name: String, executable: BundleExecutable,
        intentsSupported: [String], intentsRestrictedWhileLocked: [String] = []
    ) {
        self.path = path
        self.identifier = identifier
        self.name = name
        self.executable = executable
        self.intentsSupported = intentsSupported
        self.intentsRestrictedWhileLocked = intentsRestrictedWhileLocked
    }

    /// Whether the extension lists the intent type.
    public func supportsIntent(_ typeName: String) -> Bool { intentsSupported.contains(typeName) }

    /// Whether the extension refuses the intent while the device is locked.
    public func isRestrictedWhileLocked(_ typeName: String) -> Bool {
        intentsRestrictedWhileLocked.contains(typeName)
    }
}
