import Foundation
import SceneIntents
import SceneIntentsCommandLine

/// The driver's commands that read the screen or the sessions.
extension RecipeAppDriver {
    private var isOnScreen: Bool {
        app.application.mostRecentlyActiveScene?.activationState.isForeground ?? false
    }

    /// Taps a row: any integer is accepted, and one that is not a row on screen (`Int.min`,
    /// `Int.max`, a number too long for `Int`) gets "no such row" before the screen sees it.
    func tap(_ arguments: [String]) throws(AppCommandError) -> String {
        guard arguments.count == 1, let typed = arguments.first, Self.isInteger(typed) else {
            throw AppCommandError(.badArgument, arguments.joined(separator: " "), ":tap needs a row number, for example :tap 1.")
        }
        guard isOnScreen, let screen = app.foregroundScreen else {
            throw AppCommandError(.nothingToActOn, typed, "Nothing is on screen to tap; :open the app first.")
        }
        let rows = Self.rows(of: screen.lines())
        guard let number = Int(typed), rows.contains(number) else {
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

    /// Whether the text is a whole number, however large: an optional sign and digits.
    static func isInteger(_ text: String) -> Bool {
        let digits = text.first.map { "+-".contains($0) } == true ? text.dropFirst() : text[...]
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The row numbers a screen shows (`[n]` at the start of a line), in order.
    static func rows(of lines: [String]) -> [Int] {
        lines.compactMap { line in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.first == "[", let close = trimmed.firstIndex(of: "]") else { return nil }
            return Int(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
        }
    }

    func back() throws(AppCommandError) -> String {
        guard isOnScreen, let navigation = app.application.mostRecentlyActiveScene?.rootViewController as? NavigationController
        else { throw AppCommandError(.nothingToActOn, ":back", "Nothing is on screen; :open the app first.") }
        return navigation.pop() == nil ? note("Already at the recipe list.") : ""
    }

    /// The app's process, then every session: a connected one's state and screen; an archived
    /// one's restoration (the recipe and step it comes back to).
    func scenes() -> String {
        SceneListing.lines(
            RecipeAssistantApp.name, application: app.application, json: json,
            showing: { ($0.visibleViewController as? (any RecipeScreen))?.heading ?? "nothing" },
            restoration: { session in
                let (recipe, step) = restoration(of: session)
                let restores = recipe.map { title in step.map { "\(title) at step \($0)" } ?? title } ?? "the recipe list"
                return SceneListing.Restoration(
                    restores: restores,
                    fields: [("recipe", recipe.map { .string($0) } ?? .null), ("step", step.map { .integer($0) } ?? .null)])
            })
    }

    /// The recipe title and step (from 1) an archived session restores, if it saved any.
    private func restoration(of session: SceneSession) -> (String?, Int?) {
        let place = RecipePlace(session: session)
        guard let place, let identifier = place.recipe else { return (nil, nil) }
        let title = app.book.recipe(identifier: identifier)?.title ?? identifier
        return (title, place.step.map { $0 + 1 })
    }
}
