import SceneIntents
import SceneIntentsCommandLine

/// The app's command driver, run where the app is: in the shell's process, or in `hydrator-app`
/// through its host's command hook. The standard commands (`AppCommand.standard`) and the app's
/// own: `:add` / `:back` (the Add screen, and back to Today), `:pick N` and `:ounces N` on the
/// Add screen, `:save` (the Add screen's drink, saved durably).
extension HydratorApp {
    /// A driver of this app.
    public func driver() -> AppDriver {
        let number = AppCommand.Argument("N", "a whole number", example: "2")
        return AppDriver(name: Self.name, application: application, commands: [
            AppCommand(":add", "Open the Add screen.") { call in
                let navigation = try Self.navigation(call)
                guard let delegate = self.delegate else { throw call.driver.notRunning(call.line) }
                try navigation.push(AddViewController(handler: delegate.handler))
                return ""
            },
            AppCommand(":back", "Go back one screen.") { call in
                _ = try Self.navigation(call).pop()
                return ""
            },
            AppCommand(":pick", argument: number, "Pick drink [N] on the Add screen.") { call in
                let drink = try call.wholeNumber()
                if let problem = try Self.addScreen(call).pick(drink, said: call.arguments[0]) {
                    throw AppCommandError(.badArgument, call.line, problem)
                }
                return ""
            },
            AppCommand(":ounces", argument: number, "Enter N ounces on the Add screen.") { call in
                let ounces = try call.wholeNumber()
                try Self.addScreen(call).enter(ounces: ounces)
                return ""
            },
            AppCommand(":save", "Save the Add screen's drink.") { call in await (try Self.addScreen(call)).save() },
        ])
    }

    /// The Add screen on top.
    private static func addScreen(_ call: AppCommand.Call) throws(AppCommandError) -> AddViewController {
        guard let add = try navigation(call).topViewController as? AddViewController else {
            throw AppCommandError(.nothingToActOn, call.line, "The Add screen is not open; type :add first.")
        }
        return add
    }

    private static func navigation(_ call: AppCommand.Call) throws(AppCommandError) -> NavigationController {
        guard let navigation = call.driver.foregroundScene?.rootViewController as? NavigationController else {
            throw AppCommandError(.nothingToActOn, call.line, "\(name) is not on screen; type :open first.")
        }
        return navigation
    }
}
