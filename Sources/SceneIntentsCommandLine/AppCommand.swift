import SceneIntents

/// One command of an app's driver (`AppDriver`), declared once: its name, argument and summary
/// (from which the driver refuses a wrong line and `:help` lists it) and what it does.
///
/// The argument rule, one for every command: a command without an `argument` takes nothing
/// after its name; otherwise each word of the argument's placeholder is one word of the line
/// (`KIND NAME`: two), and a placeholder in square brackets (`[N]`) may be left out. A line with
/// another number of words is refused before the action runs with the command's own message
/// (`badArgument(_:)`), which an action also throws for a word it cannot take.
public struct AppCommand: Sendable {
    /// What a command takes after its name.
    public struct Argument: Sendable, Equatable {
        /// As help shows it: `N`, `[N]`, `KIND NAME`.
        public let placeholder: String
        /// What a wrong line is told it needs: "a row number".
        public let meaning: String
        /// The words of an example after the command's name: "1".
        public let example: String

        /// An argument shown as `placeholder`, explained as `meaning`, with an `example`.
        public init(_ placeholder: String, _ meaning: String, example: String) {
            self.placeholder = placeholder
            self.meaning = meaning
            self.example = example
        }

        /// Whether it may be left out (its placeholder is in square brackets).
        public var isOptional: Bool { placeholder.hasPrefix("[") && placeholder.hasSuffix("]") }
    }

    /// What an action is given: the line, its words after the name, and the driver (its
    /// application, name and output mode).
    public struct Call: Sendable {
        /// The whole line (":tap 3").
        public let line: String
        /// The words after the command's name (["3"]).
        public let arguments: [String]
        /// The command called.
        public let command: AppCommand
        /// The driver running it.
        public let driver: AppDriver

        /// The command's refusal of this line's argument (`AppCommand.badArgument(_:)`).
        public func badArgument() -> AppCommandError { command.badArgument(line) }

        /// The argument word at `index` as a whole number (an optional sign, then digits).
        /// Digits past `Int`'s range are clamped to it, so that the action refuses them for what
        /// they are (no such row, too many), not as "not a number".
        ///
        /// - Throws: `badArgument()` when the word is missing or not a whole number.
        public func wholeNumber(at index: Int = 0) throws(AppCommandError) -> Int {
            guard arguments.indices.contains(index) else { throw badArgument() }
            let text = arguments[index]
            if let number = Int(text) { return number }
            let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw badArgument() }
            return text.first == "-" ? Int.min : Int.max
        }
    }

    /// What a command does: it answers the text to print ("" for nothing) or throws to refuse
    /// (an `AppCommandError` as it is; any other error becomes one, `refused`, worded by its
    /// description).
    public typealias Action = @MainActor @Sendable (Call) async throws -> String

    /// The command as typed (":tap").
    public let name: String
    /// What it takes after its name; nil: nothing.
    public let argument: Argument?
    /// What it does, one sentence.
    public let summary: String
    /// What it does.
    public let action: Action

    /// A command named `name` (":" is added when missing).
    public init(_ name: String, argument: Argument? = nil, _ summary: String, action: @escaping Action) {
        self.name = name.hasPrefix(":") ? name : ":" + name
        self.argument = argument
        self.summary = summary
        self.action = action
    }

    /// The name with its argument (":tap N"), as help shows it.
    public var usage: String { argument.map { "\(name) \($0.placeholder)" } ?? name }

    /// The refusal of `line`'s argument: ":tap needs a row number, for example :tap 1." (for
    /// an argument that may be left out, "takes"; for a command without one, ":home takes
    /// nothing after it; type :home alone.").
    public func badArgument(_ line: String) -> AppCommandError {
        guard let argument else {
            return AppCommandError(.badArgument, line, "\(name) takes nothing after it; type \(name) alone.")
        }
        let verb = argument.isOptional ? "takes" : "needs"
        return AppCommandError(.badArgument, line, "\(name) \(verb) \(argument.meaning), for example \(name) \(argument.example).")
    }

    /// Whether a line with `count` words after the name fits the argument rule.
    func accepts(_ count: Int) -> Bool {
        guard let argument else { return count == 0 }
        return count == argument.placeholder.split(separator: " ").count || (argument.isOptional && count == 0)
    }
}
