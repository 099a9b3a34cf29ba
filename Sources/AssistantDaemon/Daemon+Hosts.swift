import Assistant
import SceneIntents

extension Daemon {
    /// Waits until none of `apps` has a running host, or until `shutdownGrace` has passed on
    /// the wait clock (a host's end is noticed within milliseconds; it is polled every 5 ms).
    func waitForExit(of apps: [ServedApp]) async {
        let clock = configuration.waitClock
        let grace = configuration.shutdownGrace
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                while !Task.isCancelled, await Self.anyRunning(apps) {
                    try? await clock.sleep(for: .milliseconds(5), tolerance: nil)
                }
            }
            group.addTask { try? await clock.sleep(for: grace, tolerance: nil) }
            await group.next()
            group.cancelAll()
        }
    }

    private static func anyRunning(_ apps: [ServedApp]) async -> Bool {
        for app in apps where await app.isRunning { return true }
        return false
    }

    /// Sends `event` to `app`, waiting on the wait clock at most one phase budget (10 s by
    /// default: an `open` may launch the app) for its answer.
    func send(_ event: SystemEvent, to app: ServedApp) async -> EventOutcome {
        let connection = app.connection
        let limit = configuration.assistant.phaseBudget
        return await Patience.first(
            { await connection.send(event) }, orAfter: limit, on: configuration.waitClock,
            .refused("\(app.bundle.name) did not answer within \(limit)"))
    }

    /// What is still open, as sentences (empty when nothing is): client connections and
    /// running hosts (of the apps served, and of servings replaced or removed still finishing). A test ends with `#expect(await daemon.inFlight == [])` after `stop()`.
    public var inFlight: [String] {
        get async {
            var open: [String] = []
            for door in FrontDoor.allCases where sessionCount(door) > 0 {
                open.append("\(sessionCount(door)) \(door.connections) still open")
            }
            let waiting = wyomingConversations.count
            if waiting > 0 { open.append("\(waiting) Wyoming conversation(s) still open") }
            for app in allApps {
                if let pid = await app.connection.processIdentifier { open.append("\(app.bundle.name) still runs (pid \(pid))") }
            }
            return open
        }
    }

    /// The process identifiers of the running hosts, by app name (a serving replaced or removed
    /// that still finishes a request counts until it stops).
    public var runningHosts: [String: Int32] {
        get async {
            var running: [String: Int32] = [:]
            for app in allApps {
                if let pid = await app.connection.processIdentifier { running[app.bundle.name] = pid }
            }
            return running
        }
    }
}
