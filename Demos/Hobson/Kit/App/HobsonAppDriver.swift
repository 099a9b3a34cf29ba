import SceneIntents
import SceneIntentsFeatures

/// The app-side half of the demo's commands, run where the app is: in the shell's process, or in
/// `hobson-app` through `HostEndpoint.onCommand`; either way `run` is awaited until the action a
/// line performs has ended, and answers its timeline entry.
///
/// Lines: `:open`, `:screen`, `:tap N`, `:url URL`, `:timeline`, `:grant KIND NAME`,
/// `:revoke KIND NAME`.
@MainActor
public final class HobsonAppDriver {
    /// The app it drives.
    public let app: HobsonApp

    /// A driver for `app`.
    public init(app: HobsonApp) {
        self.app = app
    }

    /// Carries out one line and answers what it printed.
    ///
    /// - Throws: `HobsonCommandError` naming what is wrong; nothing was done.
    public func run(_ line: String) async throws(HobsonCommandError) -> [String] {
        let (name, arguments) = Self.split(line)
        switch name {
        case ":tap": return try await tap(try Self.one(arguments, line)).map { [$0.description] } ?? []
        case ":url": return [try await open(url: try Self.one(arguments, line)).description]
        default: return try now(name, arguments, line)
        }
    }

    private func now(_ name: String, _ arguments: [String], _ line: String) throws(HobsonCommandError) -> [String] {
        switch name {
        case ":open":
            do { try app.application.userOpensApp() } catch { throw HobsonCommandError(.refused, value: line, "\(error)") }
            return []
        case ":screen": return screen()
        case ":timeline":
            let entries = app.dispatcher.timeline.entries
            return entries.isEmpty ? ["No action has been performed yet."] : entries.map(\.description)
        case ":grant", ":revoke":
            guard arguments.count == 2 else {
                throw HobsonCommandError(.badArgument, value: line, "\(name) needs a kind (permission, purchase, toggle, flag) and a name.")
            }
            return [try setCondition(arguments[0], arguments[1], granted: name == ":grant")]
        default:
            throw HobsonCommandError(.badArgument, value: name, "\(HobsonApp.name) takes no command \(name).")
        }
    }

    /// The foreground screen's lines (heading first), or why there is none.
    func screen() -> [String] {
        guard app.application.isRunning else { return ["(\(HobsonApp.name) is not running.)"] }
        guard let screen = app.screen, app.application.mostRecentlyActiveScene?.activationState.isForeground == true else {
            return ["(\(HobsonApp.name) is in the background.)"]
        }
        return [screen.heading] + screen.lines()
    }

    private func tap(_ row: String) async throws(HobsonCommandError) -> TimelineEntry? {
        guard let screen = app.screen, app.application.mostRecentlyActiveScene?.activationState.isForeground == true else {
            throw HobsonCommandError(.nothingToActOn, value: row, "Nothing is on screen to tap; :open the app first.")
        }
        guard let number = Int(row), (1...3).contains(number) else {
            throw HobsonCommandError(.badArgument, value: row, "There is no row \(row); the rows are [1] to [3].")
        }
        do throws(DispatchError) { return try await screen.tap(number) } catch {
            throw HobsonCommandError(.refused, value: row, error.message)
        }
    }

    private func open(url: String) async throws(HobsonCommandError) -> TimelineEntry {
        do throws(DispatchError) { return try await app.dispatcher.open(url) } catch {
            throw HobsonCommandError(.badArgument, value: url, error.message)
        }
    }

    /// The app's conditions change, and it sets its suggestions again.
    private func setCondition(_ kind: String, _ name: String, granted: Bool) throws(HobsonCommandError) -> String {
        var conditions = app.dispatcher.conditions
        func change(_ set: inout Set<String>) { if granted { set.insert(name) } else { set.remove(name) } }
        switch kind {
        case "permission": change(&conditions.permissions)
        case "purchase": change(&conditions.purchases)
        case "toggle": change(&conditions.toggles)
        case "flag": change(&conditions.flags)
        default:
            throw HobsonCommandError(.badArgument, value: kind, "The kinds are permission, purchase, toggle and flag, not \(kind).")
        }
        app.dispatcher.conditions = conditions
        app.publishSuggestions()
        return "\(granted ? "Granted" : "Revoked") \(kind) \(name)."
    }

    private static func split(_ line: String) -> (String, [String]) {
        let words = line.split(separator: " ").map(String.init)
        return (words.first ?? "", Array(words.dropFirst()))
    }

    private static func one(_ arguments: [String], _ line: String) throws(HobsonCommandError) -> String {
        guard arguments.count == 1 else { throw HobsonCommandError(.badArgument, value: line, "\(line) needs one argument.") }
        return arguments[0]
    }
}
