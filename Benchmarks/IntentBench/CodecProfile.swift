import Foundation
import PingKit
import SceneIntents
import SceneIntentsWire

/// Encodes and decodes a ping delivery's messages (the call, the answer of a `proceed` that
/// resolved, confirmed and handled, a lifecycle event) `count` times, for a profiler.
func codecLoop(_ codec: some BenchCodec, count: Int) {
    let intent = AnyIntent(PingIntent(word: "hello"))
    let call = SystemMessage.call(id: 1, call: PhaseCall(request: 1, intent: intent, phase: .proceed(parameters: ["word"])))
    let steps = [
        PhaseStep(phase: .resolve(parameter: "word"), answer: .resolved([ParameterResolution(ResolutionResult.success(with: "hello"))])),
        PhaseStep(phase: .confirm, answer: .response(.ready)), PhaseStep(phase: .handle, answer: .response(.success)),
    ]
    let answer = AppMessage.answer(id: 1, answer: .progressed(intent: intent, steps: steps))
    let lifecycle = AppMessage.lifecycle(.application(.didFinishLaunching, detail: "for an intent"))
    var bytes = 0
    for _ in 0..<count {
        guard let callBytes = try? codec.encode(call), let answerBytes = try? codec.encode(answer),
            let lifecycleBytes = try? codec.encode(lifecycle), (try? codec.decode(SystemMessage.self, from: callBytes)) == call,
            (try? codec.decode(AppMessage.self, from: answerBytes)) == answer,
            (try? codec.decode(AppMessage.self, from: lifecycleBytes)) == lifecycle
        else { return benchLog("the codec lost a message") }
        bytes = callBytes.count + answerBytes.count + lifecycleBytes.count
    }
    benchLog("\(bytes) bytes a delivery")
}

/// What `codecLoop` needs of a codec: `MessageCodec`, or `FoundationCodec` to compare with.
protocol BenchCodec {
    func encode(_ message: some Encodable & Sendable) throws(ProtocolError) -> Data
    func decode<M: Decodable>(_ type: M.Type, from data: Data) throws(ProtocolError) -> M
}

extension MessageCodec: BenchCodec {}

/// The messages through Foundation's `JSONEncoder`/`JSONDecoder`, configured as `MessageCodec`
/// was before it had coders of its own: what the codec costs against them.
struct FoundationCodec: BenchCodec {
    let encoder = JSONEncoder()
    let decoder: JSONDecoder

    init(catalog: IntentCatalog) {
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        decoder = catalog.makeDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
    }

    func encode(_ message: some Encodable & Sendable) throws(ProtocolError) -> Data {
        do { return try encoder.encode(message) } catch { throw ProtocolError(.undecodable, "\(error)") }
    }

    func decode<M: Decodable>(_ type: M.Type, from data: Data) throws(ProtocolError) -> M {
        do { return try decoder.decode(M.self, from: data) } catch { throw ProtocolError(.undecodable, "\(error)") }
    }
}
