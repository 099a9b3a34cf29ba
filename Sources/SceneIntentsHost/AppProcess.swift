import Foundation
import SceneIntents

/// An app's host executable in one call: `exit(await AppProcess(name: "Kitchen") { … }.main())`.
///
/// Launched by a system (`SCENEINTENTS_SOCKET` and `SCENEINTENTS_TOKEN` set), it makes the app's
/// `IntentHost` and serves it with `HostRuntime.serve` until told to quit (0) or until the
/// connection fails or breaks (1). Launched by a user from a shell, it runs `byUser` when given
/// (an app that also works on its own), else prints how to reach it and answers 64. A host that
/// cannot be made (a catalog or manifest error) is reported and answers 70.
public struct AppProcess: Sendable {
    /// The app's name, as its hello and the system's trace say it.
    public let name: String
    private let makeHost: @MainActor @Sendable () throws -> IntentHost
    private let commands: (@MainActor @Sendable (IntentHost) -> (@MainActor (String) throws -> String))?
    private let byUser: (@MainActor @Sendable () async -> Int32)?

    /// A host executable for the app `makeHost` makes (called once, on the main actor).
    ///
    /// - Parameters:
    ///   - commands: the app's automation hook, made from its host: runs a `command` event's
    ///     text and answers what it printed (see `HostEndpoint.onCommand`).
    ///   - byUser: what a launch from a shell does; nil says the process is started by a system.
    public init(
        name: String,
        commands: (@MainActor @Sendable (IntentHost) -> (@MainActor (String) throws -> String))? = nil,
        byUser: (@MainActor @Sendable () async -> Int32)? = nil,
        makeHost: @escaping @MainActor @Sendable () throws -> IntentHost
    ) {
        self.name = name
        self.makeHost = makeHost
        self.commands = commands
        self.byUser = byUser
    }

    /// Runs the process and answers its exit status (see the type's summary).
    @MainActor
    public func main(environment: [String: String] = ProcessInfo.processInfo.environment) async -> Int32 {
        guard case .bySystem(let socket, let token) = HostLaunchMode.current(environment) else {
            if let byUser { return await byUser() }
            HostExit.log("\(name): this is the app's host process; an assistant launches it for a request.")
            return 64
        }
        let host: IntentHost
        do { host = try makeHost() } catch {
            HostExit.log("\(name): the app cannot be served: \(error)")
            return 70
        }
        do {
            let hook = commands?(host)
            let end = try await HostRuntime.serve(host, appName: name, socket: socket, token: token) { endpoint in
                endpoint.onCommand = hook
            }
            return HostExit.status(of: end, name: name)
        } catch {
            HostExit.log("\(name): \(error)")
            return 1
        }
    }
}
