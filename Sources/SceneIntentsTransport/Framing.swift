import Foundation

/// The wire format: each frame is a 4-byte big-endian payload length, then the payload bytes.
public enum Framing {
    /// The default largest payload a frame may carry: 1 MiB.
    public static let defaultLimit = 1 << 20

    /// The size of the length header.
    public static let headerSize = 4

    /// The bytes of one frame carrying `payload`.
    ///
    /// Throws ``FrameError/oversize(length:limit:)`` when the payload is over `limit`, so a
    /// sender never puts on the wire a frame its peer must refuse.
    public static func encode(_ payload: Data, limit: Int = defaultLimit) throws(FrameError) -> Data {
        guard payload.count <= limit, payload.count <= Int(UInt32.max) else {
            throw .oversize(length: payload.count, limit: limit)
        }
        var frame: [UInt8] = []
        frame.reserveCapacity(headerSize + payload.count)
        append(payload, to: &frame)
        return Data(frame)
    }

    /// Appends the frame carrying `payload` to `frames`; the caller has checked its size.
    static func append(_ payload: Data, to frames: inout [UInt8]) {
        let length = UInt32(payload.count)
        frames.append(UInt8(length >> 24))
        frames.append(UInt8(length >> 16 & 0xff))
        frames.append(UInt8(length >> 8 & 0xff))
        frames.append(UInt8(length & 0xff))
        frames.append(contentsOf: payload)
    }
}

/// Cuts a byte stream into frame payloads, whatever the reads' boundaries: frames may arrive
/// split across reads or several in one read.
///
/// Feed each read with ``append(_:)``, take complete payloads with ``next()`` until it answers
/// `nil`, and call ``finish()`` at the end of the stream to learn whether it ended inside a frame.
/// After ``next()`` or ``finish()`` throws, the stream is unusable: end the connection.
public struct FrameDecoder: Sendable {
    /// The largest payload accepted.
    public let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0

    /// A decoder accepting payloads up to `limit` bytes.
    public init(limit: Int = Framing.defaultLimit) {
        self.limit = limit
    }

    /// The bytes received and not yet returned as a payload.
    public var pendingByteCount: Int { buffer.count - start }

    /// Adds the bytes of one read.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Adds the bytes of one read.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// The next complete payload, or `nil` when more bytes are needed.
    ///
    /// Throws ``FrameError/oversize(length:limit:)`` as soon as a header announces more than the
    /// limit, before any of that payload is buffered.
    public mutating func next() throws(FrameError) -> Data? {
        guard pendingByteCount >= Framing.headerSize else { return nil }
        let length = announcedLength
        guard length <= limit else { throw .oversize(length: length, limit: limit) }
        guard pendingByteCount >= Framing.headerSize + length else { return nil }
        let payloadStart = start + Framing.headerSize
        let payload = buffer.withUnsafeBytes { Data($0[payloadStart..<payloadStart + length]) }
        start = payloadStart + length
        return payload
    }

    /// Checks that the stream ended between frames.
    ///
    /// Throws ``FrameError/truncated(expected:received:)`` naming how many bytes the frame in
    /// progress needed and how many came (a partial header expects 4).
    public func finish() throws(FrameError) {
        let pending = pendingByteCount
        guard pending > 0 else { return }
        let expected = pending < Framing.headerSize ? Framing.headerSize : Framing.headerSize + announcedLength
        throw .truncated(expected: expected, received: pending)
    }

    private var announcedLength: Int {
        buffer[start..<start + Framing.headerSize].reduce(0) { $0 << 8 | Int($1) }
    }

    /// Drops consumed bytes once they are most of the buffer, so memory follows the frame in
    /// progress and not the stream's history.
    private mutating func compact() {
        if start > 0 && start * 2 >= buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }
}
