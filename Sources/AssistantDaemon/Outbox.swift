import Dispatch
import Foundation
import SceneIntentsTransport
import Synchronization

/// Sends a client's messages in order on a serial Dispatch queue of its own, so a client that
/// stops reading (its socket buffer full) blocks only its own queue, never a concurrency
/// thread; one that lets more than `limit` bytes pile up is disconnected (and `overflowed` told
/// how many bytes waited), so what the daemon holds for a client is bounded whatever the client
/// does.
///
/// One message larger than `limit` is still sent when nothing waits before it: a Wyoming `info`
/// listing many apps is one answer, made once per `describe`, and the bound becomes `limit` plus
/// the largest answer the daemon makes.
final class Outbox: Sendable {
    private let connection: any OutboxConnection
    private let queue: DispatchQueue
    private let pending = Atomic<Int>(0)
    private let limit: Int
    private let overflowed: @Sendable (Int) -> Void

    init(
        _ connection: any OutboxConnection, limit: Int = 4 * ClientProtocol.frameLimit,
        overflowed: @escaping @Sendable (_ waiting: Int) -> Void = { _ in }
    ) {
        self.connection = connection
        self.limit = limit
        self.overflowed = overflowed
        queue = DispatchQueue(label: "assistantd.client-outbox")
    }

    /// Queues `bytes` as one message (a frame, or a Wyoming answer's events).
    func send(_ bytes: Data) {
        let waiting = pending.add(bytes.count, ordering: .relaxed).newValue
        guard waiting <= limit || waiting == bytes.count else {
            // Nobody reads what this client asked for: it loses its connection, nothing else.
            pending.subtract(bytes.count, ordering: .relaxed)
            connection.close()
            overflowed(waiting)
            return
        }
        queue.async { [self] in
            try? connection.send(bytes)
            pending.subtract(bytes.count, ordering: .relaxed)
        }
    }

    /// Closes the connection once everything queued before has been sent.
    func closeAfterSending() {
        queue.async { [connection] in connection.close() }
    }
}

/// A connection an `Outbox` sends on: `assistant`'s (frames) or a Wyoming client's (bytes).
protocol OutboxConnection: Sendable {
    /// Sends one message's bytes, all of them.
    func send(_ bytes: Data) throws(TransportError)
    /// Ends the connection.
    func close()
}

extension FramedConnection: OutboxConnection {}
extension StreamConnection: OutboxConnection {}
