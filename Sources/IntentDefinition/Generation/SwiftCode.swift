import Foundation

/// Lines of Swift with indentation: what the emitters write into.
struct SwiftCode {
    private(set) var lines: [String] = []
    private var depth = 0

    /// Appends a line at the current indentation (an empty string adds an empty line).
    mutating func line(_ text: String) {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: depth) + text)
    }

    /// Appends `///` doc lines, one per line of `text`.
    mutating func doc(_ text: String) {
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
            line(part.isEmpty ? "///" : "/// \(part)")
        }
    }

    /// `header {`, the body one level in, `}`.
    mutating func block(_ header: String, _ body: (inout SwiftCode) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// A documented optional stored property: `/// doc`, `public var name: Type?`.
    mutating func optionalProperty(_ name: String, _ type: String, doc: String) {
        self.doc(doc.replacingNewlines)
        line("public var \(SwiftName.escaped(name)): \(type)?")
    }

    /// `switch subject {`, the cases at the switch's own level (Swift's style), `}`.
    mutating func switchBlock(_ subject: String, _ cases: [String]) {
        line("switch \(subject) {")
        for item in cases { line(item) }
        line("}")
    }

    /// The text, ending in a newline.
    var text: String { lines.joined(separator: "\n") + "\n" }
}

/// The `${name}` placeholders of a template, in order (`${recipe.name}` gives `recipe.name`).
func placeholders(in template: String) -> [String] {
    var names: [String] = []
    var rest = template[...]
    while let open = rest.range(of: "${") {
        guard let close = rest[open.upperBound...].firstIndex(of: "}") else { break }
        names.append(String(rest[open.upperBound..<close]))
        rest = rest[rest.index(after: close)...]
    }
    return names
}

/// The slot a `${path}` placeholder becomes in generated templates: a dotted path into a custom
/// type (`recipe.servings`) is written `recipe__servings`, since SceneIntents' slot names are
/// letters, digits and underscores.
func slotName(_ path: String) -> String { path.replacingOccurrences(of: ".", with: "__") }

/// `template` with every dotted placeholder renamed by `slotName(_:)`.
func slotTemplate(_ template: String) -> String {
    placeholders(in: template).filter { $0.contains(".") }.reduce(template) {
        $0.replacingOccurrences(of: "${\($1)}", with: "${\(slotName($1))}")
    }
}

/// The text between and around placeholders (the literal parts), in order.
func literalParts(of template: String) -> [Substring] {
    var parts: [Substring] = []
    var rest = template[...]
    while let open = rest.range(of: "${"), let close = rest[open.upperBound...].firstIndex(of: "}") {
        parts.append(rest[..<open.lowerBound])
        rest = rest[rest.index(after: close)...]
    }
    parts.append(rest)
    return parts
}
