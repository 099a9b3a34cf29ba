import Foundation
import SceneIntentsTransport
import Testing

@Suite struct FramingTests {
    let payloads = ["", "a", "hello, frame", String(repeating: "xyz", count: 5_000)].map { Data($0.utf8) }

    var stream: [UInt8] {
        payloads.flatMap { [UInt8]((try? Framing.encode($0)) ?? Data()) }
    }

    @Test func encodesALengthHeaderThenThePayload() throws {
        #expect([UInt8](try Framing.encode(Data("hi".utf8))) == [0, 0, 0, 2, 0x68, 0x69])
        #expect([UInt8](try Framing.encode(Data(count: 0x010203))).prefix(4) == [0, 1, 2, 3])
    }

    @Test func decodesFramesPackedInOneRead() throws {
        var decoder = FrameDecoder()
        decoder.append(stream)
        var decoded: [Data] = []
        while let payload = try decoder.next() { decoded.append(payload) }
        #expect(decoded == payloads)
        try decoder.finish()
        #expect(decoder.pendingByteCount == 0)
    }

    @Test(arguments: [1, 3, 4, 5, 7, 4096])
    func decodesFramesSplitAcrossReads(chunk: Int) throws {
        var decoder = FrameDecoder()
        var decoded: [Data] = []
        let bytes = stream
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            decoder.append(bytes[start..<min(start + chunk, bytes.count)])
            while let payload = try decoder.next() { decoded.append(payload) }
        }
        #expect(decoded == payloads)
        try decoder.finish()
    }

    @Test func refusesAnOversizeHeaderBeforeItsPayloadArrives() throws {
        var decoder = FrameDecoder(limit: 16)
        decoder.append([0, 0, 0, 17])
        #expect(throws: FrameError.oversize(length: 17, limit: 16)) { try decoder.next() }
        var exact = FrameDecoder(limit: 16)
        exact.append([UInt8](try Framing.encode(Data(count: 16), limit: 16)))
        #expect(try exact.next() == Data(count: 16))
    }

    @Test func refusesToEncodeAnOversizePayload() {
        #expect(throws: FrameError.oversize(length: 5, limit: 4)) { try Framing.encode(Data(count: 5), limit: 4) }
    }

    @Test func reportsATruncatedFrameAtTheEnd() throws {
        var header = FrameDecoder()
        header.append([0, 0])
        #expect(try header.next() == nil)
        #expect(throws: FrameError.truncated(expected: 4, received: 2)) { try header.finish() }

        var body = FrameDecoder()
        body.append([0, 0, 0, 10, 1, 2, 3])
        #expect(try body.next() == nil)
        #expect(throws: FrameError.truncated(expected: 14, received: 7)) { try body.finish() }
    }

    @Test func errorsNameTheirValues() {
        #expect(FrameError.oversize(length: 2_000_000, limit: 1_048_576).description == "frame of 2000000 bytes is over the limit of 1048576 bytes")
        #expect(CloseReason.ioError(SystemError("recv", code: ECONNRESET)).description == "I/O error: recv: ECONNRESET (Connection reset by peer)")
    }
}
