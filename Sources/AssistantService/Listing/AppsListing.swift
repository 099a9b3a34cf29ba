import Assistant
/// The text of `assistant apps`: where the registry looked, each app, its extensions, their
/// intents (restricted ones marked) and every diagnostic. Pure: lines in, nothing printed.
///
/// ```
/// Apps folders: /home/me/Apps
/// Executable search directories: /home/me/src/.build/debug
///
/// Recipe Assistant (com.example.RecipeAssistant)
///   executable: /home/me/src/.build/debug/recipe-assistant-app (development build)
///   intents: ShowDirectionsIntent (restricted while locked)
///   extension RecipeIntents (com.example.RecipeAssistant.Intents)
///     executable: /home/me/Apps/Recipe Assistant.app/PlugIns/RecipeIntents.appex/recipe-intents
///     intents: ListRecipesIntent
///
/// No problems.
/// ```
public enum AppsListing {
    /// The marker after an intent refused while the device is locked.
    public static let restrictedMark = " (restricted while locked)"

    /// The listing, one line per element (no trailing newlines). Every line is escaped
    /// (`PrintableText`): names, folders and values come from bundles anyone may have made, and
    /// must not start lines of their own or drive the terminal.
    public static func lines(_ registry: BundleRegistry) -> [String] {
        lines(registry, serving: registry.apps, problems: [])
    }

    /// The listing of what a server of the registry's apps serves: `apps` (the registry's, less
    /// the apps and extensions it refuses) and, with the registry's diagnostics, `problems` (why
    /// it refuses them), sorted as the registry sorts its own.
    public static func lines(_ registry: BundleRegistry, serving apps: [AppBundle], problems: [RegistryDiagnostic]) -> [String] {
        let diagnostics = (registry.diagnostics + problems).inFileOrder
        var lines = [
            "Apps folders: " + list(registry.appsFolders),
            "Executable search directories: " + list(registry.executableSearchDirectories),
            "",
        ]
        if apps.isEmpty { lines += ["No apps installed.", ""] }
        for app in apps {
            lines.append("\(app.name) (\(app.identifier))")
            lines += describe(app.executable, app.manifest.intentsSupported, app.manifest.isRestrictedWhileLocked, indent: "  ")
            for plugIn in app.extensions {
                lines.append("  extension \(plugIn.name) (\(plugIn.identifier))")
                lines += describe(plugIn.executable, plugIn.intentsSupported, plugIn.isRestrictedWhileLocked, indent: "    ")
            }
            lines.append("")
        }
        switch diagnostics.count {
        case 0: lines.append("No problems.")
        case 1: lines.append("1 problem:")
        case let count: lines.append("\(count) problems:")
        }
        return (lines + diagnostics.map { "  \($0)" }).map(PrintableText.escaped)
    }

    private static func describe(
        _ executable: BundleExecutable, _ intents: [String], _ isRestricted: (String) -> Bool, indent: String
    ) -> [String] {
        let origin = executable.origin == .bundle ? "" : " (development build)"
        let names = intents.map { isRestricted($0) ? $0 + restrictedMark : $0 }
        return [
            "\(indent)executable: \(executable.path)\(origin)",
            "\(indent)intents: " + list(names),
        ]
    }

    private static func list(_ items: [String]) -> String {
        items.isEmpty ? "none" : items.joined(separator: ", ")
    }
}
