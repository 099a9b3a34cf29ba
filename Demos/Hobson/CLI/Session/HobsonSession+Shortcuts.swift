import Assistant
import AssistantShortcuts
import Foundation
import HobsonKit
import SceneIntents
import SceneIntentsFeatures
import SceneIntentsStore

extension HobsonSession {
    /// `:suggestions`: what the system would offer — the app's suggestions and its most
    /// frequent recent donations, ranked.
    public func suggestions() async -> [String] {
        await inbox.flush()
        let offers = store.offers(now: now())
        guard !offers.isEmpty else { return ["No shortcuts to offer yet."] }
        return offers.enumerated().map { "\($0.offset + 1). \($0.element.description(catalog: store.catalog))" }
    }

    /// `:donations`: the donations the system keeps for Hobson, oldest first, as the log is now
    /// (other sessions' included), then how many records of the store could not be read and
    /// where, or why the store cannot be read.
    public func donations() async -> [String] {
        if let unreadable = await readStoreNow() { return [unreadable] }
        let donations = store.donations
        let listed = donations.map { donation in
            let group = donation.interaction.groupIdentifier.map { " [\($0)]" } ?? ""
            let said = donation.interaction.intentResponse?.values["insult"].map { " “\($0)”" } ?? ""
            return "\(ShortcutOffers.summary(of: donation.suggestion.shortcut, catalog: store.catalog))\(group)\(said)"
        }
        return (donations.isEmpty ? ["No donations."] : listed) + damageLines()
    }

    /// Reads the store's log as it is now (other sessions' changes included), once this
    /// session's own are stored; the line saying why it cannot be read, if it cannot.
    private func readStoreNow() async -> String? {
        await inbox.flush()
        let store = store
        do throws(StoreError) {
            try await store.offload { () throws(StoreError) in try store.refresh() }
        } catch {
            return "Hobson's store cannot be read: \(error)"
        }
        return nil
    }

    /// "1 record of Hobson's store could not be read: corrupt record: …" (nothing when all was read).
    func damageLines() -> [String] {
        let warnings = store.damage.warnings
        guard !warnings.isEmpty else { return [] }
        let count = warnings.count == 1 ? "1 record" : "\(warnings.count) records"
        return ["\(count) of Hobson's store could not be read: " + warnings.map(\.description).joined(separator: "; ")]
    }

    /// `:delete-donations [GROUP]`: the user deletes Hobson's donations of a group, or all of
    /// them, in the system's settings (the app need not run; it deletes its own with
    /// `ActionDispatcher.deleteDonations`).
    public func deleteDonations(group: String?) async throws(AppCommandError) -> [String] {
        // Donations still on their way (a request the shell sent straight to the assistant) count.
        await inbox.flush()
        let store = store
        let deleted: Int
        do throws(DonationError) {
            deleted = try await store.offload { () throws(DonationError) in try store.deleteDonations(group.map(DonationDeletion.group) ?? .all) }
        } catch {
            throw AppCommandError(.refused, group ?? "all", error.message)
        }
        return ["Deleted \(deleted) donation\(deleted == 1 ? "" : "s")\(group.map { " in \($0)" } ?? "")."]
    }

    /// `:add-voice-shortcut PHRASE [for ACTION]`: records the phrase for the top offer (of that
    /// action), or, when the system has none for the action, for the action itself through the
    /// app's one generic call.
    public func addVoiceShortcut(_ phrase: String, for action: String?) async throws(AppCommandError) -> [String] {
        await inbox.flush()
        let intentType = try action.map { name throws(AppCommandError) in try Self.intentType(of: name) }
        let offer = store.offers(now: now(), limit: .max).first { offer in
            intentType.map { offer.suggestion.shortcut.typeName == $0 } ?? true
        }
        guard offer != nil || intentType != nil else {
            throw AppCommandError(.nothingToActOn, phrase, "There is nothing to record “\(PrintableText.escaped(phrase))” for yet; use Hobson first, or add: for InsultMe.")
        }
        do throws(VoiceShortcutRefusal) {
            if let offer { return await learned(try await store.add(offer.suggestion, phrase: phrase)) }
            guard let app else { return await learned(try await store.add(try Self.plainSuggestion(of: intentType), phrase: phrase)) }
            let (actions, dispatcher) = (app.actions, app.dispatcher)
            let result: VoiceShortcutResult
            switch intentType {
            case InsultMeIntent.typeName:
                result = try await dispatcher.addVoiceShortcut(for: actions.insult, InsultRequest(), phrase: phrase, editor: store)
            case GetFavouriteInsultIntent.typeName:
                result = try await dispatcher.addVoiceShortcut(for: actions.favourite, .noInput, phrase: phrase, editor: store)
            default:
                result = try await dispatcher.addVoiceShortcut(for: actions.laugh, .noInput, phrase: phrase, editor: store)
            }
            return await learned(result)
        } catch {
            throw AppCommandError(.refused, phrase, "Not recorded: \(PrintableText.escaped(error.message))")
        }
    }

    /// `:edit-voice-shortcut PHRASE -> NEW`.
    public func editVoiceShortcut(_ phrase: String, to newPhrase: String) async throws(AppCommandError) -> [String] {
        try await edit(phrase, .rephrase(newPhrase))
    }

    /// `:delete-voice-shortcut PHRASE`.
    public func deleteVoiceShortcut(_ phrase: String) async throws(AppCommandError) -> [String] {
        try await edit(phrase, .delete)
    }

    /// `:voice-shortcuts`: every voice shortcut, in the order recorded, as the log is now (other
    /// sessions' included), then how many records of the store could not be read and where, or
    /// why the store cannot be read (as `:donations` says it). Phrases are escaped: they were
    /// typed by someone, and must not start lines or drive the terminal.
    public func voiceShortcuts() async -> [String] {
        if let unreadable = await readStoreNow() { return [unreadable] }
        let shortcuts = store.voiceShortcuts()
        let listed = shortcuts.map {
            "“\(PrintableText.escaped($0.phrase))” → \(ShortcutOffers.summary(of: $0.suggestion.shortcut, catalog: store.catalog))"
        }
        return (shortcuts.isEmpty ? ["No voice shortcuts."] : listed) + damageLines()
    }

    private func edit(_ phrase: String, _ change: VoiceShortcutChange) async throws(AppCommandError) -> [String] {
        do throws(VoiceShortcutRefusal) { return await learned(try await store.edit(phrase: phrase, change)) } catch {
            throw AppCommandError(.refused, phrase, "Not changed: \(PrintableText.escaped(error.message))")
        }
    }

    /// The assistant learns the voice shortcuts' phrases as they now are; the result's line
    /// (escaped: it quotes the phrase typed).
    private func learned(_ result: VoiceShortcutResult) async -> [String] {
        assistant.setVocabulary(voice.vocabulary())
        return [PrintableText.escaped(result.description)]
    }

    /// The shortcut the system makes for an intent with nothing set, when the app is elsewhere.
    private static func plainSuggestion(of intentType: String?) throws(VoiceShortcutRefusal) -> ShortcutSuggestion {
        guard let intentType, let descriptor = HobsonApp.catalog.descriptor(named: intentType) else {
            throw VoiceShortcutRefusal(.invalidShortcut, value: intentType ?? "", "Hobson defines no intent \(intentType ?? "")")
        }
        return ShortcutSuggestion(.intent(descriptor.makeIntent()), suggestedPhrase: descriptor.suggestedInvocationPhrase)
    }

    /// The intent type of an action's name (case-insensitive).
    static func intentType(of action: String) throws(AppCommandError) -> String {
        let names = [InsultMeAction.name, GetFavouriteInsultAction.name, MakeMeLaughAction.name]
        guard let name = names.first(where: { $0.lowercased() == action.lowercased() }) else {
            throw AppCommandError(.badArgument, action, "There is no action \(action); the actions are \(names.joined(separator: ", ")).")
        }
        return name
    }
}
