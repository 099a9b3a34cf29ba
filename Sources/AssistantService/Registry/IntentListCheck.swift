/// Checks the intents a bundle's `Info.plist` files list against the intent types its app's
/// intent data declares, so an intent listed that nothing can handle is reported when the
/// bundle is read, not when a user first asks for it.
///
/// Read: the app's `INIntentsSupported` and `INIntentsRestrictedWhileLocked`, and each
/// extension's `NSExtension.NSExtensionAttributes.IntentsSupported` and
/// `IntentsRestrictedWhileLocked`. One diagnostic per file at fault (`.intentNotDeclared`, the
/// first key found wrong, naming every intent it lists that is not declared): the app's skips the
/// app, an extension's skips only that extension.
public enum IntentListCheck {
    /// The problems of `app` and its extensions against `declared`, the intent type names its
    /// intent data declares; empty when every intent listed is declared.
    public static func problems(in app: AppBundle, declared: Set<String>) -> [RegistryDiagnostic] {
        let appProblem = problem(
            file: app.path, declared: declared,
            lists: [
                ("INIntentsSupported", app.manifest.intentsSupported),
                ("INIntentsRestrictedWhileLocked", app.manifest.intentsRestrictedWhileLocked),
            ])
        let attributes = "NSExtension.NSExtensionAttributes."
        return [appProblem].compactMap { $0 }
            + app.extensions.compactMap { plugIn in
                problem(
                    file: plugIn.path, declared: declared,
                    lists: [
                        (attributes + "IntentsSupported", plugIn.intentsSupported),
                        (attributes + "IntentsRestrictedWhileLocked", plugIn.intentsRestrictedWhileLocked),
                    ])
            }
    }

    /// `app` without what `problems` skip: nil when the app itself is skipped, else the app
    /// with the extensions they name left out.
    public static func remaining(_ app: AppBundle, after problems: [RegistryDiagnostic]) -> AppBundle? {
        let skipped = Set(problems.compactMap(\.skipped))
        guard !skipped.contains(app.path) else { return nil }
        return AppBundle(
            path: app.path, identifier: app.identifier, name: app.name, executable: app.executable, manifest: app.manifest,
            extensions: app.extensions.filter { !skipped.contains($0.path) })
    }

    private static func problem(file bundle: String, declared: Set<String>, lists: [(String, [String])]) -> RegistryDiagnostic? {
        for (key, names) in lists {
            let unknown = names.filter { !declared.contains($0) }
            guard !unknown.isEmpty else { continue }
            return RegistryDiagnostic(
                .intentNotDeclared, file: Path.join(bundle, "Info.plist"), key: key,
                value: unknown.map { "'\($0)'" }.joined(separator: ", "), skipped: bundle)
        }
        return nil
    }
}
