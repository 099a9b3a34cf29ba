import Assistant
import AssistantShortcuts
import SceneIntents
import SceneIntentsStore

/// What each `:command` does (declared in `DaemonCommand.all`).
extension ClientSession {
    func showTrace(_ input: CommandInput) -> DaemonMessage {
        guard let events = lastTrace else {
            return .failure(DaemonError(.noTrace, value: input.line, message: "you have made no request yet"))
        }
        return .listing(lines: events.map(\.description))
    }

    func goHome() async -> DaemonMessage {
        for app in await runningApps() { _ = await daemon.send(.home, to: app) }
        return .listing(lines: ["Went to the home screen."])
    }

    func setLocked(_ locked: Bool) async -> DaemonMessage {
        daemon.device.isLocked = locked
        for app in await runningApps() {
            _ = await daemon.send(.lock(isLocked: locked), to: app)
            if locked { _ = await daemon.send(.home, to: app) }
        }
        return .listing(lines: [locked ? "Locked the device." : "Unlocked the device."])
    }

    func open(_ input: CommandInput) async -> DaemonMessage {
        await withApp(input.name(from: 0), required: true, input) { app in
            current = app.bundle.identifier
            return outcome(await daemon.send(.open, to: app), input.line, "Opened \(app.bundle.name).")
        }
    }

    func listScenes(_ input: CommandInput) async -> DaemonMessage {
        await withApp(input.name(from: 0), required: false, input) { app in
            guard await app.isRunning else { return .listing(lines: ["\(app.bundle.name) is not running."]) }
            return outcome(await daemon.send(.command(":scenes"), to: app), input.line, nil)
        }
    }

    /// What the system keeps for the app's shortcuts, as its log is now: how many donations,
    /// then what it would offer (the app's suggestions and its recent donations, ranked and
    /// numbered for `:add-voice-shortcut`), then the user's voice shortcuts, then any record that
    /// could not be read. Everything the app sent before is counted.
    func listShortcuts(_ input: CommandInput) async -> DaemonMessage {
        await withStore(input.name(from: 0), input) { app, store in
            let name = app.bundle.name
            let (donations, offers) = (store.donations.count, store.offers(now: daemon.configuration.now()))
            listedShortcuts = (name, offers.map(\.suggestion))
            let kept = donations == 1 ? "1 donation" : "\(donations) donations"
            var lines = offers.isEmpty
                ? ["\(name) keeps \(kept) and suggests nothing: there is no shortcut to offer."]
                : ["\(name) keeps \(kept); the shortcuts it would offer:"]
                    + offers.enumerated().map { "\($0.offset + 1). \($0.element.description(catalog: store.catalog))" }
            let voice = store.voiceShortcuts()
            if !voice.isEmpty {
                lines.append("Voice shortcuts:")
                lines += voice.map {
                    "“\($0.phrase)” → \(ShortcutOffers.summary(of: $0.suggestion.shortcut, catalog: store.catalog))"
                }
            }
            let unread = store.damage.warnings
            if !unread.isEmpty {
                let count = unread.count == 1 ? "1 record" : "\(unread.count) records"
                lines.append("\(count) of \(name)'s shortcuts could not be read: " + unread.map(\.description).joined(separator: "; "))
            }
            // Each line holds what an app sent or a user typed: escaped, it cannot drive a
            // terminal or forge a line of its own.
            return .listing(lines: lines.map(PrintableText.escaped))
        }
    }

    /// `:delete-donations [NAME]`: the user deletes everything the app donated (its suggestions
    /// and the user's voice shortcuts stay), as a system's settings let them.
    func deleteDonations(_ input: CommandInput) async -> DaemonMessage {
        await withStore(input.name(from: 0), input) { app, store in
            do throws(DonationError) {
                let deleted = try await store.offload { () throws(DonationError) in try store.deleteDonations(.all) }
                return .listing(lines: [PrintableText.escaped("Deleted \(deleted) donation\(deleted == 1 ? "" : "s") of \(app.bundle.name).")])
            } catch {
                return .failure(DaemonError(.commandFailed, value: input.line, message: PrintableText.escaped(error.message)))
            }
        }
    }

    /// `:add-voice-shortcut N PHRASE`: the user records PHRASE for the shortcut numbered N in
    /// their last `:shortcuts` ("Add to Siri"); saying it then runs that shortcut.
    func addVoiceShortcut(_ input: CommandInput) async -> DaemonMessage {
        guard let number = input.arguments.first.flatMap({ Int($0) }), input.arguments.count > 1 else {
            return .failure(DaemonError(
                .unknownCommand, value: input.line,
                message: "give the shortcut's number and the phrase: :add-voice-shortcut N PHRASE (:shortcuts numbers them)"))
        }
        guard let listed = listedShortcuts else {
            return .failure(DaemonError(
                .commandFailed, value: input.line, message: "list an app's shortcuts first (:shortcuts [NAME]): N is a number of that list"))
        }
        return await withStore(listed.app, input) { app, store in
            guard listed.offers.indices.contains(number - 1) else {
                let count = "\(listed.offers.count) shortcut\(listed.offers.count == 1 ? "" : "s")"
                return .failure(DaemonError(
                    .commandFailed, value: input.line, message: "\(app.bundle.name) has no shortcut \(number): :shortcuts listed \(count)"))
            }
            return await voiceShortcut(input) { () async throws(VoiceShortcutRefusal) in
                try await store.add(listed.offers[number - 1], phrase: input.name(from: 1))
            }
        }
    }

    /// `:delete-voice-shortcut PHRASE`: the user deletes a voice shortcut of the app their last
    /// `:shortcuts` listed (else of the current app).
    func deleteVoiceShortcut(_ input: CommandInput) async -> DaemonMessage {
        guard !input.arguments.isEmpty else {
            return .failure(DaemonError(.unknownCommand, value: input.line, message: "give the phrase: :delete-voice-shortcut PHRASE"))
        }
        return await withStore(listedShortcuts?.app ?? "", input) { _, store in
            await voiceShortcut(input) { () async throws(VoiceShortcutRefusal) in try await store.edit(phrase: input.name(from: 0), .delete) }
        }
    }

    /// The line a voice shortcut change answers ("added “pirate time” → InsultMe"), or why it
    /// was refused; phrases escaped: they were typed by someone, and must not drive a terminal.
    private func voiceShortcut(
        _ input: CommandInput, _ change: () async throws(VoiceShortcutRefusal) -> VoiceShortcutResult
    ) async -> DaemonMessage {
        do throws(VoiceShortcutRefusal) {
            return .listing(lines: [PrintableText.escaped(try await change().description)])
        } catch {
            return .failure(DaemonError(.commandFailed, value: input.line, message: PrintableText.escaped(error.message)))
        }
    }

    /// Runs `body` with the app a command names (as `withApp`) and its shortcuts store as its
    /// log is now, once everything the app sent before is in it; a failure when the daemon keeps
    /// none for the app or the store cannot be read.
    private func withStore(
        _ name: String, _ input: CommandInput, _ body: (ServedApp, ShortcutsStore) async -> DaemonMessage
    ) async -> DaemonMessage {
        await withApp(name, required: false, input) { app in
            guard let inbox = app.shortcuts else {
                let why = daemon.configuration.shortcutsFolder == nil
                    ? "this daemon keeps no shortcuts (no state folder)"
                    : "\(app.bundle.name)'s shortcuts cannot be kept (the daemon's log says why)"
                return .failure(DaemonError(.commandFailed, value: input.line, message: why))
            }
            await inbox.flush()
            let store = inbox.store
            do throws(StoreError) {
                try await store.offload { () throws(StoreError) in try store.refresh() }
            } catch {
                let why = "\(app.bundle.name)'s shortcuts cannot be read: \(error)"
                return .failure(DaemonError(.commandFailed, value: input.line, message: why))
            }
            return await body(app, store)
        }
    }

    /// The user closes one session; an app not running is not started (its next launch hears
    /// `didDiscardSceneSessions`).
    func closeSession(_ input: CommandInput) async -> DaemonMessage {
        guard let session = input.arguments.first else {
            return .failure(
                DaemonError(.unknownCommand, value: input.line, message: "name the session: :close SESSION [NAME] (:scenes lists them)"))
        }
        return await withApp(input.name(from: 1), required: false, input) { app in
            let running = await app.isRunning
            let closed = await app.connection.closeSession(session)
            let heard = running ? "" : " (\(app.bundle.name) is not running: it hears of it at its next launch)"
            return outcome(closed, input.line, "Closed \(session) of \(app.bundle.name)\(heard).")
        }
    }

    /// The app's process is killed as in a crash; its sessions are kept.
    func kill(_ input: CommandInput) async -> DaemonMessage {
        await withApp(input.name(from: 0), required: false, input) { app in
            guard await app.connection.kill() != nil else { return .listing(lines: ["\(app.bundle.name) is not running."]) }
            // The next command finds it gone, not on its way out.
            await daemon.waitForExit(of: [app])
            return .listing(lines: ["Killed \(app.bundle.name) (SIGKILL): its sessions are kept for its next launch."])
        }
    }

    /// The user force-quits the app, running or not: every session kept for it is discarded.
    func forceQuit(_ input: CommandInput) async -> DaemonMessage {
        await withApp(input.name(from: 0), required: false, input) { app in
            let running = await app.isRunning
            await app.connection.forceQuit(grace: daemon.configuration.shutdownGrace)
            await daemon.waitForExit(of: [app])
            let name = app.bundle.name
            return .listing(lines: [running ? "Quit \(name): its sessions are discarded." : "\(name) is not running: its sessions are discarded."])
        }
    }

    /// Runs `body` with the app a command names (the current one when none is named and one is
    /// not required), borrowed until it ends (`Daemon.giveBack`); a failure when there is none.
    private func withApp(
        _ name: String, required: Bool, _ input: CommandInput, _ body: (ServedApp) async -> DaemonMessage
    ) async -> DaemonMessage {
        switch target(name, required: required, line: input.line) {
        case .success(let app):
            defer { daemon.giveBack(app) }
            return await body(app)
        case .failure(let error):
            return .failure(error)
        }
    }

    private func outcome(_ outcome: EventOutcome, _ line: String, _ success: String?) -> DaemonMessage {
        switch outcome {
        case .done(let output):
            let text = success ?? output ?? ""
            return .listing(lines: text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        case .refused(let why):
            return .failure(DaemonError(.commandFailed, value: line, message: why))
        }
    }

    /// The app a command names, or the current one when none is named (and one is not
    /// required), borrowed until the command ends (`Daemon.giveBack`).
    private func target(_ name: String, required: Bool, line: String) -> Result<ServedApp, DaemonError> {
        let current = current
        let app = daemon.borrow { apps in
            guard !name.isEmpty else {
                return required ? nil : apps.first(where: { $0.bundle.identifier == current }) ?? (apps.count == 1 ? apps.first : nil)
            }
            return apps.first(where: { $0.bundle.name.caseInsensitiveCompare(name) == .orderedSame })
        }
        if let app { return .success(app) }
        let served = daemon.served
        let names = served.apps.map(\.bundle.name).joined(separator: ", ")
        if name.isEmpty {
            return .failure(DaemonError(.unknownCommand, value: line, message: "name the app: \(line) NAME (served: \(names))"))
        }
        if let refusal = served.refused.values.first(where: { $0.source.name.caseInsensitiveCompare(name) == .orderedSame }) {
            let why = refusal.problems.first.map { "\($0.problem)" } ?? "see `assistant apps`"
            return .failure(
                DaemonError(.unknownApp, value: name, message: "\(refusal.source.name) is installed but not served: \(why)"))
        }
        if let withdrawn = served.withdrawn[name.lowercased()] {
            return .failure(DaemonError(.unknownApp, value: name, message: withdrawn.message))
        }
        return .failure(DaemonError(.unknownApp, value: name, message: "no app is named \(name) (served: \(names.isEmpty ? "none" : names))"))
    }

    private func runningApps() async -> [ServedApp] {
        var running: [ServedApp] = []
        for app in daemon.apps where await app.isRunning { running.append(app) }
        return running
    }
}
