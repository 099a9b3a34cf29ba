import Assistant

/// A trace as text a test can compare: lines without instants, and a readable diff when a
/// golden trace does not match.
public enum TraceText {
    /// Each event as `"kind: detail"`, in order, without its instant.
    public static func lines(of trace: Trace) -> [String] {
        trace.events.map { "\($0.kind.rawValue): \($0.detail)" }
    }

    /// Nil when the lines are equal, else a diff naming each difference: `-` lines expected and
    /// missing, `+` lines present and not expected, with the line number in `expected` where
    /// they differ. Use it as the comment of an expectation:
    /// `#expect(TraceText.diff(golden, harness.traceLines) == nil)`.
    public static func diff(_ expected: [String], _ actual: [String]) -> String? {
        guard expected != actual else { return nil }
        // The longest common subsequence table, from the end, so the walk below goes forward.
        let (n, m) = (expected.count, actual.count)
        var common = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                common[i][j] = expected[i] == actual[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var out: [String] = []
        var (i, j) = (0, 0)
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                (i, j) = (i + 1, j + 1)
            } else if j < m, i == n || common[i][j + 1] >= common[i + 1][j] {
                out.append("\(i + 1) + \(actual[j])")
                j += 1
            } else {
                out.append("\(i + 1) - \(expected[i])")
                i += 1
            }
        }
        return out.joined(separator: "\n")
    }
}
