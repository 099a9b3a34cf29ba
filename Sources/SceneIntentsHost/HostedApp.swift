import SceneIntents

/// An app as a host executable serves it: its `IntentHost`, its command hook, and what it does
/// with the connection when a system serves it.
@MainActor
public struct HostedApp {
    /// The app's side of the boundary (its `Application` and catalog).
    public var host: IntentHost
    /// The app's automation hook: runs one command line and answers what it printed (a
    /// `command` event's text from a system, or a line typed at the terminal), usually an
    /// `AppDriver`'s `run` with the app's own commands. Nil: `AppMain` gives the app a driver
    /// with the standard commands alone (`AppCommand.standard`).
    public var commands: (@MainActor (String) async throws -> String)?
    /// Sees the endpoint before its hello goes out when a system serves the app (to send what
    /// the app has to say beside answers, such as donations: `AppEndpoint.send(_:)`).
    public var serving: @MainActor (AppEndpoint) -> Void

    /// An app to host.
    public init(
        _ host: IntentHost, commands: (@MainActor (String) async throws -> String)? = nil,
        serving: @escaping @MainActor (AppEndpoint) -> Void = { _ in }
    ) {
        self.host = host
        self.commands = commands
        self.serving = serving
    }
}
