import Assistant
import SceneIntents
import AssistantService
import SceneIntentsTransport
import Synchronization

/// Turns a reading of the apps folders into what the daemon serves: each registered app gets
/// its intent data, the checks of its intent lists against it, and a connection; an app whose
/// bundle has not changed since the last scan keeps the connection it has (its process runs on).
final class AppServing: Sendable {
    let configuration: DaemonConfiguration
    let device: Device
    let directory: RuntimeDirectory
    let log: DaemonLog
    private let serials = Atomic<Int>(0)

    init(configuration: DaemonConfiguration, device: Device, directory: RuntimeDirectory, log: DaemonLog) {
        self.configuration = configuration
        self.device = device
        self.directory = directory
        self.log = log
    }

    /// What to serve from `registry`, following `previous` (nil at the first scan), and the
    /// apps whose connection could not be made (not served; tried again at the next scan).
    func serve(_ registry: BundleRegistry, after previous: ServedSet?) -> (set: ServedSet, failures: [DaemonError]) {
        var apps: [ServedApp] = []
        var refused: [String: ServedSet.Refusal] = [:]
        var failures: [DaemonError] = []
        for bundle in registry.apps {
            let revision = registry.revision(ofBundle: bundle.path)
            if let kept = previous?.unchanged(bundle, revision: revision) {
                apps.append(kept)
                continue
            }
            if let refusal = previous?.unchangedRefusal(bundle, revision: revision) {
                refused[bundle.path] = refusal
                continue
            }
            // The one place an app's data is obtained, from its bundle's files: each bundle is
            // read once per revision of its files, and one that cannot be read is not served.
            let installed: InstalledApp
            do {
                installed = try InstalledApp(bundle: bundle)
            } catch {
                let problem = RegistryDiagnostic(.noIntentData, file: error.file, value: error.problem, skipped: bundle.path)
                refused[bundle.path] = ServedSet.Refusal(source: bundle, revision: revision, problems: [problem])
                continue
            }
            let problems = IntentListCheck.problems(in: bundle, declared: Set(installed.catalog.descriptors.keys))
            guard let remaining = IntentListCheck.remaining(bundle, after: problems) else {
                refused[bundle.path] = ServedSet.Refusal(source: bundle, revision: revision, problems: problems)
                continue
            }
            do throws(TransportError) {
                var app = try ServedApp.connect(
                    remaining, installed: installed, device: device, directory: directory, configuration: configuration, log: log)
                app.serial = serials.add(1, ordering: .relaxed).newValue
                app.source = bundle
                app.revision = revision
                app.problems = problems
                apps.append(app)
            } catch {
                failures.append(
                    DaemonError(.cannotServe, value: bundle.identifier, message: "cannot serve \(bundle.name): \(error.message)"))
            }
        }
        let withdrawn = previous.map { ServedSet.withdrawn(from: $0, serving: apps) } ?? [:]
        return (ServedSet(registry: registry, apps: apps, refused: refused, withdrawn: withdrawn), failures)
    }
}
