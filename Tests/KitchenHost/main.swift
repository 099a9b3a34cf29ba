import Foundation
import SceneIntents
import SceneIntentsHost
import SceneIntentsTransport
import SceneIntentsWire
import TestFixtures

/// `kitchen-host`: the fixture kitchen app as a host process, for the process tests (from a
/// terminal it runs the app in process, taking the command `locked`; started by a system under
/// the name `kitchen-extension`, a link, it serves the kitchen's intents extension). Its
/// behaviour comes from `KITCHEN_MODE`: `normal`; `continue` (handle answers continueInApp); `hang` (handle never answers, ignoring
/// cancellation); `crash-once:PATH` (handle kills the process with SIGKILL unless PATH exists,
/// which it creates first); `exit-once:PATH` (the first call ends the process with status 0 unless
/// PATH exists, which it creates first: as an extension that idled out just as a call came);
/// `progress` (every handle after the first takes 3 s in three stretches, reporting progress
/// after each); `second-hello`, `wrong-version` and `working-answer` (protocol faults; the last answers a call with a progress report); `STOP-in:PHASE` and `KILL-in:PHASE`
/// (the process sends itself SIGSTOP or SIGKILL when the call reaches PHASE: `resolve`,
/// `confirm` or `handle`; the fault tests).
@MainActor
func main() async -> Int32 {
    let mode = ProcessInfo.processInfo.environment["KITCHEN_MODE"] ?? "normal"
    if ["second-hello", "wrong-version", "working-answer"].contains(mode), case .bySystem(let socket, let token) = LaunchMode.current() {
        return misbehave(mode, socket: socket, token: token)
    }
    let handler = ScriptedSoupHandler()
    if mode == "continue" {
        handler.handling = { _ in .continueInApp }
    } else if mode == "hang" {
        handler.handling = { _ in
            await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
            return .success
        }
    } else if mode == "progress" {
        let handled = Counter()
        handler.handling = { _ in
            handled.count += 1
            // The first handle answers at once: it warms the process up.
            guard handled.count > 1 else { return .success }
            for stretch in 1...3 {
                try await Task.sleep(for: .seconds(1))
                IntentProgress.report(completed: stretch, of: 3)
            }
            return .success
        }
    } else if mode.hasPrefix("exit-once:") {
        handler.handling = { _ in
            exitOnce(mode)
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
    injectSignal(mode, into: handler)
    // In `continue` mode every request goes to the configured handler, even with a screen.
    // What the process tests ask the host itself.
    let commands = { @MainActor (host: IntentHost) in
        { @MainActor (text: String) throws -> String in
            if text == "restored" {
                return host.application.connectedScenes.map { scene in
                    let restored = (scene.rootViewController as? KitchenScreen)?.restoredFrom?.userInfo
                    return "\(scene.session.persistentIdentifier) \(scene.activationState) restored from \(restored?["saves"]?.integerValue.map(String.init) ?? "nothing")"
                }.joined(separator: "; ")
            }
            guard text == "locked" else { throw KitchenCommandError(command: text) }
            return host.application.device.isLocked ? "locked" : "unlocked"
        }
    }
    let kitchenExtension = IntentsExtension(
        name: "Kitchen Intents", bundleIdentifier: "com.example.kitchen.intents", intents: [OrderSoupIntent.self, OpenSafeIntent.self, UnlistedIntent.self],
        intentsSupported: ["OrderSoupIntent", "UnlistedIntent"],
        handlerFor: { _ in
            exitOnce(mode)
            // The extension's faults strike where it looks its handler up (its first call).
            if mode == "STOP-in:resolve" { kill(getpid(), SIGSTOP) }
            if mode == "KILL-in:resolve" { kill(getpid(), SIGKILL) }
            return Kitchen.extensionHandler(continueInApp: false)
        })
    let kitchen =
        mode == "continue"
        ? AppMain(
            name: "Kitchen", manifest: Kitchen.manifest(), intents: [OrderSoupIntent.self, OpenSafeIntent.self, UnlistedIntent.self],
            sceneDelegates: Kitchen.sceneDelegates, delegate: { OneHandler(handler) }, commands: commands)
        : AppMain(name: "Kitchen", bundleIdentifier: "com.example.kitchen", extensions: ["kitchen-extension": { kitchenExtension }]) {
            let host = IntentHost(application: Kitchen.application(fallback: { _ in handler }), catalog: try Kitchen.catalog())
            return HostedApp(host, commands: commands(host))
        }
    return await kitchen.main()
}

/// In `STOP-in:PHASE` and `KILL-in:PHASE` modes, makes the handler's PHASE send this process
/// the signal (then answer as usual, if it ever runs again).
@MainActor
func injectSignal(_ mode: String, into handler: ScriptedSoupHandler) {
    let parts = mode.split(separator: ":").map(String.init)
    guard parts.count == 2, let signal = ["STOP-in": SIGSTOP, "KILL-in": SIGKILL][parts[0]] else { return }
    switch parts[1] {
    case "resolve":
        let soup = handler.soup
        handler.soup = { intent in
            kill(getpid(), signal)
            return try await soup(intent)
        }
    case "confirm":
        let confirmation = handler.confirmation
        handler.confirmation = { intent in
            kill(getpid(), signal)
            return try await confirmation(intent)
        }
    case "handle":
        let handling = handler.handling
        handler.handling = { intent in
            kill(getpid(), signal)
            return try await handling(intent)
        }
    default: break
    }
}

/// In `exit-once:PATH` mode, ends the process with status 0 the first time (PATH marks it).
func exitOnce(_ mode: String) {
    guard mode.hasPrefix("exit-once:") else { return }
    let marker = String(mode.dropFirst("exit-once:".count))
    guard !FileManager.default.fileExists(atPath: marker) else { return }
    _ = FileManager.default.createFile(atPath: marker, contents: nil)
    exit(0)
}

/// A count the main actor keeps.
@MainActor
final class Counter {
    var count = 0
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
    let hello = AppHello(
        protocolVersion: mode == "wrong-version" ? 99 : MessageProtocol.version, token: token,
        processIdentifier: getpid(), kind: .app, appName: "Kitchen", intentsSupported: [],
        intentsRestrictedWhileLocked: [], userActivityTypes: [])
    guard let bytes = try? codec.encode(AppMessage.hello(hello)) else { return 1 }
    try? connection.send(bytes)
    if mode != "working-answer" { try? connection.send(bytes) }
    // Stay until the system closes the connection or kills us; answer each call (as a
    // `working-answer` host) with a progress report where the answer belongs.
    let done = DispatchSemaphore(value: 0)
    connection.start { event in
        switch event {
        case .closed: done.signal()
        case .frame(let data):
            guard mode == "working-answer", case .call(let id, _)? = try? codec.decode(SystemMessage.self, from: data),
                let answer = try? codec.encode(AppMessage.answer(id: id, answer: .working(IntentProgress(completed: 1, total: 2))))
            else { return }
            try? connection.send(answer)
        }
    }
    done.wait()
    return 0
}

// Served on the main loop, as every host built on AppMain is (`AppMain.run()`).
MainLoop.run { await main() }

/// A command `kitchen-host` does not know.
struct KitchenCommandError: Error, CustomStringConvertible {
    let command: String
    var description: String { "kitchen-host knows only the command \"locked\", not \"\(command)\"" }
}
