import Foundation
import SceneIntents
import SceneIntentsWire
import TestFixtures
import Testing

/// A host's frames: one job's messages travel in one frame, a JSON array of them, and come out
/// one by one, in order, as separate frames did.
struct MessageFrameTests {
    let codec: MessageCodec

    init() throws {
        codec = MessageCodec(catalog: try Kitchen.catalog())
    }

    /// Each message of each frame, in order, as the system delivers them.
    func delivered(_ frames: [Data]) throws -> [AppMessage] {
        var messages: [AppMessage] = []
        for frame in frames { try codec.decodeEach(AppMessage.self, from: frame) { messages.append($0) } }
        return messages
    }

    @Test func aLoneMessageIsItsOwnFrameAsBefore() throws {
        let answer = try codec.encode(AppMessage.answer(id: 1, answer: .response(IntentResponse(code: .success))))
        #expect(MessageCodec.frames([answer], limit: 1 << 20) == [answer])
        #expect(MessageCodec.frames([], limit: 1 << 20) == [])
        #expect(try delivered([answer]) == [.answer(id: 1, answer: .response(IntentResponse(code: .success)))])
    }

    @Test func aJobsMessagesAreOneFrameDeliveredInOrder() throws {
        let messages = MessageTests.appMessages
        let payloads = try messages.map { try codec.encode($0) }
        let frames = MessageCodec.frames(payloads, limit: 1 << 20)
        #expect(frames.count == 1)
        #expect(frames[0].first == UInt8(ascii: "[") && frames[0].last == UInt8(ascii: "]"))
        #expect(frames[0].count == payloads.reduce(0) { $0 + $1.count } + payloads.count + 1)
        #expect(try delivered(frames) == messages)
    }

    @Test func aRelaunchsCallbacksSplitAtTheFrameLimitAndKeepTheirOrder() throws {
        let messages = (1...300).map { number in
            AppMessage.lifecycle(.scene("session-\(number)", number % 2 == 0 ? .willConnectTo : .sceneDidEnterBackground))
        }
        let payloads = try messages.map { try codec.encode($0) }
        let limit = 1000
        let frames = MessageCodec.frames(payloads, limit: limit)
        #expect(frames.count > 1)
        #expect(frames.allSatisfy { $0.count <= limit })
        #expect(try delivered(frames) == messages)
    }

    @Test func aMessageOverTheLimitIsLeftAloneForItsSendToRefuse() throws {
        let small = try codec.encode(AppMessage.lifecycle(.scene("session-1", .willConnectTo)))
        let large = try codec.encode(AppMessage.report(AppReport(.launchedForIntent, String(repeating: "x", count: 200))))
        let frames = MessageCodec.frames([small, large, small], limit: 100)
        #expect(frames == [small, large, small])
    }

    @Test func theMessagesBeforeABrokenOneAreDeliveredThenItIsNamed() throws {
        let first = try codec.encode(AppMessage.lifecycle(.scene("session-1", .willConnectTo)))
        let frame = Data("[".utf8) + first + Data(#",{"lifecycle":{"_0":{"scene":{"_0":"session-2","_1":"flies"}}}}]"#.utf8)
        var messages: [AppMessage] = []
        #expect {
            try codec.decodeEach(AppMessage.self, from: frame) { messages.append($0) }
        } throws: { error in
            (error as? ProtocolError)?.code == .undecodable && "\(error)".contains("flies")
        }
        #expect(messages == [.lifecycle(.scene("session-1", .willConnectTo))])
        let unclosed = Data("[".utf8) + first + Data(",".utf8)
        messages = []
        #expect(throws: ProtocolError.self) { try codec.decodeEach(AppMessage.self, from: unclosed) { messages.append($0) } }
        #expect(messages == [.lifecycle(.scene("session-1", .willConnectTo))])
    }

    @Test func whatDeliveryRefusesStopsTheFrameThere() throws {
        let payloads = try (1...3).map { try codec.encode(AppMessage.lifecycle(.scene("session-\($0)", .willConnectTo))) }
        let frame = MessageCodec.frames(payloads, limit: 1 << 20)[0]
        var messages: [AppMessage] = []
        let refusal = ProtocolError(.outOfOrder, "an answer to nothing asked")
        #expect(throws: refusal) {
            try codec.decodeEach(AppMessage.self, from: frame) { (message) throws(ProtocolError) in
                messages.append(message)
                if messages.count == 2 { throw refusal }
            }
        }
        #expect(messages.count == 2)
    }
}
