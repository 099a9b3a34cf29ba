@testable import AssistantDaemon
import Dispatch
import Foundation
import SceneIntentsTransport
import Synchronization
import Testing

/// What the daemon holds for a client that does not read is bounded: past the outbox's limit
/// the client is closed and the log says so; one answer larger than the limit (a Wyoming `info`
/// listing many apps) is still sent when nothing waits before it.
struct OutboxTests {
    /// A peer whose socket is full: each send waits for `gate`, then reports its size.
    final class StalledPeer: OutboxConnection {
        let gate = DispatchSemaphore(value: 0)
        let sent: AsyncStream<Int>
        private let sink: AsyncStream<Int>.Continuation
        private let closed = Atomic<Bool>(false)
        var isClosed: Bool { closed.load(ordering: .relaxed) }

        init() { (sent, sink) = AsyncStream.makeStream(of: Int.self) }

        func send(_ bytes: Data) throws(TransportError) {
            gate.wait()
            sink.yield(bytes.count)
        }

        func close() { closed.store(true, ordering: .relaxed) }
    }

    /// `queued` waits for a stalled peer (alone, an answer over the limit of 100 is queued; under
    /// it, answers wait their turn); one byte more closes the client, reporting `closedAt` bytes.
    @Test(arguments: [([250], 251), ([60, 40], 101)])
    func pastTheLimitTheClientIsClosedAndReportedAndWhatWasQueuedIsSent(_ queued: [Int], _ closedAt: Int) async {
        let peer = StalledPeer()
        let overflows = Mutex<[Int]>([])
        let outbox = Outbox(peer, limit: 100) { waiting in overflows.withLock { $0.append(waiting) } }
        for size in queued {
            outbox.send(Data(count: size))
            #expect(!peer.isClosed)
        }
        outbox.send(Data(count: 1))
        #expect(peer.isClosed)
        #expect(overflows.withLock { $0 } == [closedAt])
        for _ in queued { peer.gate.signal() }
        var sent = peer.sent.makeAsyncIterator()
        for size in queued { #expect(await sent.next() == size) }
    }
}
