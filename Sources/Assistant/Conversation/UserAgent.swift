import Foundation
import SceneIntents

/// Something the assistant asks the user.
public enum Prompt: Sendable, Equatable, CustomStringConvertible {
    /// A value for a parameter, with the spoken question.
    case value(parameter: ParameterName, question: String)
    /// A pick among candidates: one page of them, numbered from `firstNumber`; `headings` puts a
    /// section title before the item at that offset of the page; `more` is the line ending a
    /// page that has more after it (nil on the last page).
    case pick(
        parameter: ParameterName, introduction: String, items: [DisplayItem], headings: [Int: String], firstNumber: Int,
        more: String?)
    /// A yes or no about a parameter's value.
    case confirmation(parameter: ParameterName, question: String)
    /// A yes or no about the whole request, before it is handled: `intent` is its type name.
    case intentConfirmation(intent: String, question: String)
    /// Which of several interpretations of an utterance was meant.
    case chooseInterpretation(question: String, options: [String])
    /// One of the options the app offers (`IntentQuestion.Kind.choice`): `intent` is its type name.
    case choice(intent: String, question: String, options: [String])

    /// The prompt as the assistant says it, candidates included.
    public var spoken: String {
        switch self {
        case .value(_, let question), .confirmation(_, let question), .intentConfirmation(_, let question): return question
        case .pick(_, let introduction, let items, let headings, let first, let more):
            var lines = [introduction]
            for (offset, item) in items.enumerated() {
                if let heading = headings[offset] { lines.append("\(heading):") }
                let subtitle = item.subtitle.map { " (\($0))" } ?? ""
                lines.append("\(first + offset). \(item.title)\(subtitle)")
            }
            if let more { lines.append(more) }
            return lines.joined(separator: "\n")
        case .chooseInterpretation(let question, let options), .choice(_, let question, let options):
            return ([question] + options.enumerated().map { "\($0.offset + 1). \($0.element)" })
                .joined(separator: "\n")
        }
    }

    /// One line for logs and messages.
    public var description: String { spoken }
}

/// What the user answers.
public enum Reply: Sendable, Equatable, CustomStringConvertible {
    /// Words (a value, or a candidate's title).
    case text(String)
    /// A candidate's number, as listed.
    case pick(Int)
    /// The next page of candidates.
    case more
    /// Yes.
    case yes
    /// No.
    case no
    /// Stop the exchange.
    case cancel

    /// Reads a typed or spoken answer: a number or an ordinal picks ("3", "3.", "three", "the
    /// third"), "more", "yes"/"no", "cancel"/"stop"; anything else is text.
    public init(parsing text: String) {
        let words = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch words {
        case "more", "next", "next page": self = .more
        case "yes", "y", "yeah", "yep", "sure", "ok", "okay": self = .yes
        case "no", "n", "nope": self = .no
        case "cancel", "stop", "never mind", "nevermind": self = .cancel
        default:
            if let number = Ordinal.number(in: words) {
                self = .pick(number)
            } else {
                self = .text(text.trimmingCharacters(in: .whitespaces))
            }
        }
    }

    /// One line for logs and messages.
    public var description: String {
        switch self {
        case .text(let text): text
        case .pick(let number): String(number)
        case .more: "more"
        case .yes: "yes"
        case .no: "no"
        case .cancel: "cancel"
        }
    }
}

/// The user, as the assistant sees them: hears what it says and answers its prompts.
///
/// The terminal, a script and a test double implement it; the assistant never reads input itself.
public protocol UserAgent: Sendable {
    /// The assistant says a line.
    func hear(_ line: String) async
    /// The assistant asks; the user answers.
    func answer(_ prompt: Prompt) async -> Reply
}
