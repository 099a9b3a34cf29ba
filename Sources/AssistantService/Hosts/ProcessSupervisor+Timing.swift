import Foundation

/// The graces a supervisor gives a host, and how it writes a duration in the trace.
extension ProcessSupervisor {
    /// How long a host that closed its connection has to exit before it is killed.
    static let closingGrace = Duration.seconds(2)
    /// How long the reader has, once a host exited, to deliver what it wrote before (bounds a
    /// stray descriptor: the connection ends at once when the process is gone).
    static let drainGrace = Duration.seconds(1)

    /// A duration as milliseconds with one decimal, for the trace.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String(format: "%.1f", value)
    }
}
