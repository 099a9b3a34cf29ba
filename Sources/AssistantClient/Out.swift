import AssistantDaemon
import Foundation
import Glibc

/// The client's standard streams, written straight to their descriptors (no buffering: a
/// prompt shows before the read that answers it). A failed write to standard output is kept, not
/// raised: the conversation stops at the next step and the client exits 74 (see
/// `StandardStreams`).
enum Out {
    static let streams = StandardStreams(name: "assistant")
    static func line(_ text: String) { streams.output.write(text) }
    static func prompt(_ text: String) { streams.output.writePrompt(text) }
    /// One line on standard error, after "assistant: ".
    static func error(_ text: String) { streams.error(text) }
    /// Whether standard output has failed: what the client was doing stops.
    static var failed: Bool { streams.outputFailed }
}
