@testable import AssistantDaemon
import Foundation
import SceneIntents
import Testing

/// Wyoming events on the wire: lines of JSON, extra data and payloads, cut whatever the reads,
/// and everything over a limit or malformed refused with a sentence naming it.
@Suite struct WyomingFramingTests {
    /// Feeds `chunks` one read at a time and answers every event read, or the first error.
    private func read(_ chunks: [String], limit: Int = WyomingFraming.eventLimit) -> [Result<WyomingReceived, DaemonError>] {
        var decoder = WyomingDecoder(limit: limit)
        var results: [Result<WyomingReceived, DaemonError>] = []
        for chunk in chunks {
            decoder.append(Data(chunk.utf8))
            do throws(DaemonError) {
                while let received = try decoder.next() { results.append(.success(received)) }
            } catch {
                results.append(.failure(error))
                return results
            }
        }
        return results
    }

    @Test func eventsAreCutWhateverTheReadsAndExtraDataIsMergedOverTheLinesData() {
        let python = #"{"type": "transcript", "version": "1.10.2", "data_length": 60}"# + "\n"
            + #"{"text": "next step", "context": {"conversation_id": "01J"}}"#
        let extra = python.utf8.count - python.split(separator: "\n")[0].utf8.count - 1
        #expect(extra == 60)
        let stream = python + #"{"type":"ping","data":{"text":"hi"},"payload_length":3}"# + "\nabc" + "\r\n" + #"{"type":"audio-stop"}"# + "\n"
        let whole = read([stream])
        let expected: [Result<WyomingReceived, DaemonError>] = [
            .success(WyomingReceived(event: .transcript(text: "next step", conversation: "01J", language: nil), version: "1.10.2")),
            .success(WyomingReceived(event: .ping(text: "hi"), version: nil)),
            .success(WyomingReceived(event: .other(type: "audio-stop"), version: nil)),
        ]
        #expect(whole == expected)
        // One byte per read gives the same events.
        #expect(read(stream.map { String($0) }) == expected)
    }

    @Test func everyEventWrittenIsReadBackAsItself() {
        let info = WyomingInfo(handle: [], intent: [])
        let events: [WyomingEvent] = [
            .describe, .info(info), .transcript(text: "one\ntwo \"quoted\"", conversation: "7", language: "en"),
            .recognize(text: "next step"), .handled(text: "Step 1.", conversation: nil), .handled(text: "Which?", conversation: "c1"),
            .notHandled(text: "no"), .handledStart(conversation: nil), .handledChunk(text: "\nStep 2."), .handledStop,
            .intent(name: "ShowDirectionsIntent", entities: [WyomingEntity(name: "recipe", value: .string("Banana Pancakes"))]),
            .notRecognized(text: "what?"), .ping(text: nil), .pong(text: "x"), .error(text: "bad", code: "badMessage"),
            .other(type: "audio-start"),
        ]
        let bytes = events.map { String(decoding: WyomingFraming.encode($0), as: UTF8.self) }
        #expect(bytes[0] == #"{"type":"describe","version":"1.7.0"}"# + "\n")
        #expect(bytes[5] == #"{"data":{"context":{"conversation_id":"c1"},"text":"Which?"},"type":"handled","version":"1.7.0"}"# + "\n")
        #expect(bytes[1] == #"{"data":{"asr":[],"handle":[],"intent":[],"mic":[],"snd":[],"tts":[],"wake":[]},"type":"info","version":"1.7.0"}"# + "\n")
        #expect(read([bytes.joined()]) == events.map { .success(WyomingReceived(event: $0, version: "1.7.0")) })
    }

    @Test func anEventOverTheLimitIsRefusedBeforeItsBytesAreHeld() {
        // A line that never ends is refused once it passes the limit, not when it ends.
        #expect(read([#"{"type":"ping","data":{"text":""#, String(repeating: "a", count: 100)], limit: 64) == [
            .failure(DaemonError(.tooLarge, value: "131", message: "an event's line ran past 64 bytes without its end: events are at most 64 bytes"))
        ])
        // An announced size is refused when the line is read, before the data comes.
        #expect(read([#"{"type":"audio-chunk","payload_length":65536}"# + "\n"]) == [
            .failure(DaemonError(
                .tooLarge, value: "65582",
                message: "the audio-chunk event announces 65582 bytes (line, data and payload), over the limit of 65536 bytes"))
        ])
    }

    @Test func aMalformedEventIsNamed() {
        func error(_ line: String) -> DaemonError? {
            guard case .failure(let error)? = read([line]).first else { return nil }
            return error
        }
        #expect(error("not json\n") == DaemonError(
            .badMessage, value: "not json",
            message: #"a line of 8 bytes is not a Wyoming event (a JSON object with a type, data an object, lengths whole numbers): "not json"..."#))
        #expect(error(#"{"data":{}}"# + "\n")?.code == .badMessage)
        #expect(error(#"{"type":"ping","data":[1]}"# + "\n")?.code == .badMessage)
        #expect(error(#"{"type":"ping","data_length":1.5}"# + "\n")?.code == .badMessage)
        #expect(error(#"{"type":"ping","data_length":-2}"# + "\n") == DaemonError(
            .badMessage, value: "ping", message: "the ping event announces a negative length"))
        #expect(error(#"{"type":"ping","data_length":2}"# + "\n[]") == DaemonError(
            .badMessage, value: "ping", message: "the extra data of the ping event is not a JSON object"))
        #expect(error(#"{"type":"transcript","data":{"text":5}}"# + "\n") == DaemonError(
            .badMessage, value: "transcript", message: "the transcript event needs its text (a string) in its data"))
    }

    @Test func theStreamedFormIsForSendersOfVersionOneSevenAndLater() {
        let versions: [String?] = [nil, "1.5.4", "1.6", "1.7", "1.7.0", "1.10.2", "2"]
        #expect(versions.map(WyomingFraming.streams) == [false, false, false, true, true, true, true])
    }
}
