import Foundation

/// Why a peer's message stream was ended. The connection is closed, the trace names the cause,
/// and nothing else is affected.
public struct ProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Equatable, Codable {
        /// The bytes of a frame are not a message of this protocol.
        case undecodable
        /// The peer speaks another protocol version.
        case wrongVersion
        /// The hello's token is not the one the system gave this host.
        case wrongToken
        /// A message came when it may not (a second hello, a call before accept, an answer to
        /// no call).
        case outOfOrder
        /// A frame was longer than the limit.
        case oversizeFrame
        /// The stream ended in the middle of a frame.
        case truncatedFrame
    }

    /// What went wrong.
    public var code: Code
    /// The detail: the decoder's complaint, the versions, the message that came.
    public var detail: String

    /// An error.
    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    /// One line for the trace.
    public var description: String { "protocol error (\(code.rawValue)): \(detail)" }
}

/// Encodes and decodes messages as JSON (sorted keys, so the bytes are reproducible); decoding
/// intents and parameter values needs the app's catalog.
public struct MessageCodec: Sendable {
    /// The app's intent types.
    public let catalog: IntentCatalog
    // Made once: an encoder or decoder costs more to make than a small message costs to code.
    private let encoder: JSONEncoder
    private let decoder: JSONDecoder

    /// A codec for an app's catalog.
    public init(catalog: IntentCatalog) {
        self.catalog = catalog
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        decoder = catalog.makeDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
    }

    /// A message's bytes.
    public func encode(_ message: some Encodable & Sendable) throws(ProtocolError) -> Data {
        do { return try encoder.encode(message) } catch {
            throw ProtocolError(.undecodable, "cannot encode \(type(of: message)): \(error)")
        }
    }

    /// The message these bytes hold.
    ///
    /// - Throws: `ProtocolError.undecodable` naming what the decoder found wrong.
    public func decode<M: Decodable>(_ type: M.Type, from data: Data) throws(ProtocolError) -> M {
        do { return try decoder.decode(M.self, from: data) } catch let error as DecodingError {
            throw ProtocolError(.undecodable, Self.explain(error, bytes: data.count))
        } catch {
            throw ProtocolError(.undecodable, "\(error)")
        }
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
