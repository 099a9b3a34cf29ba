import Foundation
import SceneIntentsTransport
import Synchronization

/// What the app sends, written together: every message posted during one main-actor job (a
/// call's lifecycle callbacks and its answer, say) goes out in one write when the job ends.
///
/// The first post schedules the flush as a main-actor job of its own, which can only run once
/// the posting job has suspended or ended; a handler that awaits lets the messages out then.
final class Outbox: Sendable {
    private struct State {
        var frames: [Data] = []
        var isFlushScheduled = false
    }
    private let connection: FramedConnection
    private let state = Mutex(State())

    init(_ connection: FramedConnection) { self.connection = connection }

    /// Queues one message's bytes.
    func post(_ bytes: Data) {
        let schedule = state.withLock { state in
            state.frames.append(bytes)
            defer { state.isFlushScheduled = true }
            return !state.isFlushScheduled
        }
        if schedule { Task { @MainActor in self.flush() } }
    }

    /// Writes what is queued. A failed write is the connection ending, which its reader reports.
    func flush() {
        let frames = state.withLock { state in
            state.isFlushScheduled = false
            defer { state.frames = [] }
            return state.frames
        }
        if !frames.isEmpty { try? connection.send(contentsOf: frames) }
    }
}
