import Foundation

/// The installed apps and their intents extensions, read once from the apps folders given.
///
/// Every `<Name>.app` folder directly inside an apps folder is read (see `AppBundle` and
/// `ExtensionBundle` for the keys). A bundle with a problem is left out with a
/// `RegistryDiagnostic`; everything else is served. Reading never throws and never traps.
///
/// Executables: an installed bundle holds its executable beside its `Info.plist`. When it does
/// not (a development bundle: a demo's `Info.plist` in the repository), the executable is looked
/// up in `executableSearchDirectories`, in order; the daemon passes the directory of its own
/// executable (`currentExecutableDirectory()`), which is where `swift build` put every product.
///
/// Order is deterministic: apps by name then identifier, extensions likewise, diagnostics by
/// file then key. To pick up a newly installed app, build a new registry.
public struct BundleRegistry: Sendable {
    /// The apps folders read, as absolute paths, in the order given.
    public let appsFolders: [String]
    /// The executable search directories, as absolute paths, in the order given.
    public let executableSearchDirectories: [String]
    /// The apps served.
    public let apps: [AppBundle]
    /// Every bundle left out, and every apps folder that is missing or empty.
    public let diagnostics: [RegistryDiagnostic]

    /// Reads every bundle under `appsFolders` (relative paths are taken from the current
    /// directory).
    public init(appsFolders: [String], executableSearchDirectories: [String] = []) {
        self.appsFolders = appsFolders.map(Path.absolute)
        self.executableSearchDirectories = executableSearchDirectories.map(Path.absolute)
        let reader = BundleReader(searchDirectories: self.executableSearchDirectories)
        var apps: [AppBundle] = []
        var diagnostics: [RegistryDiagnostic] = []
        for folder in self.appsFolders {
            let names: [String]
            switch FileProbe.entries(folder) {
            case .success(let entries): names = entries.filter { $0.hasSuffix(".app") }
            case .failure(let failure):
                let missing = FileProbe.kind(folder) == .missing
                diagnostics.append(
                    RegistryDiagnostic(
                        missing ? .folderNotFound : .folderUnreadable, file: folder,
                        value: missing ? nil : failure.reason))
                continue
            }
            if names.isEmpty { diagnostics.append(RegistryDiagnostic(.noBundles, file: folder)) }
            for name in names {
                let (app, skipped) = reader.app(at: Path.join(folder, name))
                diagnostics += skipped
                switch app {
                case .success(let app): apps.append(app)
                case .failure(let diagnostic): diagnostics.append(diagnostic)
                }
            }
        }
        let (unique, duplicates) = Self.withoutDuplicateIdentifiers(apps)
        self.apps = unique.sorted { ($0.name, $0.identifier) < ($1.name, $1.identifier) }
        self.diagnostics = (diagnostics + duplicates).sorted {
            ($0.file, $0.key ?? "", $0.code.rawValue) < ($1.file, $1.key ?? "", $1.code.rawValue)
        }
    }

    /// The app with this bundle identifier.
    public func app(identifier: String) -> AppBundle? {
        apps.first { $0.identifier == identifier }
    }

    /// The app with this name, ignoring case (what a user types after `:open`).
    public func app(named name: String) -> AppBundle? {
        apps.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The folder holding this process's executable: the search directory the daemon passes, so
    /// the products `swift build` put beside it are found. Nil if the platform cannot say.
    public static func currentExecutableDirectory() -> String? {
        Bundle.main.executableURL.map { Path.absolute($0.resolvingSymlinksInPath().deletingLastPathComponent().path) }
    }

    /// Drops every bundle whose identifier another bundle (app or extension) also declares, with
    /// a diagnostic for each naming the others: which one the user meant cannot be known, so
    /// none is served. Dropping an app drops its extensions.
    private static func withoutDuplicateIdentifiers(_ apps: [AppBundle]) -> ([AppBundle], [RegistryDiagnostic]) {
        let claims = apps.flatMap { app in [(app.identifier, app.path)] + app.extensions.map { ($0.identifier, $0.path) } }
        let owners = Dictionary(grouping: claims, by: \.0).mapValues { $0.map(\.1) }
        let duplicated = owners.filter { $0.value.count > 1 }
        guard !duplicated.isEmpty else { return (apps, []) }
        let diagnostics = duplicated.flatMap { identifier, paths in
            paths.map { path in
                RegistryDiagnostic(
                    .duplicateIdentifier, file: Path.join(path, "Info.plist"), key: "CFBundleIdentifier",
                    value: "'\(identifier)' is also declared by "
                        + paths.filter { $0 != path }.joined(separator: ", "),
                    skipped: path)
            }
        }
        let kept = apps.filter { duplicated[$0.identifier] == nil }.map { app in
            AppBundle(
                path: app.path, identifier: app.identifier, name: app.name, executable: app.executable,
                manifest: app.manifest, extensions: app.extensions.filter { duplicated[$0.identifier] == nil })
        }
        return (kept, diagnostics)
    }
}
