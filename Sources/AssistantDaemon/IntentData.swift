import AssistantService

extension Daemon {
    /// The intent data the daemon converses about `bundle` from, or the problem that keeps it
    /// from being served: the one place an app's data is obtained (each bundle is asked once per
    /// revision of its files, so this may read files).
    static func intentData(for bundle: AppBundle, configuration: DaemonConfiguration) -> Result<LinkedApp, RegistryDiagnostic> {
        guard let linked = configuration.linkedApps[bundle.identifier] else {
            return .failure(
                RegistryDiagnostic(
                    .noIntentData, file: bundle.path + "/Info.plist", key: "CFBundleIdentifier",
                    value: "CFBundleIdentifier '\(bundle.identifier)' has no intent catalog linked into assistantd",
                    skipped: bundle.path))
        }
        return .success(linked)
    }
}
