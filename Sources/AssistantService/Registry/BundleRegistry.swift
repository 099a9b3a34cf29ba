import Foundation

/// The installed apps and their intents extensions, read from the apps folders given.
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
/// file then key. To pick up bundles installed, replaced or removed since, call `rescanned()`:
/// it reads again only the bundles whose files changed (see `BundleRevision`).
public struct BundleRegistry: Sendable {
    /// The apps folders read, as absolute paths, in the order given.
    public let appsFolders: [String]
    /// The executable search directories, as absolute paths, in the order given.
    public let executableSearchDirectories: [String]
    /// The apps served.
    public let apps: [AppBundle]
    /// Every bundle left out, and every apps folder that is missing or empty.
    public let diagnostics: [RegistryDiagnostic]
    /// The bundles this scan read afresh (new, or changed since the scan before), sorted; the
    /// others' readings were reused unread.
    public let bundlesRead: [String]
    /// Each bundle's reading, by path, kept for the next scan.
    let readings: [String: BundleReading]

    /// Reads every bundle under `appsFolders` (relative paths are taken from the current
    /// directory).
    public init(appsFolders: [String], executableSearchDirectories: [String] = []) {
        self.init(
            appsFolders: appsFolders.map(Path.absolute),
            executableSearchDirectories: executableSearchDirectories.map(Path.absolute), previous: nil)
    }

    /// The same folders read again now: a bundle whose revision is unchanged keeps its reading
    /// (nothing of it is read but its files' `stat`), a new or changed one is read, a removed
    /// one is gone. Of two bundles declaring one identifier, the one this registry serves
    /// stays served (see `RegistryDiagnostic.Code.duplicateIdentifier`).
    public func rescanned() -> BundleRegistry {
        BundleRegistry(appsFolders: appsFolders, executableSearchDirectories: executableSearchDirectories, previous: self)
    }

    private init(appsFolders: [String], executableSearchDirectories: [String], previous: BundleRegistry?) {
        self.appsFolders = appsFolders
        self.executableSearchDirectories = executableSearchDirectories
        let reader = BundleReader(searchDirectories: executableSearchDirectories)
        var readings: [String: BundleReading] = [:]
        var order: [String] = []
        var diagnostics: [RegistryDiagnostic] = []
        var read: [String] = []
        for folder in appsFolders {
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
                let path = Path.join(folder, name)
                let last = previous?.readings[path]
                let reading: BundleReading
                if let last, let revision = BundleRevision.of(bundle: path, outside: last.outside, folders: executableSearchDirectories),
                    revision == last.revision
                {
                    reading = last
                } else {
                    reading = BundleReading.read(path, with: reader)
                    read.append(path)
                }
                readings[path] = reading
                order.append(path)
                diagnostics += reading.diagnostics
            }
        }
        let found = order.compactMap { readings[$0].flatMap { try? $0.app.get() } }
        let failures = order.compactMap { path -> RegistryDiagnostic? in
            guard case .failure(let diagnostic)? = readings[path]?.app else { return nil }
            return diagnostic
        }
        let (unique, duplicates) = Self.withoutDuplicateIdentifiers(found, incumbents: previous?.claims ?? [:])
        self.apps = unique.sorted { ($0.name, $0.identifier) < ($1.name, $1.identifier) }
        self.diagnostics = (diagnostics + failures + duplicates).inFileOrder
        self.readings = readings
        bundlesRead = read.sorted()
    }

    /// The app with this bundle identifier.
    public func app(identifier: String) -> AppBundle? {
        apps.first { $0.identifier == identifier }
    }

    /// The app with this name, ignoring case (what a user types after `:open`).
    public func app(named name: String) -> AppBundle? {
        apps.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The revision of the `.app` folder at `path` when this scan read it (or found it
    /// unchanged); nil for a path it did not read, or a bundle too large to have one. Equal
    /// revisions of one path in two scans mean the bundle did not change between them.
    public func revision(ofBundle path: String) -> BundleRevision? {
        readings[path]?.revision
    }

    /// The folder holding this process's executable: the search directory the daemon passes, so
    /// the products `swift build` put beside it are found. Nil if the platform cannot say.
    public static func currentExecutableDirectory() -> String? {
        Bundle.main.executableURL.map { Path.absolute($0.resolvingSymlinksInPath().deletingLastPathComponent().path) }
    }
}
