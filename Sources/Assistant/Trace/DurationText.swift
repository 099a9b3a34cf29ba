extension Duration {
    /// Whole milliseconds (rounded down).
    var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }

    /// Seconds with millisecond precision: "12.345", or with `trimmed` "12.3" and "12".
    func secondsText(trimmed: Bool) -> String {
        let milliseconds = wholeMilliseconds
        var fraction = String(milliseconds % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        if trimmed {
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if fraction.isEmpty { return String(milliseconds / 1000) }
        }
        return "\(milliseconds / 1000).\(fraction)"
    }
}
