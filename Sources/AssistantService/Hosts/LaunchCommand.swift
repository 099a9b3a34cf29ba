import SceneIntents
import SceneIntentsWire

/// How to start an app's (or an extension's) host process.
public struct LaunchCommand: Sendable, Equatable {
    /// The executable's path.
    public var executable: String
    /// Its arguments (not including the executable).
    public var arguments: [String]
    /// Variables added to its environment (the socket and token are added too).
    public var environment: [String: String]
    /// The device the system and the host share: each launch passes its lock state at that
    /// moment (`MessageProtocol.deviceLockedVariable`), so a host started while the device is
    /// locked starts locked. Nil: the host starts unlocked.
    public var device: Device?

    /// A launch.
    public init(executable: String, arguments: [String] = [], environment: [String: String] = [:], device: Device? = nil) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.device = device
    }

    /// Equal when they start the same executable the same way for the same device.
    public static func == (lhs: LaunchCommand, rhs: LaunchCommand) -> Bool {
        lhs.executable == rhs.executable && lhs.arguments == rhs.arguments && lhs.environment == rhs.environment
            && lhs.device === rhs.device
    }

    /// The environment of one spawn: the launch's variables, the socket, the token, the lock.
    func environment(socket: String, token: String) -> [String: String] {
        var environment = environment
        environment[MessageProtocol.socketVariable] = socket
        environment[MessageProtocol.tokenVariable] = token
        if let device { environment[MessageProtocol.deviceLockedVariable] = device.isLocked ? "1" : "0" }
        return environment
    }
}
