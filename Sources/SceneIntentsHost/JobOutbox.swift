import Foundation
import SceneIntents
import SceneIntentsTransport
import SceneIntentsWire
import Synchronization

/// What a host sends during one main-actor job (a call's callbacks and its answer, or the events
/// of 100 restored scenes), each message written as it is sent straight into one array frame
/// (the frame `MessageCodec.frames` makes of them), sent in one write once the main loop has run
/// its jobs (no job of its own). One buffer for all of them: no `Data` and no cast per message.
/// A message that cannot be written is dropped; a failed write is the connection ending, which
/// its reader reports.
final class JobOutbox: Sendable {
    private struct State: ~Copyable {
        /// `[` and the messages held, each after a comma but the first.
        var writer = JSONWriter(capacity: 4096)
        /// Where each message held ends in the writer's bytes.
        var ends: [Int] = []
        var isReleaseScheduled = false
    }

    private let state = Mutex(State())
    private let codec: MessageCodec
    private let connection: FramedConnection

    init(codec: MessageCodec, connection: FramedConnection) {
        self.codec = codec
        self.connection = connection
    }

    /// Holds `message` until the current main-actor job suspends or ends.
    func send(_ message: AppMessage) {
        let schedule = state.withLock { state -> Bool in
            if state.ends.isEmpty {
                state.writer.removeAll(after: 0, needsComma: false)
                state.writer.beginArray()
            }
            let start = state.writer.count
            state.writer.element()
            do throws(ProtocolError) { try codec.write(message, to: &state.writer) } catch {
                state.writer.removeAll(after: start, needsComma: !state.ends.isEmpty)
                return false
            }
            state.ends.append(state.writer.count)
            defer { state.isReleaseScheduled = true }
            return !state.isReleaseScheduled
        }
        // Detached: the release needs none of the sender's task-local values.
        if schedule, !MainLoop.afterJobs({ self.flush() }) { Task.detached { @MainActor in self.flush() } }
    }

    /// Sends what is held now.
    func flush() {
        let limit = connection.limit
        let frames = state.withLock { state -> [Data] in
            state.isReleaseScheduled = false
            guard let last = state.ends.last else { return [] }
            defer { state.ends.removeAll(keepingCapacity: true) }
            let ends = state.ends
            return state.writer.withBytes { bytes in
                // One message is a frame of its own, not an array of one.
                if ends.count == 1 { return [Data(UnsafeBufferPointer(rebasing: bytes[1..<last]))] }
                if last + 1 <= limit {
                    var frame = Data(capacity: last + 1)
                    frame.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<last]))
                    frame.append(UInt8(ascii: "]"))
                    return [frame]
                }
                // Over a frame's limit (rare): message by message, into as few frames as fit.
                var start = 1
                let payloads = ends.map { end in
                    defer { start = end + 1 }
                    return Data(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                }
                return MessageCodec.frames(payloads, limit: limit)
            }
        }
        if !frames.isEmpty { try? connection.send(contentsOf: frames) }
    }
}
