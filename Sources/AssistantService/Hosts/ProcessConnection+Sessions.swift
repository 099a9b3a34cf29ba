import Assistant
import Dispatch
import Glibc
import SceneIntents

/// What the user does to the app's sessions from outside it: close one, force-quit the app, and
/// what a crash does (a kill): discard nothing.
extension ProcessConnection {
    /// The user closes a session. A running app hears `close` (its scene disconnects, it hears
    /// `didDiscardSceneSessions` and reports the discard); an app that is not running is not
    /// started: the session is kept as discarded, and its next launch hears
    /// `didDiscardSceneSessions` shortly after `didFinishLaunching`.
    ///
    /// - Returns: how the running app took it; for an app not running, `done` when the session
    ///   was open, else refused naming it.
    public func closeSession(_ identifier: String) async -> EventOutcome {
        if let outcome = await sendIfRunning(.close(session: identifier)) { return outcome }
        guard let sessions else { return .refused("\(appName) keeps no sessions") }
        let record: @Sendable (String) -> Void = { [traceSlot] line in traceSlot.trace?.record(.process, line) }
        return await Self.offPool { [appName] in
            // What the app reported before it stopped is written first, so the close is the last word.
            sessions.settle()
            do throws(SessionStoreError) {
                guard try sessions.store.close(identifier, of: sessions.bundleIdentifier) else {
                    return .refused("\(appName) has no open session \(identifier)")
                }
                record("sessions of \(sessions.bundleIdentifier): closed \(identifier) while not running")
                return .done(output: nil)
            } catch {
                return .refused("\(error)")
            }
        }
    }

    /// The user force-quits the app: its host is asked to quit (killed after `grace`), then
    /// every session kept for it is discarded (its next launch hears `didDiscardSceneSessions`).
    /// A crash, a kill or `stopHost` discard nothing.
    public func forceQuit(grace: Duration = .seconds(2)) async {
        await stopHost(grace: grace)
        guard let sessions else { return }
        let record: @Sendable (String) -> Void = { [traceSlot] line in traceSlot.trace?.record(.process, line) }
        await Self.offPool {
            sessions.settle()
            do throws(SessionStoreError) {
                try sessions.store.forceQuit(sessions.bundleIdentifier)
                record("sessions of \(sessions.bundleIdentifier): force-quit discards them all")
            } catch {
                record("sessions of \(sessions.bundleIdentifier): not discarded: \(error)")
            }
        }
    }

    /// The host dies as in a crash: SIGKILL, nothing asked, nothing discarded (its sessions
    /// come back at its next launch). Returns once the process is reaped.
    ///
    /// - Returns: the process identifier killed, nil when no host ran.
    @discardableResult
    public func kill() async -> Int32? {
        guard let child = await supervisor.runningChild else { return nil }
        child.kill(SIGKILL)
        _ = await child.exit
        await settleSessions()
        return child.pid
    }

    /// Returns once every session change the host reported so far is written.
    func settleSessions() async {
        guard let sessions else { return }
        await Self.offPool { sessions.settle() }
    }

    /// Runs blocking store work on a Dispatch queue, not Swift's cooperative pool.
    private static func offPool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { done in DispatchQueue.global().async { done.resume(returning: work()) } }
    }
}
