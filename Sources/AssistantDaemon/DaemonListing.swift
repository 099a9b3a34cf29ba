import Assistant
import AssistantService

/// The text of `assistant apps` as the daemon sees it: the registry's listing, with a problem
/// for every registered app the daemon cannot serve because it links no catalog for it.
enum DaemonListing {
    static func lines(registry: BundleRegistry, unserved: [AppBundle]) -> [String] {
        let base = AppsListing.lines(registry)
        // The listing ends with its summary line, then one line per diagnostic.
        let summary = base.count - registry.diagnostics.count - 1
        guard !unserved.isEmpty, summary >= 0 else { return base }
        let notes = unserved.map { app in
            PrintableText.escaped(
                "  \(app.path)/Info.plist: CFBundleIdentifier '\(app.identifier)' has no intent catalog linked into assistantd; \(app.name) is listed, not served")
        }
        let count = registry.diagnostics.count + notes.count
        return Array(base[..<summary]) + [count == 1 ? "1 problem:" : "\(count) problems:"]
            + Array(base[(summary + 1)...]) + notes
    }
}
