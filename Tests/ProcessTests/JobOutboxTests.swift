import Foundation
import SceneIntents
@testable import SceneIntentsHost
import SceneIntentsTransport
import SceneIntentsWire
import TestFixtures
import Testing

/// A host's outbox: what one main-actor job says goes out as one frame, and a job that says more
/// than a frame holds goes out in as few frames as fit, every message once and in order.
struct JobOutboxTests {
    /// Everything `messages` become on the other end of a connection with frames of at most
    /// `limit` bytes: the frames as read, and the messages decoded from them.
    func sent(_ messages: [AppMessage], limit: Int) async throws -> (frames: [Data], messages: [AppMessage]) {
        let codec = MessageCodec(catalog: try Kitchen.catalog())
        let (host, system) = try FramedConnection.pair(limit: limit)
        let outbox = JobOutbox(codec: codec, connection: host)
        let events = system.events()
        // One job: every message is held until the job ends, then flushed. Flushing again once
        // the job is over sends nothing twice, and lets the connection close with nothing held.
        await MainActor.run {
            for message in messages { outbox.send(message) }
        }
        await MainActor.run { outbox.flush() }
        host.close()
        var frames: [Data] = []
        var received: [AppMessage] = []
        for await event in events {
            guard case .frame(let frame) = event else {
                #expect(event == .closed(.peerClosed))
                continue
            }
            frames.append(frame)
            try codec.decodeEach(AppMessage.self, from: frame) { received.append($0) }
        }
        #expect(system.closeReason == .peerClosed)
        return (frames, received)
    }

    @Test func aJobsMessagesGoOutAsOneFrame() async throws {
        let messages = (1...5).map { AppMessage.lifecycle(.scene("session-\($0)", .willConnectTo)) }
        let (frames, received) = try await sent(messages, limit: 1 << 20)
        #expect(frames.count == 1)
        #expect(frames.first?.first == UInt8(ascii: "["))
        #expect(received == messages)
    }

    @Test func aLoneMessageIsAFrameOfItsOwnNotAnArray() async throws {
        let message = AppMessage.answer(id: 7, answer: .response(IntentResponse(code: .success)))
        let (frames, received) = try await sent([message], limit: 1 << 20)
        #expect(frames.count == 1)
        #expect(frames.first?.first == UInt8(ascii: "{"))
        #expect(received == [message])
    }

    @Test func aJobOverTheFrameLimitIsSplitIntoFramesThatFitInOrder() async throws {
        let messages = (1...300).map { number in
            AppMessage.lifecycle(.scene("session-\(number)", number % 2 == 0 ? .willConnectTo : .sceneDidEnterBackground))
        }
        let limit = 1000
        let (frames, received) = try await sent(messages, limit: limit)
        #expect(frames.count > 1)
        #expect(frames.allSatisfy { $0.count <= limit && $0.first == UInt8(ascii: "[") })
        #expect(received == messages)
    }
}
