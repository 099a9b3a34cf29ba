import SceneIntents
import SceneIntentsCommandLine
import SceneIntentsFeatures

/// The app's command driver, run where the app is: in the shell's process, or in `hobson-app`
/// through its host's command hook; a line is awaited until the action it performs has ended.
/// The standard commands (`AppCommand.standard`) and the app's own: `:tap N`, `:url URL`,
/// `:timeline`, `:grant KIND NAME` and `:revoke KIND NAME`.
extension HobsonApp {
    /// A driver of this app.
    public func driver() -> AppDriver {
        let condition = AppCommand.Argument("KIND NAME", "a kind (permission, purchase, toggle, flag) and a name", example: "purchase jokes")
        return AppDriver(name: Self.name, application: application, commands: [
            AppCommand(":tap", argument: .init("N", "a row number", example: "1"), "Tap row [N]: 1 Another, 2 Favourite, 3 Make me laugh.") {
                call in try await self.tap(call)
            },
            AppCommand(":url", argument: .init("URL", "an app URL", example: "hobson://insult?style=pirate"), "Open an app URL.") { call in
                do throws(DispatchError) { return try await self.dispatcher.open(call.arguments[0]).description } catch {
                    throw AppCommandError(.badArgument, call.arguments[0], error.message)
                }
            },
            AppCommand(":timeline", "List every action performed, where from, and how it went.") { _ in
                let (entries, letGo) = (self.dispatcher.timeline.entries, self.dispatcher.timeline.entriesLetGo)
                guard !entries.isEmpty else { return "No action has been performed yet." }
                let earlier = letGo == 0 ? [] : ["\(letGo) earlier actions were let go (a timeline keeps the last \(ActionTimeline.entryLimit))."]
                return (earlier + entries.map(\.description)).joined(separator: "\n")
            },
            AppCommand(":grant", argument: condition, "Grant a permission, purchase, toggle or flag.") { call in
                try self.setCondition(call.arguments[0], call.arguments[1], granted: true)
            },
            AppCommand(":revoke", argument: condition, "Revoke a permission, purchase, toggle or flag.") { call in
                try self.setCondition(call.arguments[0], call.arguments[1], granted: false)
            },
        ])
    }

    /// The user taps a row of the insult screen: its action's timeline entry.
    private func tap(_ call: AppCommand.Call) async throws(AppCommandError) -> String {
        let row = call.arguments[0]
        guard let screen = call.driver.foregroundScreen as? InsultViewController else {
            throw AppCommandError(.nothingToActOn, row, "Nothing is on screen to tap; :open the app first.")
        }
        let number = try call.wholeNumber()
        guard (1...3).contains(number) else {
            throw AppCommandError(.badArgument, row, "There is no row \(row); the rows are [1] to [3].")
        }
        do throws(DispatchError) { return try await screen.tap(number)?.description ?? "" } catch {
            throw AppCommandError(.refused, row, error.message)
        }
    }

    /// The app's conditions change, and it sets its suggestions again.
    private func setCondition(_ kind: String, _ name: String, granted: Bool) throws(AppCommandError) -> String {
        var conditions = dispatcher.conditions
        func change(_ set: inout Set<String>) { if granted { set.insert(name) } else { set.remove(name) } }
        switch kind {
        case "permission": change(&conditions.permissions)
        case "purchase": change(&conditions.purchases)
        case "toggle": change(&conditions.toggles)
        case "flag": change(&conditions.flags)
        default:
            throw AppCommandError(.badArgument, kind, "The kinds are permission, purchase, toggle and flag, not \(kind).")
        }
        dispatcher.conditions = conditions
        publishSuggestions()
        return "\(granted ? "Granted" : "Revoked") \(kind) \(name)."
    }
}
