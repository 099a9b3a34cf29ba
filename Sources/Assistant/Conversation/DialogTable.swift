import SceneIntents

/// The lines the assistant says when the app gives no dialog of its own: the defaults, with an
/// app's replacements.
///
/// Each replacement is checked when it is made: it must say something, its `${slot}`s must be
/// well formed and each must be one of its line's ``DialogLine/slots``, so a misspelt slot is an
/// error naming the line instead of a `${…}` the user hears.
///
/// ```swift
/// var dialogs = DialogTable()
/// try dialogs.replace(.didNotGetValue, with: "Hmm, ${app} needs a number. Try ${examples}.")
/// configuration.dialogs = dialogs
/// ```
public struct DialogTable: Sendable, Equatable {
    /// The templates, one per line. Copies share the storage, so an assistant with the defaults
    /// reads the one table every other such assistant reads.
    private var templates: [DialogLine: Template]

    /// The defaults, parsed once.
    private static let defaultTemplates: [DialogLine: Template] = Dictionary(
        uniqueKeysWithValues: DialogLine.allCases.map { ($0, Template($0.defaultTemplate)) })

    /// Every line as its default says it.
    public static let defaults = DialogTable(templates: defaultTemplates)

    private init(templates: [DialogLine: Template]) { self.templates = templates }

    /// Every line as its default says it.
    public init() { self = .defaults }

    /// The defaults with `replacements` in place of their lines.
    ///
    /// - Throws: ``DialogTableError`` for the first replacement (in ``DialogLine`` order) that
    ///   is empty, has a malformed slot or uses a slot its line does not have.
    public init(_ replacements: [DialogLine: String]) throws(DialogTableError) {
        self = .defaults
        for line in DialogLine.allCases {
            if let template = replacements[line] { try replace(line, with: template) }
        }
    }

    /// Says `template` instead of the line's default.
    ///
    /// - Throws: ``DialogTableError``: `emptyLine` for a template with nothing to say,
    ///   `malformedSlot` for a `${…}` that is not closed or not a name, `unknownSlot` for a slot
    ///   the line does not have (the error names the line, the slot and the line's slots).
    public mutating func replace(_ line: DialogLine, with template: String) throws(DialogTableError) {
        guard !template.allSatisfy(\.isWhitespace) else {
            throw DialogTableError(
                code: .emptyLine, line: line, template: template,
                message: "the line \(line) would say nothing: give it words, or leave its default")
        }
        let parsed: Template
        do {
            parsed = try Template.parse(template)
        } catch {
            throw DialogTableError(code: .malformedSlot, line: line, template: template, message: error.description)
        }
        let slots = line.slots
        if let unknown = parsed.slotNames.first(where: { !slots.contains($0) }) {
            throw DialogTableError(
                code: .unknownSlot, line: line, template: template,
                message: "the slot ${\(unknown)} is not a slot of the line \(line): its slots are "
                    + slots.map { "${\($0)}" }.joined(separator: ", "))
        }
        templates[line] = parsed
    }

    /// Puts the line's default back.
    public mutating func restore(_ line: DialogLine) {
        templates[line] = Self.defaultTemplates[line]
    }

    /// The template said for `line`.
    public func template(for line: DialogLine) -> Template {
        templates[line] ?? Template(line.defaultTemplate)
    }

    /// The lines whose template is not their default, in ``DialogLine`` order.
    public var replacedLines: [DialogLine] {
        DialogLine.allCases.filter { templates[$0] != Self.defaultTemplates[$0] }
    }

    /// The line with its slots filled; `values` is only called for a template with slots, so a
    /// line of plain words is said without building anything.
    func render(_ line: DialogLine, _ values: () -> [String: String]) -> String {
        let template = template(for: line)
        if template.segments.count == 1, case .text(let text) = template.segments[0] { return text }
        return template.render(values())
    }
}

/// Why ``DialogTable/replace(_:with:)`` refused a replacement line.
public struct DialogTableError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of mistake.
    public enum Code: String, Sendable, Equatable, Codable {
        /// The template is empty or blank.
        case emptyLine
        /// A `${…}` is not closed, or its name is empty or not letters, digits and underscores.
        case malformedSlot
        /// A slot is not one of the line's ``DialogLine/slots``.
        case unknownSlot
    }

    /// The kind of mistake.
    public var code: Code
    /// The line the template was meant for.
    public var line: DialogLine
    /// The template as it was given.
    public var template: String
    /// What is wrong and how to fix it, for a developer reading a log.
    public var message: String

    /// An error; `message` should say how to fix the template.
    public init(code: Code, line: DialogLine, template: String, message: String) {
        self.code = code
        self.line = line
        self.template = template
        self.message = message
    }

    /// The message followed by the offending template.
    public var description: String { "\(message) (template: \"\(template)\")" }
}
