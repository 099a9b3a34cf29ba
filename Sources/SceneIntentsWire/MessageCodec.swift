import Foundation
import SceneIntents

/// Encodes and decodes messages as JSON: compact, keys sorted, so the bytes are reproducible
/// (the same bytes `JSONEncoder` writes with `.sortedKeys`); decoding intents and parameter
/// values needs the app's catalog.
///
/// The coders are the package's own (`JSON/`): a writer and a reader that work on the bytes
/// directly, conversions by hand for the messages, which make up most of every frame, and lean
/// `Encoder`/`Decoder` for the app's types inside them. `Foundation`'s coders cost several times
/// more per message, mostly in bookkeeping a message never needs.
///
/// Use one codec per connection: a host's codec remembers the intent of each call it decodes
/// until it encodes that call's answer, and a `proceed` answer holding that very intent (its
/// visit changed nothing) is written without it; the system's side reads `AnyIntent.asCalled`
/// there, and its `AppLink` puts back the intent of the call it sent.
public struct MessageCodec: Sendable {
    /// The app's intent types.
    public let catalog: IntentCatalog
    /// What the coders of every message share: made once, with the calls' intents it keeps.
    private let context: JSONCoderContext

    /// A codec for an app's catalog.
    public init(catalog: IntentCatalog) {
        self.catalog = catalog
        context = JSONCoderContext(catalog: catalog)
    }

    /// A message's bytes.
    public func encode(_ message: some Encodable & Sendable) throws(ProtocolError) -> Data {
        do {
            var writer = JSONWriter()
            if let convertible = Self.convertible(message) {
                try convertible.write(to: &writer, context)
            } else {
                writer.value(try context.box(message))
            }
            return writer.withBytes { Data($0) }
        } catch {
            throw ProtocolError(.undecodable, "cannot encode \(type(of: message)): \(error)")
        }
    }

    /// Writes an app's message after what `writer` holds: what `encode(_:)` writes, with no
    /// cast and no buffer of its own, so one job's messages go into one frame as they are sent.
    /// On an error `writer` holds a part of the message, for the caller to drop.
    package func write(_ message: AppMessage, to writer: inout JSONWriter) throws(ProtocolError) {
        do { try message.write(to: &writer, context) } catch {
            throw ProtocolError(.undecodable, "cannot encode AppMessage: \(error)")
        }
    }

    /// The message these bytes hold.
    ///
    /// - Throws: `ProtocolError.undecodable` naming what is wrong and where.
    public func decode<M: Decodable>(_ type: M.Type, from data: Data) throws(ProtocolError) -> M {
        do {
            return try data.withUnsafeBytes { raw in
                try Self.read(M.self, from: raw.bindMemory(to: UInt8.self), context)
            }
        } catch {
            throw Self.undecodable(error, bytes: data)
        }
    }

    /// The protocol error for what reading `bytes` threw.
    private static func undecodable(_ error: any Error, bytes data: Data) -> ProtocolError {
        switch error {
        case let error as JSONSyntaxError: ProtocolError(.undecodable, "\(data.count) bytes that are not a message: \(error)")
        case let error as DecodingError: ProtocolError(.undecodable, explain(error, bytes: data.count))
        default: ProtocolError(.undecodable, "\(error)")
        }
    }

    /// The payloads of the frames that carry `payloads` (each one message's bytes, as `encode`
    /// makes them), in order: a lone message is its own frame, as it always was; several go in
    /// one frame as a JSON array of them (`[m1,m2,…]`), as many as fit in `limit` bytes each,
    /// so one write carries one main-actor job's messages (a relaunch reconnecting 100 scenes
    /// reports some 300 lifecycle callbacks) and the reader decodes one frame, not hundreds. A
    /// message over `limit` on its own is left alone (its send fails as it would have).
    public static func frames(_ payloads: [Data], limit: Int) -> [Data] {
        guard payloads.count > 1 else { return payloads }
        var frames: [Data] = []
        var batch: [Data] = []
        var size = 1
        func close() {
            guard !batch.isEmpty else { return }
            if batch.count == 1 {
                frames.append(batch[0])
            } else {
                var frame = Data(capacity: size + 1)
                frame.append(UInt8(ascii: "["))
                for (index, payload) in batch.enumerated() {
                    if index > 0 { frame.append(UInt8(ascii: ",")) }
                    frame.append(payload)
                }
                frame.append(UInt8(ascii: "]"))
                frames.append(frame)
            }
            batch.removeAll(keepingCapacity: true)
            size = 1
        }
        for payload in payloads {
            // The brackets and a comma each: `size` counts "[" and a separator per message.
            if !batch.isEmpty, size + payload.count + 1 > limit { close() }
            batch.append(payload)
            size += payload.count + 1
        }
        close()
        return frames
    }

    /// Each message a frame holds, in order, to `deliver`: the one message of a frame that holds
    /// one, else each of the array `frames(_:limit:)` makes, decoded and delivered before the
    /// next is read, so the messages before a broken one are delivered as separate frames were.
    ///
    /// - Throws: `ProtocolError.undecodable` (as `decode` does) at the first message that is not
    ///   one; whatever `deliver` throws.
    public func decodeEach<M: Decodable>(
        _ type: M.Type, from data: Data, _ deliver: (M) throws(ProtocolError) -> Void
    ) throws(ProtocolError) {
        guard data.first == UInt8(ascii: "[") else { return try deliver(decode(M.self, from: data)) }
        var delivered: ProtocolError?
        do {
            try data.withUnsafeBytes { raw in
                var reader = JSONReader(raw.bindMemory(to: UInt8.self))
                try reader.elements { _, reader in
                    let message = try Self.readValue(M.self, &reader, context)
                    do throws(ProtocolError) { try deliver(message) } catch {
                        delivered = error
                        throw error
                    }
                }
                try reader.end()
            }
        } catch {
            if let delivered { throw delivered }
            // Named as `decode` names it: the syntax first, then what the values mean.
            throw Self.undecodable(error, bytes: data)
        }
    }

    /// The message `bytes` hold, read straight from them.
    private static func read<M: Decodable>(_ type: M.Type, from bytes: UnsafeBufferPointer<UInt8>, _ context: JSONCoderContext) throws -> M {
        var reader = JSONReader(bytes)
        do {
            let message = try readValue(M.self, &reader, context)
            try reader.end()
            return message
        } catch let error as DecodingError {
            // Bad syntax anywhere is the problem to name, before what the values mean: the
            // document is checked whole only when its meaning was wrong, so it is read once.
            var checker = JSONReader(bytes)
            try checker.skip()
            try checker.end()
            throw error
        }
    }

    /// The message as a `JSONConvertible`; the two message enums are compared first, which is
    /// cheaper than asking the runtime for a conformance.
    private static func convertible(_ message: some Encodable) -> (any JSONConvertible)? {
        // A comparison of types, then a cast the runtime need not check: `as?` from a generic
        // value is a search through the runtime's conformances on every message.
        if type(of: message) == SystemMessage.self { return _identityCast(message, to: SystemMessage.self) }
        if type(of: message) == AppMessage.self { return _identityCast(message, to: AppMessage.self) }
        return message as? any JSONConvertible
    }

    /// The value `reader` is at, as an `M`: converted by hand when `M` is `JSONConvertible`,
    /// else through `Decodable`. The two message enums are compared first, which is cheaper than
    /// asking the runtime for a conformance and boxing the message in an existential. Each cast
    /// is to the type just read, so it cannot fail; a forced one asks for no `Optional<M>`.
    private static func readValue<M: Decodable>(_ type: M.Type, _ reader: inout JSONReader, _ context: JSONCoderContext) throws -> M {
        if type == SystemMessage.self { return _identityCast(try SystemMessage(reading: &reader, context), to: M.self) }
        if type == AppMessage.self { return _identityCast(try AppMessage(reading: &reader, context), to: M.self) }
        if let convertible = type as? any JSONConvertible.Type { return try convertible.init(reading: &reader, context) as! M }
        return try reader.decoded(type, context)
    }

    private static func explain(_ error: DecodingError, bytes: Int) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at \(keys)"
        }
        return switch error {
        case .dataCorrupted(let context): "\(bytes) bytes that are not a message\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context): "no '\(key.stringValue)'\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): "\(context.debugDescription)\(path(context))"
        @unknown default: "\(error)"
        }
    }
}
