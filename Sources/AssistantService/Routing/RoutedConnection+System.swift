import Assistant
import SceneIntents

extension RoutedConnection {
    /// Carries out a system event and answers how it went.
    ///
    /// `open` and `newWindow` launch the app if it is not running. `home`, `close`, `overlay`
    /// and `command` reach a running app only (a stopped one has nothing to move or say).
    /// `lock` sets the shared device and tells every running host, the app and its extensions;
    /// nothing is launched for it. `quit` ends the app's process (asked, then killed after
    /// `grace`); extensions end on their own when idle.
    public func send(_ event: SystemEvent, grace: Duration = .seconds(2)) async -> EventOutcome {
        switch event {
        case .open, .newWindow:
            return await app.send(event)
        case .home, .close, .overlay, .command:
            return await app.sendIfRunning(event) ?? .refused("\(appName) is not running")
        case .lock(let locked):
            device.isLocked = locked
            var refusals: [String] = []
            for host in hosts {
                if case .refused(let why)? = await host.sendIfRunning(event) { refusals.append("\(host.appName): \(why)") }
            }
            return refusals.isEmpty ? .done(output: nil) : .refused(refusals.joined(separator: "; "))
        case .quit:
            await app.stopHost(grace: grace)
            return .done(output: nil)
        }
    }

    /// The user closes one of the app's sessions (see `ProcessConnection.closeSession(_:)`: an
    /// app not running is not started, and hears of it at its next launch).
    public func closeSession(_ identifier: String) async -> EventOutcome {
        await app.closeSession(identifier)
    }

    /// The user force-quits the app: it is asked to quit (killed after `grace`) and every
    /// session kept for it is discarded (see `ProcessConnection.forceQuit(grace:)`).
    public func forceQuit(grace: Duration = .seconds(2)) async {
        await app.forceQuit(grace: grace)
    }

    /// The app's process dies as in a crash (SIGKILL), discarding nothing; answers the process
    /// identifier killed, nil when the app was not running. Extensions are left to idle out.
    @discardableResult
    public func kill() async -> Int32? {
        await app.kill()
    }

    /// Asks every running host (app and extensions) to quit and waits until each exited,
    /// killing any still running after `grace`; the next request starts them again.
    public func stopHosts(grace: Duration = .seconds(2)) async {
        await withTaskGroup(of: Void.self) { group in
            for host in hosts {
                group.addTask { await host.stopHost(grace: grace) }
            }
        }
    }

    /// Stops every host as `stopHosts` does, stops listening and removes the sockets.
    public func close(grace: Duration = .seconds(2)) async {
        await withTaskGroup(of: Void.self) { group in
            for host in hosts {
                group.addTask { await host.close(grace: grace) }
            }
        }
    }

    /// Passes every shortcuts message the app's processes send (the app's and its extensions':
    /// each may donate) to `receive` from now on, in order per process, on its transport's
    /// thread; nil drops them.
    public func receiveShortcuts(_ receive: (@Sendable (ShortcutsMessage) -> Void)?) {
        for host in hosts { host.receiveShortcuts(receive) }
    }

    /// Every host's connection: the app's, then its extensions'.
    private var hosts: [ProcessConnection] { [app] + extensions.map(\.connection) }

    /// What the assistant admits for `bundle`: every intent the app or an extension lists, and
    /// restricted while locked those that whoever could handle them restricts.
    static func admissionManifest(_ bundle: AppBundle) -> AppManifest {
        var manifest = bundle.manifest
        var listed = manifest.intentsSupported
        for plugIn in bundle.extensions {
            listed += plugIn.intentsSupported.filter { !listed.contains($0) }
        }
        manifest.intentsRestrictedWhileLocked = listed.filter { intent in
            let appRestricts = !bundle.manifest.supportsIntent(intent) || bundle.manifest.isRestrictedWhileLocked(intent)
            let plugIn = bundle.extensions.first { $0.supportsIntent(intent) }
            return appRestricts && (plugIn?.isRestrictedWhileLocked(intent) ?? true)
        }
        manifest.intentsSupported = listed
        // The app side checks its own manifest again when a call reaches it; an extension-only
        // intent must not be refused here because the app itself declares a single scene.
        if !bundle.extensions.isEmpty { manifest.supportsMultipleScenes = true }
        return manifest
    }
}
