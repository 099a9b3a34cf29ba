/// One `.app` bundle as the registry last read it, and the revision of its files then: reused
/// unread by the next scan while the revision holds.
struct BundleReading: Sendable {
    /// The `.app` folder.
    let path: String
    /// Its files when read; nil when it could not be told (too many files, or they changed
    /// while being read): then it is read again at the next scan.
    let revision: BundleRevision?
    /// The app, or the reason it is skipped.
    let app: Result<AppBundle, RegistryDiagnostic>
    /// Its plug-ins skipped.
    let diagnostics: [RegistryDiagnostic]
    /// The files outside the bundle the reading depends on: executables found (or looked for
    /// and missing) in the search directories.
    let outside: [String]

    /// Reads the bundle at `path`, with its revision.
    static func read(_ path: String, with reader: BundleReader) -> BundleReading {
        let folders = reader.searchDirectories
        let before = BundleRevision.of(bundle: path, outside: [], folders: folders)
        let (app, diagnostics) = reader.app(at: path)
        let outside = outsideFiles(of: path, app: app, diagnostics: diagnostics, searchDirectories: folders)
        // A bundle changed while it was read has no revision: the next scan reads it again. (An
        // executable outside it, rewritten during the read, is seen at the scan after next.)
        let changed = before != BundleRevision.of(bundle: path, outside: [], folders: folders)
        let revision = changed ? nil : BundleRevision.of(bundle: path, outside: outside, folders: folders)
        return BundleReading(path: path, revision: revision, app: app, diagnostics: diagnostics, outside: outside)
    }

    /// The executables taken from search directories, and where a missing or unusable one was
    /// looked for outside the bundle: when one appears or changes there, the bundle is read again.
    private static func outsideFiles(
        of bundle: String, app: Result<AppBundle, RegistryDiagnostic>, diagnostics: [RegistryDiagnostic],
        searchDirectories: [String]
    ) -> [String] {
        var files: [String] = []
        if case .success(let app) = app {
            let executables = [app.executable] + app.extensions.map(\.executable)
            files += executables.filter { $0.origin != .bundle }.map(\.path)
        }
        var problems = diagnostics
        if case .failure(let problem) = app { problems.append(problem) }
        for problem in problems {
            switch problem.code {
            case .missingExecutable:
                if let name = problem.value { files += searchDirectories.map { Path.join($0, name) } }
            case .notExecutable, .untrusted:
                // Folders count for their trust alone (see `BundleRevision`).
                if !problem.file.hasPrefix(bundle + "/"), FileProbe.kind(problem.file) != .directory {
                    files.append(problem.file)
                }
            default: break
            }
        }
        return files
    }
}
