extension BundleRegistry {
    /// Every identifier served, with the bundle (app or extension) declaring it.
    var claims: [String: String] {
        Dictionary(Self.claims(of: apps)) { _, later in later }
    }

    /// Each identifier `apps` declare with the path of the bundle declaring it, in reading
    /// order (an app before its extensions).
    private static func claims(of apps: [AppBundle]) -> [(String, String)] {
        apps.flatMap { app in [(app.identifier, app.path)] + app.extensions.map { ($0.identifier, $0.path) } }
    }

    /// Keeps one bundle per identifier: the one `incumbents` (the last scan's) served, else the
    /// first read (apps folders in the order given, bundles by name, an app before its
    /// extensions). Every other declaring it is left out, with a diagnostic naming the one
    /// kept; an app left out takes its extensions with it. Installing a second bundle with an
    /// identifier in use so never takes the first one offline.
    static func withoutDuplicateIdentifiers(
        _ apps: [AppBundle], incumbents: [String: String]
    ) -> ([AppBundle], [RegistryDiagnostic]) {
        let claims = Self.claims(of: apps)
        var keeper: [String: String] = [:]
        for (identifier, path) in claims where keeper[identifier] == nil {
            let incumbent = incumbents[identifier]
            keeper[identifier] = claims.contains { $0 == (identifier, incumbent ?? "") } ? incumbent : path
        }
        let left = claims.filter { keeper[$0.0] != $0.1 }
        let diagnostics = left.map { identifier, path in
            RegistryDiagnostic(
                .duplicateIdentifier, file: Path.join(path, "Info.plist"), key: "CFBundleIdentifier",
                value: "'\(identifier)' is already declared by \(keeper[identifier] ?? ""), which stays served",
                skipped: path)
        }
        let kept = apps.filter { keeper[$0.identifier] == $0.path }.map { app in
            AppBundle(
                path: app.path, identifier: app.identifier, name: app.name, executable: app.executable,
                manifest: app.manifest, extensions: app.extensions.filter { keeper[$0.identifier] == $0.path })
        }
        return (kept, diagnostics)
    }
}
