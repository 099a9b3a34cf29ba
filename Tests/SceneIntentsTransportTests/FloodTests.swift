import Foundation
import SceneIntentsTransport
import Testing

/// `events(unreadLimit:)`: a peer that sends more frames than wait unread is closed, the frames
/// that waited are still read, and a peer that waits for its answers never comes near.
struct FloodTests {
    static func frame(_ number: Int) -> Data { Data("message \(number)".utf8) }

    @Test func aPeerSendingPastTheLimitIsClosedAfterTheFramesThatWaited() async throws {
        let (reader, peer) = try FramedConnection.pair()
        let events = reader.events(unreadLimit: 4)
        // Nothing is read while the peer sends: the one too many closes the connection, which the
        // peer sees as the end of its own.
        let peerEvents = peer.events()
        try peer.send(contentsOf: (0..<100).map(Self.frame))
        var peerSaw: [ConnectionEvent] = []
        for await event in peerEvents { peerSaw.append(event) }
        #expect(peerSaw == [.closed(.peerClosed)])
        var received: [ConnectionEvent] = []
        for await event in events { received.append(event) }
        #expect(received == (0..<5).map { .frame(Self.frame($0)) } + [.closed(.flooded(unread: 4))])
        // The stream ends as the flood is found; the reader thread ends the connection just after.
        #expect(await reader.closed() == .closedLocally)
        #expect(reader.closeReason == .closedLocally)
        #expect(CloseReason.flooded(unread: 4).description == "flooded: more than 4 messages were sent ahead of their answers")
    }

    @Test func aPeerThatWaitsForEachAnswerNeverFloods() async throws {
        let (reader, peer) = try FramedConnection.pair()
        var events = reader.events(unreadLimit: 1).makeAsyncIterator()
        for number in 0..<200 {
            try peer.send(Self.frame(number))
            #expect(await events.next() == .frame(Self.frame(number)))
        }
        peer.close()
        #expect(await events.next() == .closed(.peerClosed))
        #expect(await events.next() == nil)
    }
}
