@testable import AssistantDaemon
import Foundation
import SceneIntentsTesting
import SceneIntentsTransport
import Testing

/// Wyoming connections are untrusted input: malformed and oversize events, silence and crowds
/// get an `error` event and a close, each one line of the log, and the daemon serves its own
/// clients and Wyoming clients at once. Written as raw bytes, which the package's client never
/// sends.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct WyomingFaultTests {
    /// A peer writing raw bytes and reading events (nil once the connection has closed).
    final class RawPeer {
        let connection: StreamConnection
        private var events: AsyncStream<StreamEvent>.Iterator
        private var decoder = WyomingDecoder(limit: 1 << 20)

        init(_ address: StreamAddress) throws {
            connection = try StreamConnection.connect(to: address)
            events = connection.events().makeAsyncIterator()
        }

        func send(_ text: String) throws { try connection.send(Data(text.utf8)) }

        func next() async throws -> WyomingEvent? {
            while true {
                if let received = try decoder.next() { return received.event }
                guard case .bytes(let bytes)? = await events.next() else { return nil }
                decoder.append(bytes)
            }
        }

        /// Every event up to the close.
        func rest() async throws -> [WyomingEvent] {
            var all: [WyomingEvent] = []
            while let event = try await next() { all.append(event) }
            return all
        }
    }

    @Test func aMalformedOrOversizeEventGetsAnErrorAndACloseAndTheDaemonServesOn() async throws {
        let log = LogLines()
        let daemon = try Wyoming.daemon { $0.log = log.write }
        daemon.start()
        let address = daemon.wyomingAddresses[0]
        let malformed = try RawPeer(address)
        try malformed.send("{\"type\": \"ping\"}\nnot json\n{\"type\": \"ping\"}\n")
        let message = #"a line of 8 bytes is not a Wyoming event (a JSON object with a type, data an object, lengths whole numbers): "not json"..."#
        // What came before the bad line is answered; nothing after it is read.
        #expect(try await malformed.rest() == [.pong(text: nil), .error(text: message, code: "badMessage")])
        let endless = try RawPeer(address)
        try endless.send("{\"type\": \"transcript\", \"data\": {\"text\": \"" + String(repeating: "a", count: 70_000))
        let tooLong = "an event's line ran past 65536 bytes without its end: events are at most 65536 bytes"
        #expect(try await endless.rest().map { if case .error(let text, let code) = $0 { text.hasPrefix(tooLong) && code == "tooLarge" } else { false } } == [true])
        let announced = try RawPeer(address)
        try announced.send("{\"type\": \"audio-chunk\", \"payload_length\": 1048576}\n")
        #expect(try await announced.rest() == [
            .error(text: "the audio-chunk event announces 1048627 bytes (line, data and payload), over the limit of 65536 bytes", code: "tooLarge")
        ])
        let good = try RawPeer(address)
        try good.send("{\"type\": \"ping\", \"data\": {\"text\": \"still here\"}}\n")
        #expect(try await good.next() == .pong(text: "still here"))
        good.connection.close()
        #expect(await eventually { log.lines.count == 3 })
        #expect(log.lines.map { $0.hasPrefix("refused Wyoming client 127.0.0.1:") } == [true, true, true])
        #expect(log.lines[0].hasSuffix(message))
        #expect(await finish(daemon) == [])
    }

    @Test func aPeerSendingFarAheadOfItsAnswersGetsAnErrorAndACloseAndTheDaemonServesOn() async throws {
        let log = LogLines()
        let daemon = try Wyoming.daemon { $0.log = log.write }
        daemon.start()
        let address = daemon.wyomingAddresses[0]
        let flood = try RawPeer(address)
        // Ten thousand pings in one write, no pong read first; the write may fail once closed.
        try? flood.send(String(repeating: "{\"type\": \"ping\"}\n", count: 10_000))
        let events = try await flood.rest()
        let message = "more than 64 events were sent ahead of their answers: assistantd closes Wyoming connections that flood it"
        #expect(events.last == .error(text: message, code: "flooded"))
        #expect(events.dropLast().allSatisfy { $0 == .pong(text: nil) })
        // Cut off soon after 64 waited unread (those answered meanwhile add a few), not served to the end.
        #expect(events.count < 1_000)
        let good = try RawPeer(address)
        try good.send("{\"type\": \"ping\", \"data\": {\"text\": \"still here\"}}\n")
        #expect(try await good.next() == .pong(text: "still here"))
        good.connection.close()
        #expect(await eventually { log.lines.count == 1 })
        #expect(log.lines.first?.hasSuffix(message) == true)
        #expect(await finish(daemon) == [])
    }

    @Test func aConnectionSilentPastTheDeadlineIsToldAndClosedOnTheDaemonsClock() async throws {
        let clock = ManualClock()
        let daemon = try Wyoming.daemon { $0.waitClock = clock }
        daemon.start()
        let silent = try RawPeer(daemon.wyomingAddresses[0])
        await clock.waitForSleepers(1)
        let speaking = try RawPeer(daemon.wyomingAddresses[0])
        await clock.waitForSleepers(2)
        try speaking.send("{\"type\": \"ping\"}\n")
        #expect(try await speaking.next() == .pong(text: nil))
        clock.advance(by: .seconds(5))
        #expect(try await silent.rest() == [
            .error(text: "no event within 5.0 seconds: assistantd closes Wyoming connections that say nothing in time", code: "tooSlow")
        ])
        // One that spoke in time holds no timer, and is served whatever the time.
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(3600))
        try speaking.send("{\"type\": \"ping\", \"data\": {\"text\": \"later\"}}\n")
        #expect(try await speaking.next() == .pong(text: "later"))
        speaking.connection.close()
        #expect(await finish(daemon) == [])
    }

    @Test func beyondTheCapAConnectionIsToldWhyAndTheClientSocketKeepsItsOwnPlaces() async throws {
        let daemon = try Wyoming.daemon { $0.clientLimit = 2 }
        daemon.start()
        let address = daemon.wyomingAddresses[0]
        let first = try RawPeer(address)
        let second = try RawPeer(address)
        for peer in [first, second] {
            try peer.send("{\"type\": \"ping\"}\n")
            #expect(try await peer.next() == .pong(text: nil))
        }
        #expect(try await RawPeer(address).rest() == [
            .error(text: "assistantd serves at most 2 Wyoming clients at once and 2 are connected; try again when one has left", code: "tooManyClients")
        ])
        // `assistant`'s socket has places of its own.
        let client = try await TestClient(daemon.socketPath)
        #expect(try await client.exchange(.command(line: ":help")) == [.listing(lines: DaemonCommand.help)])
        first.connection.close()
        #expect(await eventually { daemon.sessionCount(.wyoming) == 1 })
        let third = try RawPeer(address)
        try third.send("{\"type\": \"ping\"}\n")
        #expect(try await third.next() == .pong(text: nil))
        for peer in [second, third] { peer.connection.close() }
        client.connection.close()
        #expect(await finish(daemon) == [])
    }

    /// A question keeps its conversation open for a minute, so conversations are capped at
    /// `clientLimit`: one more is not handled, and says why (what a person hears), until one
    /// ends. Before, a looping client grew the daemon by hundreds of megabytes in seconds.
    @Test func beyondTheCapOfOpenConversationsATranscriptIsNotHandledAndSaysWhy() async throws {
        let log = LogLines()
        let daemon = try Wyoming.daemon {
            $0.clientLimit = 2
            $0.log = log.write
        }
        daemon.start()
        let address = daemon.wyomingAddresses[0]
        func transcript(_ text: String, _ conversation: String) -> String {
            "{\"type\": \"transcript\", \"data\": {\"text\": \"\(text)\", \"context\": {\"conversation_id\": \"\(conversation)\"}}}\n"
        }
        let question = "Which recipe?\nAll Recipes:\n1. Banana Pancakes (25 min · serves 4)\n2. Buttermilk Pancakes (20 min · serves 4)\n3. Blueberry Pancakes (25 min · serves 4)\nSay \"more\" for more."
        // Two questions left waiting, each asked on a connection that then leaves, as Home Assistant's do.
        for conversation in ["a", "b"] {
            let peer = try RawPeer(address)
            try peer.send(transcript("show directions", conversation))
            #expect(try await peer.next() == .handled(text: question, conversation: conversation))
            peer.connection.close()
        }
        let peer = try RawPeer(address)
        try peer.send(transcript("show directions for banana pancakes", "c"))
        let full = "assistantd already has 2 conversations open, each waiting up to 60.0 seconds for its answer: answer one, or try again when one ends"
        #expect(try await peer.next() == .notHandled(text: full))
        #expect(log.lines.count == 1)
        #expect(log.lines.last?.hasPrefix("refused a Wyoming transcript from 127.0.0.1:") == true)
        #expect(log.lines.last?.hasSuffix(": \(full)") == true)
        // Answering one ends it and makes room.
        try peer.send(transcript("cancel", "a"))
        #expect(try await peer.next() == .notHandled(text: "OK, cancelled."))
        try peer.send(transcript("show directions", "c"))
        #expect(try await peer.next() == .handled(text: question, conversation: "c"))
        #expect(daemon.wyomingConversations.count == 2)
        peer.connection.close()
        #expect(await finish(daemon) == [])
        #expect(daemon.wyomingConversations.count == 0)
    }

    @Test func aClientAtAPromptAndAWyomingTranscriptAreServedAtOnceAndAnOlderPeerGetsThePlainForm() async throws {
        let daemon = try Wyoming.daemon()
        daemon.start()
        let client = try await TestClient(daemon.socketPath)
        try client.send(.say(text: "show directions", wantsTrace: false))
        guard case .prompt? = await client.next() else { throw Unexpected("no prompt") }
        // A peer writing no version (before 1.7) gets one `handled`, not the streamed form.
        let peer = try RawPeer(daemon.wyomingAddresses[0])
        try peer.send("{\"type\": \"transcript\", \"data\": {\"text\": \"show directions for banana pancakes\"}}\n")
        #expect(try await peer.next() == .handled(text: "Opening Recipe Assistant.\n\(WyomingConversationTests.pancakes)", conversation: nil))
        try peer.send("{\"type\": \"transcript\", \"version\": \"1.6.0\", \"data\": {\"text\": \"next step\"}}\n")
        #expect(try await peer.next() == .handled(text: "Step 1. Mash the bananas in a large bowl.", conversation: nil))
        try client.send(.reply(text: "3"))
        var rest: [DaemonMessage] = []
        while let message = await client.next() {
            rest.append(message)
            if case .outcome = message { break }
        }
        // The client's request goes on from its prompt, on the screen the Wyoming requests left.
        #expect(rest == [
            .spoken(line: "Opening Recipe Assistant."), .spoken(line: "Step 2. Whisk in the eggs and the milk."),
            .outcome(status: .continuedInApp, app: "Recipe Assistant"),
        ])
        peer.connection.close()
        client.connection.close()
        #expect(await finish(daemon) == [])
    }
}
