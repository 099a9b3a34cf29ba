import Assistant
import HydratorKit
import SceneIntents

/// What an assistant in front of Hydrator is made from: its words, its own lines, and a
/// connection to the app in this process. The app (`HydratorKit`) knows none of it.
extension HydratorApp {
    /// The assistant's vocabulary of `words()`.
    public nonisolated static func vocabulary() throws -> Vocabulary {
        try Vocabulary(words(), catalog: catalog)
    }

    /// The assistant's lines with Hydrator's replacements (`dialogReplacements`).
    ///
    /// - Throws: `DialogTableError` when a replacement uses a slot its line does not have;
    ///   `HydratorDialogError` when it names no line the assistant says.
    public nonisolated static func dialogs() throws -> DialogTable {
        var replacements: [DialogLine: String] = [:]
        for (name, template) in dialogReplacements {
            guard let line = DialogLine(rawValue: name) else { throw HydratorDialogError(name: name) }
            replacements[line] = template
        }
        return try DialogTable(replacements)
    }

    /// A connection to this app in this process.
    public func connect() -> InProcessConnection {
        InProcessConnection(host: host, appName: Self.name)
    }

    /// An assistant for this app, over `connection` (by default a new one, `connect()`), saying
    /// Hydrator's lines (`dialogs()`) unless `configuration` already replaced some.
    public func makeAssistant(
        user: any UserAgent, clock: BudgetClock, configuration: AssistantConfiguration = AssistantConfiguration(),
        connection: InProcessConnection? = nil
    ) throws -> Assistant {
        var configuration = configuration
        if configuration.dialogs == .defaults { configuration.dialogs = try Self.dialogs() }
        return Assistant(
            connection: connection ?? connect(), user: user, device: device, clock: clock,
            vocabulary: try Self.vocabulary(), configuration: configuration)
    }
}

/// A replacement in `HydratorApp.dialogReplacements` names no line the assistant says.
public struct HydratorDialogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name that is no line.
    public let name: String

    /// One line naming it.
    public var description: String { "'\(name)' in HydratorApp.dialogReplacements is not a line of the assistant" }
}
