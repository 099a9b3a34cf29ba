import Foundation
import SceneIntents
import SceneIntentsHost
import SceneIntentsTransport
import TestFixtures

/// `kitchen-host`: the fixture kitchen app as a host process, for the process tests. Its
/// behaviour comes from `KITCHEN_MODE`: `normal`; `continue` (handle answers continueInApp); `hang` (handle never answers, ignoring
/// cancellation); `crash-once:PATH` (handle kills the process with SIGKILL unless PATH exists,
/// which it creates first); `second-hello` and `wrong-version` (protocol faults).
@MainActor
func main() async -> Int32 {
    guard case .bySystem(let socket, let token) = HostLaunchMode.current() else {
        FileHandle.standardError.write(Data("kitchen-host: start me from a system (SCENEINTENTS_SOCKET is not set)\n".utf8))
        return 64
    }
    let mode = ProcessInfo.processInfo.environment["KITCHEN_MODE"] ?? "normal"
    if mode == "second-hello" || mode == "wrong-version" { return misbehave(mode, socket: socket, token: token) }
    let handler = ScriptedSoupHandler()
    if mode == "continue" {
        handler.handling = { _ in .continueInApp }
    } else if mode == "hang" {
        handler.handling = { _ in
            await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
            return .success
        }
    } else if mode.hasPrefix("crash-once:") {
        let marker = String(mode.dropFirst("crash-once:".count))
        handler.handling = { _ in
            if !FileManager.default.fileExists(atPath: marker) {
                _ = FileManager.default.createFile(atPath: marker, contents: nil)
                kill(getpid(), SIGKILL)
            }
            return .success
        }
    }
    // In `continue` mode every request goes to the configured handler, even with a screen.
    let process = AppProcess(name: "Kitchen", commands: { host in
        // What the process tests ask the host itself.
        { text in
            guard text == "locked" else { throw KitchenCommandError(command: text) }
            return host.application.device.isLocked ? "locked" : "unlocked"
        }
    }) {
        let app = mode == "continue"
            ? Application(
                manifest: Kitchen.manifest(), sceneDelegates: Kitchen.sceneDelegates,
                delegate: { OneHandler(handler) })
            : Kitchen.application(fallback: { _ in handler })
        return IntentHost(application: app, catalog: try Kitchen.catalog())
    }
    return await process.main()
}

/// An app delegate that hands every intent to one handler.
@MainActor
final class OneHandler: ApplicationDelegate {
    let handler: ScriptedSoupHandler
    init(_ handler: ScriptedSoupHandler) { self.handler = handler }
    func application(_ application: Application, handlerFor intent: AnyIntent) -> Any? { handler }
}

/// Speaks the protocol wrongly on purpose.
func misbehave(_ mode: String, socket: String, token: String) -> Int32 {
    guard let connection = try? FramedConnection.connect(to: socket), let codec = try? MessageCodec(catalog: Kitchen.catalog())
    else { return 1 }
    let hello = HostHello(
        protocolVersion: mode == "wrong-version" ? 99 : MessageProtocol.version, token: token,
        processIdentifier: getpid(), kind: .app, appName: "Kitchen", intentsSupported: [],
        intentsRestrictedWhileLocked: [], userActivityTypes: [])
    guard let bytes = try? codec.encode(AppMessage.hello(hello)) else { return 1 }
    try? connection.send(bytes)
    try? connection.send(bytes)
    // Stay until the system closes the connection or kills us.
    let done = DispatchSemaphore(value: 0)
    connection.start { event in if case .closed = event { done.signal() } }
    done.wait()
    return 0
}

exit(await main())

/// A command `kitchen-host` does not know.
struct KitchenCommandError: Error, CustomStringConvertible {
    let command: String
    var description: String { "kitchen-host knows only the command \"locked\", not \"\(command)\"" }
}
