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

    @Test func pastTheLimitTheClientIsClosedAndReportedAndOneLargeAnswerAloneIsSent() async {
        let peer = StalledPeer()
        let overflows = Mutex<[Int]>([])
        let outbox = Outbox(peer, limit: 100) { waiting in overflows.withLock { $0.append(waiting) } }
        // Alone, an answer over the limit is queued.
        outbox.send(Data(count: 250))
        #expect(!peer.isClosed)
        // Anything more while it waits is past the limit.
        outbox.send(Data(count: 1))
        #expect(peer.isClosed)
        #expect(overflows.withLock { $0 } == [251])
        peer.gate.signal()
        var sent = peer.sent.makeAsyncIterator()
        #expect(await sent.next() == 250)

        // Under the limit, answers wait their turn; one byte past it closes.
        let second = StalledPeer()
        let closedAt = Mutex<[Int]>([])
        let bounded = Outbox(second, limit: 100) { waiting in closedAt.withLock { $0.append(waiting) } }
        bounded.send(Data(count: 60))
        bounded.send(Data(count: 40))
        #expect(!second.isClosed)
        bounded.send(Data(count: 1))
        #expect(second.isClosed)
        #expect(closedAt.withLock { $0 } == [101])
        second.gate.signal()
        second.gate.signal()
        var secondSent = second.sent.makeAsyncIterator()
        #expect(await secondSent.next() == 60)
        #expect(await secondSent.next() == 40)
    }
}
