#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

import SceneIntents

/// Reads one `.app` bundle and its `PlugIns/*.appex` extensions into typed values.
///
/// Each bundle yields a value or the first problem found in it; a broken extension costs only
/// itself, a broken app costs the app and its extensions.
struct BundleReader {
    /// Where an executable missing from its bundle folder is looked up, in order.
    let searchDirectories: [String]

    /// The app at `path` (or the reason it is skipped) and the diagnostics of its skipped plug-ins.
    func app(at path: String) -> (app: Result<AppBundle, RegistryDiagnostic>, diagnostics: [RegistryDiagnostic]) {
        let plist: InfoPlist
        let identifier: String
        let name: String
        let executable: BundleExecutable
        let manifest: AppManifest
        do {
            try Self.trustHolder(of: path)
            try Self.trust(path, skipping: path)
            plist = try InfoPlist(bundle: path)
            try Self.trust(plist.file, skipping: path)
            identifier = try plist.string("CFBundleIdentifier")
            name = try plist.string("CFBundleName")
            executable = try locate(plist, "CFBundleExecutable")
            manifest = try Self.manifest(plist)
        } catch {
            return (.failure(error), [])
        }
        let (extensions, diagnostics) = plugIns(of: path)
        let app = AppBundle(
            path: path, identifier: identifier, name: name, executable: executable, manifest: manifest,
            extensions: extensions)
        return (.success(app), diagnostics)
    }

    /// The intents extensions in `<app>/PlugIns`, sorted, and a diagnostic for each one skipped.
    private func plugIns(of app: String) -> ([ExtensionBundle], [RegistryDiagnostic]) {
        let folder = Path.join(app, "PlugIns")
        guard FileProbe.kind(folder) != .missing else { return ([], []) }
        // Whoever can add to the folder chooses the extensions.
        do throws(RegistryDiagnostic) { try Self.trust(folder, skipping: folder) } catch { return ([], [error]) }
        let names: [String]
        switch FileProbe.entries(folder) {
        case .success(let entries): names = entries.filter { $0.hasSuffix(".appex") }
        case .failure(let failure):
            return ([], [RegistryDiagnostic(.folderUnreadable, file: folder, value: failure.reason, skipped: folder)])
        }
        var extensions: [ExtensionBundle] = []
        var diagnostics: [RegistryDiagnostic] = []
        for name in names {
            do { extensions.append(try plugIn(at: Path.join(folder, name))) } catch { diagnostics.append(error) }
        }
        return (extensions.sorted { ($0.name, $0.identifier) < ($1.name, $1.identifier) }, diagnostics)
    }

    /// One `.appex`: an intents extension, or the reason it is skipped.
    private func plugIn(at path: String) throws(RegistryDiagnostic) -> ExtensionBundle {
        try Self.trust(path, skipping: path)
        let plist = try InfoPlist(bundle: path)
        try Self.trust(plist.file, skipping: path)
        let info = try plist.dictionary("NSExtension")
        let point = try info.string("NSExtensionPointIdentifier")
        guard point == ExtensionBundle.intentsExtensionPoint else {
            throw info.diagnostic(.unsupportedExtensionPoint, "NSExtensionPointIdentifier", point)
        }
        let identifier = try plist.string("CFBundleIdentifier")
        let name = try plist.optionalString("CFBundleName") ?? String(Path.lastComponent(path).dropLast(".appex".count))
        let attributes = try info.dictionary("NSExtensionAttributes")
        let supported = try attributes.strings("IntentsSupported", required: true)
        let restricted = try attributes.strings("IntentsRestrictedWhileLocked")
        if let stray = restricted.first(where: { !supported.contains($0) }) {
            throw attributes.diagnostic(
                .invalidValue, "IntentsRestrictedWhileLocked", "it restricts '\(stray)', which IntentsSupported does not list")
        }
        let executable = try locate(plist, "CFBundleExecutable")
        return ExtensionBundle(
            path: path, identifier: identifier, name: name, executable: executable,
            intentsSupported: supported, intentsRestrictedWhileLocked: restricted)
    }

    /// The executable `key` names: in the bundle folder, else in the first search directory
    /// holding it. The first file found decides; one that cannot run is an error, not a reason to
    /// look further, so a broken install is reported instead of silently replaced.
    private func locate(_ plist: InfoPlist, _ key: String) throws(RegistryDiagnostic) -> BundleExecutable {
        let name = try plist.string(key)
        guard !name.contains("/"), name != ".", name != ".." else {
            throw plist.diagnostic(.invalidValue, key, "'\(name)' is a path; give the executable's file name")
        }
        let places = [(plist.bundle, BundleExecutable.Origin.bundle)]
            + searchDirectories.map { ($0, BundleExecutable.Origin.searchDirectory($0)) }
        for (folder, origin) in places {
            let path = Path.join(folder, name)
            switch FileProbe.kind(path) {
            case .missing: continue
            case .regular(executable: true):
                try Self.trust(path, skipping: plist.bundle)
                if origin != .bundle { try Self.trust(folder, skipping: plist.bundle) }
                return BundleExecutable(path: path, origin: origin)
            case .regular(executable: false):
                throw RegistryDiagnostic(
                    .notExecutable, file: path, key: key, value: "not marked executable", skipped: plist.bundle)
            case .directory, .other:
                throw RegistryDiagnostic(
                    .notExecutable, file: path, key: key, value: "not a regular file", skipped: plist.bundle)
            }
        }
        throw plist.diagnostic(.missingExecutable, key, name)
    }

    /// Refuses the bundle at `path` when another user could change the folder it really lives in
    /// (the apps folder, or where a link to it leads): they could rename it away and put another
    /// bundle in its place. A sticky folder (as /tmp) is trusted: others cannot rename what they do
    /// not own there.
    private static func trustHolder(of path: String) throws(RegistryDiagnostic) {
        guard FileProbe.kind(path) != .missing else { return }
        let holder = Path.parent(Path.resolved(path))
        if let problem = FileTrust.problem(holder, stickyFolderTrusted: true) {
            throw RegistryDiagnostic(.untrusted, file: holder, value: problem, skipped: path)
        }
    }

    /// Refuses `path` when another user could change it (see `FileTrust`), skipping `bundle`.
    private static func trust(_ path: String, skipping bundle: String) throws(RegistryDiagnostic) {
        if let problem = FileTrust.problem(path) {
            throw RegistryDiagnostic(.untrusted, file: path, value: problem, skipped: bundle)
        }
    }

    /// The scene manifest and intents keys, read and checked by `AppManifest` (the same rules the
    /// app applies at launch), so a bundle that would refuse to launch is never routed to.
    ///
    /// The daemon cannot know which scene delegate factories the executable registers, so only
    /// what the manifest says on its own is checked here; the app checks its factories at launch.
    private static func manifest(_ plist: InfoPlist) throws(RegistryDiagnostic) -> AppManifest {
        do {
            let manifest = try AppManifest(propertyList: plist.data)
            try manifest.validate()
            return manifest
        } catch {
            let code: RegistryDiagnostic.Code = error.code == .wrongType ? .wrongType : .invalidManifest
            let value = error.code == .wrongType ? error.value : error.description
            throw RegistryDiagnostic(code, file: plist.file, key: error.key, value: value, skipped: plist.bundle)
        }
    }
}
