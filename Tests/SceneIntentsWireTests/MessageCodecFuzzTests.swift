import Foundation
import SceneIntents
import SceneIntentsWire
import TestFixtures
import Testing

/// Garbage of every kind reaching the codec is an error naming the problem, never a crash: random
/// bytes, every truncation of real messages, single-byte corruptions, token soup, deep nesting,
/// huge numbers. Seeded, so a failure repeats.
struct MessageCodecFuzzTests {
    let codec: MessageCodec
    let samples: [Data]

    init() throws {
        let codec = MessageCodec(catalog: try Kitchen.catalog())
        self.codec = codec
        samples =
            try MessageCodecTests.systemMessages.map { try codec.encode($0) } + MessageCodecTests.appMessages.map { try codec.encode($0) }
    }

    /// Decodes `data` as both message kinds; answers how many decoded. What decodes must encode
    /// again (a decoded message is a real one).
    func decodeBoth(_ data: Data) throws -> Int {
        var decoded = 0
        if let message = try? codec.decode(SystemMessage.self, from: data) {
            _ = try codec.encode(message)
            decoded += 1
        }
        if let message = try? codec.decode(AppMessage.self, from: data) {
            _ = try codec.encode(message)
            decoded += 1
        }
        return decoded
    }

    @Test func everyTruncationOfARealMessageIsAnError() throws {
        for sample in samples {
            for length in 0..<sample.count {
                #expect(try decodeBoth(sample.prefix(length)) == 0, "a truncation to \(length) bytes decoded")
            }
        }
    }

    @Test func corruptedBytesAndRandomBytesNeverCrash() throws {
        var random = SeededRandom(seed: 10)
        var decoded = 0
        for round in 0..<6_000 {
            var data: Data
            if round % 2 == 0, let sample = samples.randomElement(using: &random), !sample.isEmpty {
                data = sample
                for _ in 0...Int.random(in: 0...2, using: &random) {
                    data[Int.random(in: 0..<data.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            } else {
                data = Data((0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
            }
            decoded += try decodeBoth(data)
        }
        // Some corruptions hit only a string's letters and still decode: proof that the loop
        // exercised the decoders past the parser.
        #expect(decoded > 0)
    }

    @Test func tokenSoupNeverCrashes() throws {
        let tokens = [
            "{", "}", "[", "]", ",", ":", "\"", "\"call\"", "\"id\"", "\"_0\"", "\"answer\"", "\"kind\"", "\"success\"", "1", "-0",
            "1e999", "99999999999999999999999", "1.5", "null", "true", "\\u0000", "\\ud800", "é", "\u{0}",
        ]
        var random = SeededRandom(seed: 77)
        for _ in 0..<6_000 {
            let text = (0..<Int.random(in: 1...24, using: &random)).map { _ in tokens.randomElement(using: &random) ?? "" }.joined()
            _ = try decodeBoth(Data(text.utf8))
        }
    }

    @Test func deepNestingAndHugeNumbersAreNamed() throws {
        for opener in ["[", "{\"a\":", "{\"call\":"] {
            let deep = Data(String(repeating: opener, count: 50_000).utf8)
            #expect(throws: ProtocolError.self) { try codec.decode(SystemMessage.self, from: deep) }
        }
        // Just inside the limit parses (and then is the wrong shape).
        let nested = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
        let error = #expect(throws: ProtocolError.self) { try codec.decode(SystemMessage.self, from: Data(nested.utf8)) }
        #expect(error?.detail == "expected SystemMessage, found an array")
        for number in ["1e999", "-1e999", String(repeating: "9", count: 10_000)] {
            #expect(throws: ProtocolError.self) { try codec.decode([Double].self, from: Data("[\(number)]".utf8)) }
            #expect(throws: ProtocolError.self) { try codec.decode(SystemMessage.self, from: Data("{\"cancel\":{\"id\":\(number)}}".utf8)) }
        }
    }
}
