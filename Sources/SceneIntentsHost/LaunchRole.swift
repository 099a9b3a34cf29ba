import Foundation

/// What one launch of an app's executable serves, decided from how it was launched.
public enum LaunchRole: Sendable, Equatable {
    /// Launched by a user from a terminal (no system waiting): the app runs in this process,
    /// launched by the user, and standard input's lines go to its command hook.
    case inProcess
    /// Launched by a system for the app: the app's host process.
    case appHost(socket: String, token: String)
    /// Launched by a system as an intents extension (`.appex`): its executable's file name is
    /// the extension's `CFBundleExecutable`.
    case intentsExtension(executable: String, socket: String, token: String)

    /// The role of a launch.
    ///
    /// A system says it launched the process with `SCENEINTENTS_SOCKET` and `SCENEINTENTS_TOKEN`
    /// (`LaunchMode`), the same for an app and for an extension: which of the two is told by
    /// the name the process was started under (`argv[0]`'s file name), since an app's and its
    /// extension's bundles each name their own executable (`CFBundleExecutable`).
    ///
    /// - Parameters:
    ///   - environment: the process's environment.
    ///   - executable: the path the process was started under (`CommandLine.arguments[0]`).
    ///   - extensionExecutables: the executable names that serve as intents extensions.
    ///   - hasApp: false for an executable that is only an extension: a system launch then
    ///     serves the extension whatever the executable's name.
    public static func of(
        environment: [String: String], executable: String, extensionExecutables: Set<String>, hasApp: Bool = true
    ) -> LaunchRole {
        guard case .bySystem(let socket, let token) = LaunchMode.current(environment) else { return .inProcess }
        let name = (executable as NSString).lastPathComponent
        if !hasApp || extensionExecutables.contains(name) {
            return .intentsExtension(executable: name, socket: socket, token: token)
        }
        return .appHost(socket: socket, token: token)
    }
}
