import Foundation
import SceneIntents
import SceneIntentsCommandLine

/// The app-side half of the shell's commands, run where the app is: in the shell's process, or
/// in the app's own process through `HostEndpoint.onCommand` (`SystemEvent.command`). Each line
/// comes back as the text the shell prints (JSON Lines when `json`), or an `AppCommandError`.
///
/// Lines: `:open`, `:tap N`, `:back`, `:home`, `:new-window`, `:close [N]`, `:scenes`, `:quit`, and
/// two the shell sends on its own: `:screen` (the foreground screen, framed) and `:lock` /
/// `:unlock` (the app's device, and the scenes a lock sends to the background).
@MainActor
public final class RecipeAppDriver {
    /// The app it drives.
    public let app: RecipeAssistantApp
    /// Whether output is JSON Lines.
    public let json: Bool
    var lockSentHome = false

    /// What `:screen` prints when the app is not running (also said by a shell whose app has no
    /// process).
    public static let notRunningLine = "(\(RecipeAssistantApp.name) is not running.)"

    /// A driver for `app`.
    public init(app: RecipeAssistantApp, json: Bool) {
        self.app = app
        self.json = json
    }

    /// Carries out one line and answers what it printed ("" for nothing).
    ///
    /// - Throws: `AppCommandError` naming what is wrong; the app is left as it was.
    public func run(_ line: String) throws(AppCommandError) -> String {
        let words = line.split(separator: " ").map(String.init)
        let arguments = Array(words.dropFirst())
        let name = words.first ?? ""
        if name != ":tap" && name != ":close" && !arguments.isEmpty {
            throw AppCommandError(.badArgument, line, "\(name) takes nothing after it; type \(name) alone.")
        }
        let application = app.application
        do {
            switch name {
            case ":open": try application.userOpensApp()
            case ":tap": return try tap(arguments)
            case ":back": return try back()
            case ":home": try application.moveToBackground()
            case ":new-window":
                guard application.isRunning else { throw Self.notRunning(line, ":open it first") }
                try application.userOpensNewWindow()
            case ":close":
                try application.userCloses(
                    try SessionClosing.session(line, arguments: arguments, in: application, appName: RecipeAssistantApp.name))
            case ":scenes": return scenes()
            case ":quit":
                guard application.isRunning else { throw Self.notRunning(line, nil) }
                application.terminate()
            case ":screen": return screen()
            case ":lock": try lock(true)
            case ":unlock": try lock(false)
            default:
                throw AppCommandError(.unknownCommand, line, "\(RecipeAssistantApp.name) takes no command \(name).")
            }
        } catch let error as AppCommandError {
            throw error
        } catch {
            throw AppCommandError(.refused, line, "\(error)")
        }
        return ""
    }

    /// The refusal of `line` while the app is not running, with `advice` if there is any.
    package static func notRunning(_ line: String, _ advice: String?) -> AppCommandError {
        AppCommandError(
            .nothingToActOn, line, "\(RecipeAssistantApp.name) is not running" + (advice.map { "; \($0)." } ?? "."))
    }

    /// A command's feedback: the sentence, or `{"message": …}` in JSON mode.
    func note(_ message: String) -> String {
        json ? JSONScalar.object(["message": .string(message)]) : message
    }

    /// The app's device follows the system's; a lock sends the scenes on screen to the
    /// background, and the unlock brings back the ones it sent.
    private func lock(_ locked: Bool) throws {
        let application = app.application
        app.device.isLocked = locked
        if locked {
            if application.isRunning && application.connectedScenes.contains(where: { $0.activationState.isForeground }) {
                try application.moveToBackground()
                lockSentHome = true
            }
        } else {
            if lockSentHome && application.isRunning { try application.returnToForeground() }
            lockSentHome = false
        }
    }

    /// The foreground scene's screen, framed; or why there is none.
    private func screen() -> String {
        let application = app.application
        guard application.isRunning else { return Self.notRunningLine }
        guard let scene = application.mostRecentlyActiveScene, scene.activationState.isForeground,
            let screen = scene.visibleViewController as? (any RecipeScreen)
        else {
            return "(\(RecipeAssistantApp.name) is in the background.)"
        }
        let windows = application.connectedScenes.count
        let badge = windows > 1 ? "\(scene.session.persistentIdentifier) of \(windows)" : scene.session.persistentIdentifier
        return ScreenFrame.render(heading: screen.heading, badge: badge, lines: screen.lines())
    }
}
