import Assistant
import AssistantService
import SceneIntents

/// The text of `assistant apps` as the daemon sees it: the registry's listing, with a problem
/// for every registered app the daemon cannot serve because its bundle's data cannot be read.
enum DaemonListing {
    static func lines(registry: BundleRegistry, unserved: [(bundle: AppBundle, problem: AppBundleDataError)]) -> [String] {
        let base = AppsListing.lines(registry)
        // The listing ends with its summary line, then one line per diagnostic.
        let summary = base.count - registry.diagnostics.count - 1
        guard !unserved.isEmpty, summary >= 0 else { return base }
        let notes = unserved.map { app in
            PrintableText.escaped("  \(app.problem); \(app.bundle.name) is listed, not served")
        }
        let count = registry.diagnostics.count + notes.count
        return Array(base[..<summary]) + [count == 1 ? "1 problem:" : "\(count) problems:"]
            + Array(base[(summary + 1)...]) + notes
    }
}
