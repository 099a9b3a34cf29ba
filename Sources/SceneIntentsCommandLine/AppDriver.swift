import SceneIntents

/// A screen that can be read as text: what `:screen` draws (its heading over its lines, framed)
/// and what `:scenes` says a window is showing (its heading). An app's view controllers adopt it.
@MainActor
public protocol TextScreen: AnyObject {
    /// The screen's heading.
    var heading: String { get }
    /// The screen's body, one line per row.
    func lines() -> [String]
}

/// An app's command driver: lines that act on the app as a user of the device would, run where
/// the app is (in its REPL's process, or in its own through its host's `HostedApp.commands`).
/// Every app gets the standard commands (`AppCommand.standard`) and adds its own, each declared
/// once (`AppCommand`), so `:help` lists them all. A line is a command's name and the words after
/// it (split at spaces), at most `maximumLineLength` UTF-8 bytes; it answers the text to print,
/// or throws an `AppCommandError` naming the line and what is wrong (the app left as it was).
@MainActor
public final class AppDriver {
    /// The longest line taken, in UTF-8 bytes; a longer one is refused (`badArgument`).
    public static let maximumLineLength = 4096

    /// The app's name, as its messages say it ("Recipe Assistant is not running.").
    public let name: String
    /// The app it drives.
    public let application: Application
    /// Whether output is JSON Lines (`:scenes`, `:help` and `note(_:)`): one object per line.
    public let json: Bool
    /// Every command, in help order: the standard ones, then the app's. An app's command named
    /// as a standard one takes its place; of two with one name, the first counts.
    public let commands: [AppCommand]
    let restoration: @MainActor (SceneSession) -> Restoration?

    /// A driver for `application`, named `name`, with the app's own `commands`.
    ///
    /// - Parameter restoration: what an archived session comes back to, for `:scenes` (nil:
    ///   it says only that the session is archived).
    public init(
        name: String, application: Application, json: Bool = false, commands: [AppCommand] = [],
        restoration: @escaping @MainActor (SceneSession) -> Restoration? = { _ in nil }
    ) {
        self.name = name
        self.application = application
        self.json = json
        self.restoration = restoration
        let standard = AppCommand.standard.map { command in commands.first { $0.name == command.name } ?? command }
        self.commands = standard + commands.filter { own in !standard.contains { $0.name == own.name } }
    }

    /// Carries out one line and answers what it printed ("" for nothing).
    ///
    /// - Throws: `AppCommandError`: `unknownCommand` for a name no command has, `badArgument`
    ///   for a line the argument rule refuses (see `AppCommand`) or a line too long, and what
    ///   the action threw.
    public func run(_ line: String) async throws(AppCommandError) -> String {
        guard line.utf8.count <= Self.maximumLineLength else {
            throw AppCommandError(.badArgument, String(line.prefix(40)) + "…", "A command line is at most \(Self.maximumLineLength) bytes long.")
        }
        let words = line.split(separator: " ").map(String.init)
        let typed = words.first ?? ""
        guard let command = commands.first(where: { $0.name == typed }) else {
            throw AppCommandError(.unknownCommand, line, "\(name) takes no command \(typed).")
        }
        let call = AppCommand.Call(line: line, arguments: Array(words.dropFirst()), command: command, driver: self)
        guard command.accepts(call.arguments.count) else { throw call.badArgument() }
        do {
            return try await command.action(call)
        } catch let error as AppCommandError {
            throw error
        } catch {
            throw AppCommandError(.refused, line, "\(error)")
        }
    }

    /// `:help`: one line per command, its usage and summary aligned.
    public var helpLines: [String] {
        ShellText.table(commands.map { ($0.usage, $0.summary) })
    }

    /// The foreground scene (the most recently active one, while it is in the foreground).
    public var foregroundScene: Scene? {
        application.mostRecentlyActiveScene.flatMap { $0.activationState.isForeground ? $0 : nil }
    }

    /// The screen on top of the foreground scene, when it reads as text.
    public var foregroundScreen: (any TextScreen)? {
        foregroundScene?.visibleViewController as? any TextScreen
    }

    /// The refusal of `line` while the app is not running, with `advice` if there is any
    /// ("Recipe Assistant is not running; :open it first.").
    public func notRunning(_ line: String, advice: String? = nil) -> AppCommandError {
        AppCommandError(.nothingToActOn, line, "\(name) is not running" + (advice.map { "; \($0)." } ?? "."))
    }

    /// A command's feedback: the sentence, or `{"message": …}` in JSON mode.
    public func note(_ message: String) -> String {
        json ? JSONScalar.object(["message": .string(message)]) : message
    }

    /// What `:screen` answers for an app named `name` that is not running (also what a REPL
    /// says for an app without a process).
    public nonisolated static func notRunningLine(_ name: String) -> String {
        "(\(name) is not running.)"
    }

    /// The identifier `:close N` names ("session-N"), for a front end that closes a session
    /// through the system.
    ///
    /// - Throws: `AppCommand.close`'s `badArgument` when N is not a whole number from 1.
    public nonisolated static func sessionIdentifier(_ line: String, number: String) throws(AppCommandError) -> String {
        guard let value = Int(number), value > 0 else { throw AppCommand.close.badArgument(line) }
        return "session-\(value)"
    }

    /// What an archived session comes back to, as the app words it for `:scenes`.
    public struct Restoration: Sendable {
        /// The sentence's end ("Banana Pancakes at step 2").
        public var restores: String
        /// The same as JSON fields (`recipe`, `step`).
        public var fields: [(String, JSONScalar)]

        /// A restoration worded `restores`, with the same as JSON `fields`.
        public init(restores: String, fields: [(String, JSONScalar)] = []) {
            self.restores = restores
            self.fields = fields
        }
    }
}
