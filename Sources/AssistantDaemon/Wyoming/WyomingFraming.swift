import Foundation

/// Wyoming's framing: each event is one line of JSON (`type`, optional `data`, `data_length`,
/// `payload_length`, and the sender's protocol `version`) ending in a newline, then
/// `data_length` bytes of extra data (a JSON object merged over `data`), then `payload_length`
/// bytes of payload.
package enum WyomingFraming {
    /// The largest event read: its line, extra data and payload together, 64 KiB (the client
    /// socket's frame limit). A transcript of the longest utterance the assistant admits fits
    /// many times over; audio, which this server does not take, would not.
    package static let eventLimit = ClientProtocol.frameLimit
    /// The protocol version this server writes in each event: the one whose events it follows.
    package static let version = "1.7.0"

    /// The bytes of `event`: its line, with its data in the line (no extra data, no payload).
    package static func encode(_ event: WyomingEvent, version: String? = version) -> Data {
        let data = event.data
        let header = Header(type: event.type, data: data == WyomingData() ? nil : data, version: version)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and arrays of them: nothing here can fail to encode.
        var line = (try? encoder.encode(header)) ?? Data(#"{"type":"error"}"#.utf8)
        line.append(0x0A)
        return line
    }

    /// Whether a sender of protocol `version` reads the streamed answer form (1.7.0 and later).
    package static func streams(_ version: String?) -> Bool {
        guard let version else { return false }
        var parts = version.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        while parts.count < 3 { parts.append(0) }
        return !parts.lexicographicallyPrecedes([1, 7, 0])
    }

    struct Header: Codable {
        var type: String
        var data: WyomingData?
        var dataLength: Int?
        var payloadLength: Int?
        var version: String?

        init(type: String, data: WyomingData?, version: String?) {
            (self.type, self.data, self.version) = (type, data, version)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            type = try container.decode(String.self, forKey: .type)
            data = try container.decodeIfPresent(WyomingData.self, forKey: .data)
            dataLength = try container.decodeIfPresent(Int.self, forKey: .dataLength)
            payloadLength = try container.decodeIfPresent(Int.self, forKey: .payloadLength)
            version = try? container.decodeIfPresent(String.self, forKey: .version)
        }

        enum CodingKeys: String, CodingKey {
            case type, data, version
            case dataLength = "data_length"
            case payloadLength = "payload_length"
        }
    }
}

/// One event read, with the protocol version its sender wrote in it.
package struct WyomingReceived: Sendable, Equatable {
    /// The event.
    package var event: WyomingEvent
    /// The sender's `version`, if it gave one.
    package var version: String?
}

/// Cuts a byte stream into Wyoming events, whatever the reads' boundaries, holding at most one
/// event's bytes (``WyomingFraming/eventLimit``).
///
/// Feed each read with ``append(_:)`` and take events with ``next()`` until it answers nil.
/// After ``next()`` throws, the stream is unusable: answer the error and end the connection.
package struct WyomingDecoder: Sendable {
    /// The largest event accepted: line, extra data and payload.
    package let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the line's end goes on (the bytes before it have no newline).
    private var scanned = 0
    /// The line read of the event in progress, and its size with its data and payload.
    private var pending: (header: WyomingFraming.Header, lineLength: Int, total: Int)?

    /// A decoder refusing events over `limit` bytes.
    package init(limit: Int = WyomingFraming.eventLimit) {
        self.limit = limit
    }

    /// Adds the bytes of one read.
    package mutating func append(_ bytes: Data) {
        if start > 0 && start * 2 >= buffer.count {
            buffer.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete event, or nil when more bytes are needed.
    ///
    /// - Throws: `DaemonError` `.tooLarge` as soon as an event is known to be over the limit
    ///   (before its bytes are held), `.badMessage` for a line that is not an event's header,
    ///   extra data that is not a JSON object, or an event lacking what its type needs.
    package mutating func next() throws(DaemonError) -> WyomingReceived? {
        while pending == nil {
            guard let end = buffer[scanned...].firstIndex(of: 0x0A) else {
                scanned = buffer.count
                guard buffer.count - start <= limit else {
                    throw DaemonError(
                        .tooLarge, value: "\(buffer.count - start)",
                        message: "an event's line ran past \(limit) bytes without its end: events are at most \(limit) bytes")
                }
                return nil
            }
            let line = buffer[start..<end]
            start = end + 1
            scanned = start
            // Blank lines (a terminal's stray newline) carry nothing.
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
            let header = try Self.header(line)
            let (extra, payload) = (header.dataLength ?? 0, header.payloadLength ?? 0)
            guard extra >= 0, payload >= 0 else {
                throw DaemonError(.badMessage, value: header.type, message: "the \(header.type) event announces a negative length")
            }
            let total = line.count + 1 + extra + payload
            guard total <= limit else {
                throw DaemonError(
                    .tooLarge, value: "\(total)",
                    message: "the \(header.type) event announces \(total) bytes (line, data and payload), over the limit of \(limit) bytes")
            }
            pending = (header, line.count + 1, total)
        }
        guard let (header, lineLength, total) = pending, buffer.count - start >= total - lineLength else { return nil }
        var data = header.data ?? WyomingData()
        if let length = header.dataLength, length > 0 {
            let extra = Data(buffer[start..<start + length])
            do {
                data = data.merged(with: try JSONDecoder().decode(WyomingData.self, from: extra))
            } catch {
                throw DaemonError(.badMessage, value: header.type, message: "the extra data of the \(header.type) event is not a JSON object")
            }
        }
        // A payload (audio, which this server does not take) is read past, not kept.
        start += total - lineLength
        scanned = start
        pending = nil
        return WyomingReceived(event: try WyomingEvent(type: header.type, data: data), version: header.version)
    }

    private static func header(_ line: ArraySlice<UInt8>) throws(DaemonError) -> WyomingFraming.Header {
        do {
            return try JSONDecoder().decode(WyomingFraming.Header.self, from: Data(line))
        } catch {
            let quoted = String(decoding: line.prefix(40), as: UTF8.self)
            throw DaemonError(
                .badMessage, value: quoted,
                message: "a line of \(line.count) bytes is not a Wyoming event (a JSON object with a type, data an object, lengths whole numbers): \(quoted.debugDescription)...")
        }
    }
}
