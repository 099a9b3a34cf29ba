/// A text with `${name}` slots: dialog and prompt templates, response templates and vocabulary
/// phrases all use this one type, so every place reads slots the same way.
///
/// A slot name is letters, digits and underscores. `Template(_:)` is lenient (for rendering
/// text an app wrote: a malformed `${…` stays as text, so a mistake shows instead of vanishing);
/// `Template.parse(_:)` is strict and says what is wrong.
public struct Template: Sendable, Hashable, CustomStringConvertible {
    /// One piece of a template.
    public enum Segment: Sendable, Hashable {
        /// Text as written.
        case text(String)
        /// A slot, by name.
        case slot(String)
    }

    /// The template as written.
    public let source: String
    /// Text and slots, in order; two text segments never follow each other.
    public let segments: [Segment]

    /// A template read leniently: a malformed slot is kept as text.
    public init(_ source: String) {
        self.source = source
        var segments: [Segment] = []
        for piece in Self.scan(source) {
            switch piece {
            case .slot(let name): segments.append(.slot(name))
            case .text(let text), .malformed(let text, _):
                if case .text(let before)? = segments.last {
                    segments[segments.count - 1] = .text(before + text)
                } else if !text.isEmpty {
                    segments.append(.text(text))
                }
            }
        }
        self.segments = segments
    }

    /// A template read strictly.
    ///
    /// - Throws: `TemplateError` naming the first malformed slot.
    public static func parse(_ source: String) throws(TemplateError) -> Template {
        for piece in scan(source) {
            if case .malformed(_, let error) = piece {
                throw TemplateError(code: error.code, template: source, slot: error.slot)
            }
        }
        return Template(source)
    }

    /// The slot names, in order of appearance (a name used twice appears twice).
    public var slotNames: [String] {
        segments.compactMap { if case .slot(let name) = $0 { name } else { nil } }
    }

    /// The text with each slot replaced by `values[name]`; a slot with no value is left as
    /// `${name}`, so a missing value shows instead of vanishing.
    public func render(_ values: [String: String]) -> String {
        var result = ""
        for segment in segments {
            switch segment {
            case .text(let text): result += text
            case .slot(let name): result += values[name] ?? "${\(name)}"
            }
        }
        return result
    }

    /// The template as a user would say it: each slot becomes "…".
    public var spoken: String { render(slotNames.reduce(into: [:]) { $0[$1] = "…" }) }

    /// The template as written.
    public var description: String { source }

    private enum Piece {
        case text(String)
        case slot(String)
        case malformed(String, (code: TemplateError.Code, slot: String))
    }

    /// Splits `source` at each `${`; a slot ends at `}` and may not contain another `${`.
    private static func scan(_ source: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = source[...]
        while let open = rest.range(of: "${") {
            pieces.append(.text(String(rest[..<open.lowerBound])))
            let afterOpen = rest[open.upperBound...]
            let nextOpen = afterOpen.range(of: "${")?.lowerBound ?? afterOpen.endIndex
            guard let close = afterOpen[..<nextOpen].firstIndex(of: "}") else {
                let name = String(afterOpen[..<nextOpen])
                pieces.append(.malformed("${" + name, (.unclosedSlot, name)))
                rest = afterOpen[nextOpen...]
                continue
            }
            let name = String(afterOpen[..<close])
            if name.isEmpty {
                pieces.append(.malformed("${}", (.emptySlotName, name)))
            } else if !name.unicodeScalars.allSatisfy(isSlotNameScalar) {
                pieces.append(.malformed("${\(name)}", (.invalidSlotName, name)))
            } else {
                pieces.append(.slot(name))
            }
            rest = afterOpen[afterOpen.index(after: close)...]
        }
        pieces.append(.text(String(rest)))
        return pieces
    }

    private static func isSlotNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}

/// Why a template could not be read strictly.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Code: String, Sendable, Equatable {
        /// `${name` with no closing brace.
        case unclosedSlot
        /// `${}`.
        case emptySlotName
        /// A slot name with characters other than letters, digits and underscores.
        case invalidSlotName
    }

    /// What is wrong.
    public var code: Code
    /// The template as written.
    public var template: String
    /// The slot's name as written (up to where it stopped).
    public var slot: String

    /// An error.
    public init(code: Code, template: String, slot: String) {
        self.code = code
        self.template = template
        self.slot = slot
    }

    /// A sentence saying what is wrong and how to fix it.
    public var description: String {
        switch code {
        case .unclosedSlot: "The slot \"${\(slot)\" is not closed; add \"}\" after its name."
        case .emptySlotName: "A slot has no name; write it as ${name}."
        case .invalidSlotName: "The slot name \"\(slot)\" may only contain letters, digits and underscores."
        }
    }
}
