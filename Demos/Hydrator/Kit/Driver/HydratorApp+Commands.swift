import SceneIntents
import SceneIntentsCommandLine

/// The app's command driver, run where the app is: in the shell's process, or in `hydrator-app`
/// through its host's command hook. The standard commands (`AppCommand.standard`) and the app's
/// own (`commands`).
extension HydratorApp {
    /// A driver of this app.
    public func driver() -> AppDriver {
        AppDriver(name: Self.name, application: application, commands: Self.commands)
    }

    /// The app's own commands, in help order: `:add` (the Add screen), `:pick N` and `:ounces N`
    /// on it, `:save` (its drink, saved durably), `:back` (to Today).
    public nonisolated static let commands = [
        AppCommand(":add", "Open the Add screen.") { call in
            let navigation = try navigation(call)
            guard let delegate = call.driver.application.delegate as? HydratorAppDelegate else { throw call.driver.notRunning(call.line) }
            try navigation.push(AddViewController(handler: delegate.handler))
            return ""
        },
        AppCommand(":pick", argument: number, "Pick drink [N] on the Add screen.") { call in
            let drink = try call.wholeNumber()
            if let problem = try addScreen(call).pick(drink, said: call.arguments[0]) { throw AppCommandError(.badArgument, call.line, problem) }
            return ""
        },
        AppCommand(":ounces", argument: number, "Enter N ounces on the Add screen.") { call in
            let ounces = try call.wholeNumber()
            try addScreen(call).enter(ounces: ounces)
            return ""
        },
        AppCommand(":save", "Save the Add screen's drink.") { call in await (try addScreen(call)).save() },
        AppCommand(":back", "Go back one screen.") { call in
            _ = try navigation(call).pop()
            return ""
        },
    ]

    private nonisolated static let number = AppCommand.Argument("N", "a whole number", example: "2")

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
