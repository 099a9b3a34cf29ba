import Assistant
import AssistantService
import Foundation

/// What the daemon serves after one scan of its apps folders: the registry read, the apps served
/// from it, the registered apps refused and why, and the apps served before and not now.
struct ServedSet: Sendable {
    /// A registered app not served, with the reading it was judged on (judged again only when
    /// the bundle or its files change).
    struct Refusal: Sendable {
        let source: AppBundle
        let revision: BundleRevision?
        let problems: [RegistryDiagnostic]
    }

    /// An app served before and not now: its words, and the sentence a request for it is
    /// answered with.
    struct Withdrawal: Sendable {
        let name: String
        let vocabulary: Vocabulary
        let message: String
    }

    /// The registry read (what the next scan starts from).
    let registry: BundleRegistry
    /// The apps served, in the registry's order.
    let apps: [ServedApp]
    /// Registered apps not served, by bundle path.
    let refused: [String: Refusal]
    /// Apps served before and not now, by lowercased name.
    let withdrawn: [String: Withdrawal]

    /// Everything the daemon refused beyond the registry's diagnostics: apps it has no intent
    /// data for, and intent lists naming intents their app does not declare.
    var problems: [RegistryDiagnostic] {
        (refused.values.flatMap(\.problems) + apps.flatMap(\.problems)).inFileOrder
    }

    /// The text of `assistant apps`: the apps served and every problem, one line each.
    var listing: [String] {
        AppsListing.lines(registry, serving: apps.map(\.bundle), problems: problems)
    }

    /// The serving this set has for `bundle`, when neither the bundle nor its files changed
    /// since.
    func unchanged(_ bundle: AppBundle, revision: BundleRevision?) -> ServedApp? {
        apps.first { $0.source == bundle && $0.revision == revision }
    }

    /// The refusal this set has for `bundle`, when neither the bundle nor its files changed since.
    func unchangedRefusal(_ bundle: AppBundle, revision: BundleRevision?) -> Refusal? {
        guard let refusal = refused[bundle.path], refusal.source == bundle, refusal.revision == revision else { return nil }
        return refusal
    }

    /// The lines saying what changed from `old` to this set: apps installed, replaced and
    /// removed, and problems that are new. Empty when nothing changed.
    func changes(from old: ServedSet) -> [String] {
        var lines: [String] = []
        let before = Dictionary(old.apps.map { ($0.bundle.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let now = Set(apps.map(\.bundle.identifier))
        for app in apps where !old.apps.contains(where: { $0.serial == app.serial }) {
            let verb = before[app.bundle.identifier] == nil ? "installed" : "replaced"
            lines.append("\(verb) \(app.bundle.name) (\(app.bundle.identifier)) from \(app.bundle.path)")
        }
        for app in old.apps where !now.contains(app.bundle.identifier) {
            lines.append("removed \(app.bundle.name) (\(app.bundle.identifier)): \(Self.withdrawal(of: app))")
        }
        let known = Set((old.registry.diagnostics + old.problems).map(\.description))
        for problem in (registry.diagnostics + problems).inFileOrder.map(\.description) where !known.contains(problem) {
            lines.append("problem: \(problem)")
        }
        return lines.map(PrintableText.escaped)
    }

    /// The app no longer served whose words read `words` (the first by name), when no app
    /// served reads them: a request for it is told so, not handed to another app.
    func withdrawal(reading words: String) -> Withdrawal? {
        withdrawn.values.sorted { $0.name < $1.name }.first { withdrawal in
            if case .noMatch = withdrawal.vocabulary.match(words) { false } else { true }
        }
    }

    /// `withdrawn` for a set replacing `old`: the apps `old` served that this one does not are
    /// added, the ones served again are dropped.
    static func withdrawn(from old: ServedSet, serving apps: [ServedApp]) -> [String: Withdrawal] {
        var withdrawn = old.withdrawn
        for app in old.apps where !apps.contains(where: { $0.bundle.identifier == app.bundle.identifier }) {
            withdrawn[app.bundle.name.lowercased()] = Withdrawal(
                name: app.bundle.name, vocabulary: app.vocabulary,
                message: "\(app.bundle.name) is no longer served: \(withdrawal(of: app))")
        }
        for app in apps { withdrawn[app.bundle.name.lowercased()] = nil }
        return withdrawn
    }

    /// Why `app` is not served any more, in words.
    private static func withdrawal(of app: ServedApp) -> String {
        !FileManager.default.fileExists(atPath: app.bundle.path)
            ? "\(app.bundle.path) was removed"
            : "its bundle \(app.bundle.path) has a problem (see `assistant apps`)"
    }
}
