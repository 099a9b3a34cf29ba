import AssistantService
import SceneIntents

extension Daemon {
    /// The intent data the daemon converses about `bundle` from, read from the bundle's files
    /// (`InstalledApp`), or the problem that keeps it from being served, naming the file: the one
    /// place an app's data is obtained (each bundle is read once per revision of its files).
    static func intentData(for bundle: AppBundle, configuration: DaemonConfiguration) -> Result<InstalledApp, RegistryDiagnostic> {
        do {
            return .success(try InstalledApp(bundle: bundle))
        } catch {
            return .failure(RegistryDiagnostic(.noIntentData, file: error.file, value: error.problem, skipped: bundle.path))
        }
    }
}
