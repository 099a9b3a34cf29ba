/// Draws a screen as a framed block of text, 64 columns wide: a heading with a badge at its
/// right (a scene's name), a rule, then the lines, word-wrapped inside the frame.
public enum ScreenFrame {
    /// The frame's width in columns, borders included.
    public static let width = 64

    /// The framed block; a heading too long for the frame is cut with an ellipsis.
    public static func render(heading: String, badge: String, lines: [String]) -> String {
        let inner = width - 4
        var rows = ["┌" + String(repeating: "─", count: width - 2) + "┐"]
        let spaceForHeading = max(1, inner - badge.count - 1)
        let title = heading.count > spaceForHeading ? String(heading.prefix(spaceForHeading - 1)) + "…" : heading
        rows.append("│ " + pad(title, to: inner - badge.count) + badge + " │")
        rows.append("├" + String(repeating: "─", count: width - 2) + "┤")
        for line in lines {
            for piece in wrap(line, width: inner) { rows.append("│ " + pad(piece, to: inner) + " │") }
        }
        rows.append("└" + String(repeating: "─", count: width - 2) + "┘")
        return rows.joined(separator: "\n")
    }

    private static func pad(_ text: String, to width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// Word-wraps a line to `width` columns; continuation lines keep the line's indentation
    /// plus two spaces. A single word longer than `width` is left whole.
    public static func wrap(_ line: String, width: Int) -> [String] {
        guard line.count > width else { return [line] }
        let indent = String(line.prefix { $0 == " " })
        var rows: [String] = []
        var current = ""
        for word in line.split(separator: " ") {
            let candidate = current.isEmpty ? (rows.isEmpty ? indent : indent + "  ") + word : current + " " + word
            if candidate.count > width && !current.isEmpty {
                rows.append(current)
                current = indent + "  " + word
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { rows.append(current) }
        return rows
    }
}
