import SceneIntents
import SceneIntentsCommandLine

/// The app-side commands of the `hydrator` shell, run where the app is: in the shell's process,
/// or in `hydrator-app` through `HostEndpoint.onCommand`. Each answers the text to print.
///
/// Lines: `:open` (the user opens the app), `:home` (it goes to the background), `:add` / `:back`
/// (the Add screen, and back to Today), `:pick N` and `:ounces N` on the Add screen, `:save` (the
/// Add screen's drink, saved durably), `:screen` (the foreground screen as text), `:scenes` (the
/// process and its windows), `:quit`.
@MainActor
public final class HydratorAppDriver {
    /// The app it drives.
    public let application: Application

    /// What `:screen` prints when the app is not running.
    public static let notRunningLine = "(\(HydratorApp.name) is not running.)"

    /// A driver for Hydrator's `application` (its host's, in the app's own process).
    public init(application: Application) {
        self.application = application
    }

    /// Carries out one line; answers what it printed ("" for nothing).
    ///
    /// - Throws: `AppCommandError` naming what is wrong; the app is left as it was.
    public func run(_ line: String) async throws(AppCommandError) -> String {
        let words = line.split(separator: " ").map(String.init)
        let name = words.first ?? ""
        let argument = words.count == 2 ? Self.wholeNumber(words[1]) : nil
        let takesNumber = [":pick", ":ounces"].contains(name)
        guard takesNumber ? argument != nil : words.count == 1 || name == ":close" else {
            throw AppCommandError(
                .badArgument, line, takesNumber ? "Type \(name) and a whole number, as in \(name) 2." : "\(name) takes nothing after it.")
        }
        do {
            switch name {
            case ":open": try application.userOpensApp()
            case ":home": try application.moveToBackground()
            case ":add": try navigation(line).push(AddViewController(handler: try delegate(line).handler))
            case ":back": _ = try navigation(line).pop()
            case ":pick":
                if let problem = try addScreen(line).pick(argument ?? 0, said: words[1]) { throw AppCommandError(.badArgument, line, problem) }
            case ":ounces": try addScreen(line).enter(ounces: argument ?? 0)
            case ":save": return await (try addScreen(line)).save()
            case ":screen": return screen()
            case ":scenes":
                return SceneListing.lines(HydratorApp.name, application: application, json: false) {
                    ($0.visibleViewController as? (any HydratorScreen))?.heading ?? "nothing"
                }
            case ":close":
                try application.userCloses(
                    try SessionClosing.session(line, arguments: Array(words.dropFirst()), in: application, appName: HydratorApp.name))
            case ":quit":
                guard application.isRunning else { throw Self.notRunning(line) }
                application.terminate()
            default: throw AppCommandError(.unknownCommand, line, "\(HydratorApp.name) takes no command \(name).")
            }
        } catch let error as AppCommandError {
            throw error
        } catch {
            throw AppCommandError(.refused, line, "\(error)")
        }
        return ""
    }

    /// `text` as a whole number; digits past `Int`'s range are clamped to it, so that they are
    /// refused for what they are (too many ounces, no such drink), not as "not a number".
    static func wholeNumber(_ text: String) -> Int? {
        if let number = Int(text) { return number }
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return text.first == "-" ? Int.min : Int.max
    }

    /// The Add screen on top.
    public func addScreen(_ line: String) throws(AppCommandError) -> AddViewController {
        guard let add = try navigation(line).topViewController as? AddViewController else {
            throw AppCommandError(.nothingToActOn, line, "The Add screen is not open; type :add first.")
        }
        return add
    }

    /// The foreground scene's screen as text, or why there is none.
    public func screen() -> String {
        guard application.isRunning else { return Self.notRunningLine }
        guard let scene = application.mostRecentlyActiveScene, scene.activationState.isForeground,
            let screen = scene.visibleViewController as? (any HydratorScreen)
        else { return "(\(HydratorApp.name) is in the background.)" }
        return ScreenFrame.render(heading: screen.heading, badge: scene.session.persistentIdentifier, lines: screen.lines())
    }

    private func delegate(_ line: String) throws(AppCommandError) -> HydratorAppDelegate {
        guard let delegate = application.delegate as? HydratorAppDelegate else { throw Self.notRunning(line) }
        return delegate
    }

    private func navigation(_ line: String) throws(AppCommandError) -> NavigationController {
        guard let scene = application.mostRecentlyActiveScene, scene.activationState.isForeground,
            let navigation = scene.rootViewController as? NavigationController
        else { throw AppCommandError(.nothingToActOn, line, "\(HydratorApp.name) is not on screen; type :open first.") }
        return navigation
    }

    private static func notRunning(_ line: String) -> AppCommandError {
        AppCommandError(.nothingToActOn, line, "\(HydratorApp.name) is not running.")
    }
}
