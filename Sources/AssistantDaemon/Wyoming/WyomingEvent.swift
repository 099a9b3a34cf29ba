import Foundation
import SceneIntents

/// The Wyoming events `assistantd` reads and writes (the protocol of Home Assistant's and
/// Rhasspy's voice services, version 1.7 and later), each with the data it carries; both
/// directions, so a Swift client (a test, the benchmark) speaks it with the same code.
///
/// On the wire an event is a line of JSON (`type`, `data`, `version`, optional `data_length` and
/// `payload_length`), then that many bytes of extra data (a JSON object merged over `data`), then
/// that many bytes of payload: see ``WyomingFraming``.
package enum WyomingEvent: Sendable, Equatable {
    /// Asks what the server offers; answered `info`.
    case describe
    /// What the server offers.
    case info(WyomingInfo)
    /// Text to act on (what a speech-to-text service heard); `conversation` is the
    /// `conversation_id` of its context, which continues a conversation waiting for an answer.
    case transcript(text: String, conversation: String?, language: String?)
    /// Text to recognize an intent in, without acting on it.
    case recognize(text: String)
    /// The request was handled: what to say, and the context to send with the next transcript
    /// (a conversation's id, when it waits for an answer).
    case handled(text: String?, conversation: String?)
    /// The request was not handled, and why.
    case notHandled(text: String?)
    /// A streamed `handled` begins.
    case handledStart(conversation: String?)
    /// One part of a streamed answer's text (the parts joined are the whole text).
    case handledChunk(text: String)
    /// A streamed answer ends.
    case handledStop
    /// The intent recognized, with its entities.
    case intent(name: String, entities: [WyomingEntity])
    /// No intent was recognized, and why.
    case notRecognized(text: String?)
    /// Asks for a `pong` (with the same text).
    case ping(text: String?)
    /// The answer to `ping`.
    case pong(text: String?)
    /// Something went wrong; `code` names it (a `DaemonError.Code`).
    case error(text: String, code: String?)
    /// An event this server does not act on (audio, wake words, `select-program`, ...): the
    /// protocol has servers drop those.
    case other(type: String)

    /// The event's `type` on the wire.
    package var type: String {
        switch self {
        case .describe: "describe"
        case .info: "info"
        case .transcript: "transcript"
        case .recognize: "recognize"
        case .handled: "handled"
        case .notHandled: "not-handled"
        case .handledStart: "handled-start"
        case .handledChunk: "handled-chunk"
        case .handledStop: "handled-stop"
        case .intent: "intent"
        case .notRecognized: "not-recognized"
        case .ping: "ping"
        case .pong: "pong"
        case .error: "error"
        case .other(let type): type
        }
    }

    /// The event a `type` and its (merged) `data` make.
    ///
    /// - Throws: `DaemonError` `.badMessage` when an event this server reads lacks a member it
    ///   needs (a transcript without its text).
    init(type: String, data: WyomingData) throws(DaemonError) {
        func required(_ value: String?, _ member: String) throws(DaemonError) -> String {
            guard let value else {
                throw DaemonError(.badMessage, value: type, message: "the \(type) event needs its \(member) (a string) in its data")
            }
            return value
        }
        let conversation = data.context?.conversationID
        switch type {
        case "describe": self = .describe
        case "info": self = .info(data.info)
        case "transcript": self = .transcript(text: try required(data.text, "text"), conversation: conversation, language: data.language)
        case "recognize": self = .recognize(text: try required(data.text, "text"))
        case "handled": self = .handled(text: data.text, conversation: conversation)
        case "not-handled": self = .notHandled(text: data.text)
        case "handled-start": self = .handledStart(conversation: conversation)
        case "handled-chunk": self = .handledChunk(text: try required(data.text, "text"))
        case "handled-stop": self = .handledStop
        case "intent": self = .intent(name: try required(data.name, "name"), entities: data.entities ?? [])
        case "not-recognized": self = .notRecognized(text: data.text)
        case "ping": self = .ping(text: data.text)
        case "pong": self = .pong(text: data.text)
        case "error": self = .error(text: try required(data.text, "text"), code: data.code)
        default: self = .other(type: type)
        }
    }

    /// The event's data, as written on the wire.
    var data: WyomingData {
        var data = WyomingData()
        switch self {
        case .describe, .handledStop, .other: break
        case .info(let info): data.setInfo(info)
        case .transcript(let text, let conversation, let language):
            (data.text, data.context, data.language) = (text, WyomingContext(conversation), language)
        case .recognize(let text), .handledChunk(let text): data.text = text
        case .handled(let text, let conversation): (data.text, data.context) = (text, WyomingContext(conversation))
        case .handledStart(let conversation): data.context = WyomingContext(conversation)
        case .notHandled(let text), .notRecognized(let text), .ping(let text), .pong(let text): data.text = text
        case .intent(let name, let entities): (data.name, data.entities) = (name, entities)
        case .error(let text, let code): (data.text, data.code) = (text, code)
        }
        return data
    }
}

/// One entity of a recognized intent: a parameter's name and the value said for it.
package struct WyomingEntity: Sendable, Equatable, Codable {
    /// The parameter's name.
    package var name: String
    /// Its value: a number or a truth value for a parameter of that type, else the words (an
    /// entity's name when the app's vocabulary resolved one).
    package var value: JSONValue?

    /// An entity.
    package init(name: String, value: JSONValue?) {
        self.name = name
        self.value = value
    }
}

/// An event's context: this server reads and writes its `conversation_id` only.
struct WyomingContext: Codable, Equatable {
    var conversationID: String?

    init?(_ conversation: String?) {
        guard let conversation else { return nil }
        conversationID = conversation
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // HA sends a string (a ULID); a number is read as its digits.
        conversationID = (try? container.decodeIfPresent(String.self, forKey: .conversationID))
            ?? (try? container.decodeIfPresent(Int64.self, forKey: .conversationID)).flatMap { $0.map(String.init) }
    }

    enum CodingKeys: String, CodingKey { case conversationID = "conversation_id" }
}

/// The members of an event's data that this server reads or writes, each optional: a member
/// of another type than these (in an event it does not act on) is skipped, not refused.
struct WyomingData: Codable, Equatable {
    var text: String?
    var context: WyomingContext?
    var language: String?
    var name: String?
    var entities: [WyomingEntity]?
    var code: String?
    var asr, tts, wake, mic, snd: [JSONValue]?
    var handle, intent: [WyomingProgram]?

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func lenient<T: Decodable>(_ key: CodingKeys) -> T? { (try? container.decodeIfPresent(T.self, forKey: key)) ?? nil }
        (text, context, language, name) = (lenient(.text), lenient(.context), lenient(.language), lenient(.name))
        (entities, code, handle, intent) = (lenient(.entities), lenient(.code), lenient(.handle), lenient(.intent))
    }

    /// The data of `extra` (the bytes after the line) merged over this one's, member by member.
    func merged(with extra: WyomingData) -> WyomingData {
        var merged = extra
        merged.text = extra.text ?? text
        merged.context = extra.context ?? context
        merged.language = extra.language ?? language
        merged.name = extra.name ?? name
        merged.entities = extra.entities ?? entities
        merged.code = extra.code ?? code
        merged.handle = extra.handle ?? handle
        merged.intent = extra.intent ?? intent
        return merged
    }

    var info: WyomingInfo { WyomingInfo(handle: handle ?? [], intent: intent ?? []) }

    /// Every kind of program `info` lists: the two this server offers, the others empty.
    mutating func setInfo(_ info: WyomingInfo) {
        (handle, intent) = (info.handle, info.intent)
        (asr, tts, wake, mic, snd) = ([], [], [], [], [])
    }
}
