/// How durations are written in the trace and in dialog: seconds with millisecond precision.
/// Public so every part of the system that names a budget writes it the same way.
public enum DurationFormat {
    /// Whole milliseconds (rounded down); nil when the duration is too long to count them.
    static func wholeMilliseconds(_ duration: Duration) -> Int64? {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return nil }
        return scaled.addingReportingOverflow(attoseconds / 1_000_000_000_000_000).overflow
            ? nil : scaled + attoseconds / 1_000_000_000_000_000
    }

    /// "12.345", or with `trimmed` "12.3" and "12". A duration too long for milliseconds is
    /// written in whole seconds.
    public static func seconds(_ duration: Duration, trimmed: Bool = true) -> String {
        guard let milliseconds = wholeMilliseconds(duration) else { return String(duration.components.seconds) }
        var fraction = String(milliseconds % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        if trimmed {
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if fraction.isEmpty { return String(milliseconds / 1000) }
        }
        return "\(milliseconds / 1000).\(fraction)"
    }
}
