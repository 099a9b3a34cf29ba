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
