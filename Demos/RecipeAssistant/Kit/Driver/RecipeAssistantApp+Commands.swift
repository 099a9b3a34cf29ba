import SceneIntents
import SceneIntentsCommandLine

/// The app's command driver, run where the app is: in the shell's process, or in its own through
/// its host's command hook. The standard commands (`AppCommand.standard`), the app's own
/// (`commands`), and `:lock` / `:unlock`, which the shell sends on its own (the app's device
/// follows the system's, and a lock sends the scenes on screen away).
extension RecipeAssistantApp {
    /// A driver of this app; its output is JSON Lines when `json`.
    public func driver(json: Bool) -> AppDriver {
        let device = [
            AppCommand(":lock", "The device locks: the app's scenes on screen go to the background.") { _ in try self.lock(true) },
            AppCommand(":unlock", "The device unlocks: the scenes the lock sent away come back.") { _ in try self.lock(false) },
        ]
        return AppDriver(name: Self.name, application: application, json: json, commands: Self.commands + device, restoration: restoration)
    }

    /// The app's own commands, in help order: `tap`, `back`, `newWindow`.
    public nonisolated static let commands = [tap, back, newWindow]

    /// `:tap N`: the user taps row N of the screen; a number that is not a row on it (`Int.min`,
    /// `Int.max`, one too long for `Int`) gets "no such row" before the screen sees it.
    public nonisolated static let tap = AppCommand(":tap", argument: .init("N", "a row number", example: "1"), "Tap row [N] of the screen.") {
        call in
        let (number, typed) = (try call.wholeNumber(), call.arguments[0])
        guard let screen = call.driver.foregroundScreen as? any RecipeScreen else {
            throw AppCommandError(.nothingToActOn, typed, "Nothing is on screen to tap; :open the app first.")
        }
        let rows = rows(of: screen.lines())
        guard rows.contains(number) else {
            let choice = switch rows.count {
            case 0: "there is nothing to tap here"
            case 1: "the only row is [\(rows[0])]"
            default: "the rows are [\(rows[0])] to [\(rows[rows.count - 1])]"
            }
            throw AppCommandError(.badArgument, typed, "There is no row \(typed) on this screen; \(choice).")
        }
        if let problem = screen.tap(number) { throw AppCommandError(.refused, typed, problem) }
        return ""
    }

    /// `:back`: the user goes back one screen.
    public nonisolated static let back = AppCommand(":back", "Go back one screen.") { call in
        guard let navigation = call.driver.foregroundScene?.rootViewController as? NavigationController else {
            throw AppCommandError(.nothingToActOn, call.line, "Nothing is on screen; :open the app first.")
        }
        return navigation.pop() == nil ? call.driver.note("Already at the recipe list.") : ""
    }

    /// `:new-window`: the user opens another window (a new scene) of the running app.
    public nonisolated static let newWindow = AppCommand(":new-window", "Open another window (a new scene).") { call in
        let application = call.driver.application
        guard application.isRunning else { throw call.driver.notRunning(call.line, advice: ":open it first") }
        try application.userOpensNewWindow()
        return ""
    }

    /// The row numbers a screen shows (`[n]` at the start of a line), in order.
    static func rows(of lines: [String]) -> [Int] {
        lines.compactMap { line in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.first == "[", let close = trimmed.firstIndex(of: "]") else { return nil }
            return Int(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
        }
    }

    /// The app's device follows the system's; a lock sends the scenes on screen to the
    /// background, and the unlock brings back the ones it sent.
    private func lock(_ locked: Bool) throws -> String {
        device.isLocked = locked
        if locked {
            if application.isRunning && application.connectedScenes.contains(where: { $0.activationState.isForeground }) {
                try application.moveToBackground()
                lockSentHome = true
            }
        } else {
            if lockSentHome && application.isRunning { try application.returnToForeground() }
            lockSentHome = false
        }
        return ""
    }

    /// What an archived session restores, for `:scenes`: the recipe and step (from 1) it saved.
    private func restoration(of session: SceneSession) -> AppDriver.Restoration {
        var (recipe, step): (String?, Int?) = (nil, nil)
        if let place = RecipePlace(session: session), let identifier = place.recipe {
            recipe = book.recipe(identifier: identifier)?.title ?? identifier
            step = place.step.map { $0 + 1 }
        }
        let restores = recipe.map { title in step.map { "\(title) at step \($0)" } ?? title } ?? "the recipe list"
        return AppDriver.Restoration(
            restores: restores, fields: [("recipe", recipe.map { .string($0) } ?? .null), ("step", step.map { .integer($0) } ?? .null)])
    }
}
