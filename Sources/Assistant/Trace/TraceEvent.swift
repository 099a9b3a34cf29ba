/// One thing that happened during an exchange, at an instant of the assistant's clock.
public struct TraceEvent: Sendable, Equatable, Codable, CustomStringConvertible {
    /// What kind of thing happened.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A request arrived (an utterance or a typed intent).
        case request
        /// The vocabulary interpreted an utterance.
        case interpret
        /// The request was routed to the app, or refused.
        case route
        /// A host process was started, connected, exited, was killed, or broke the protocol.
        case process
        /// An app or scene or view lifecycle callback.
        case lifecycle
        /// A phase call was sent to the app, with its budget.
        case call
        /// The app answered a phase call.
        case result
        /// The assistant asked the user something.
        case prompt
        /// The user answered.
        case answer
        /// The assistant said something.
        case say
        /// A phase ran out of time.
        case timeout
        /// An answer arrived after its phase timed out and was dropped.
        case late
        /// The host reported something no answer carries.
        case report
        /// The app was brought forward to continue an activity.
        case continuation
        /// The exchange ended.
        case outcome
    }

    /// When, measured on the assistant's clock from its start.
    public var at: Duration
    /// What kind of event.
    public var kind: Kind
    /// The event's details, one line.
    public var detail: String

    /// An event.
    public init(at: Duration, kind: Kind, detail: String) {
        self.at = at
        self.kind = kind
        self.detail = detail
    }

    /// The instant as seconds with millisecond precision, e.g. `12.345`.
    public var seconds: String { DurationFormat.seconds(at, trimmed: false) }

    /// One readable line: instant, kind, detail.
    public var description: String {
        let kind = kind.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)
        // The detail holds words from outside (utterances, replies, resolved values): escaped, so a
        // printed trace can neither drive the terminal nor forge a line.
        return "\(seconds.leftPadded(to: 8))s  \(kind)\(PrintableText.escaped(detail))"
    }

    private enum CodingKeys: String, CodingKey { case at, kind, detail }

    /// Decodes an event whose instant is in seconds (`"12.345"`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let seconds = try container.decode(String.self, forKey: .at)
        guard let value = Double(seconds) else {
            throw DecodingError.dataCorruptedError(forKey: .at, in: container, debugDescription: "not seconds: \(seconds)")
        }
        at = .milliseconds(Int64((value * 1000).rounded()))
        kind = try container.decode(Kind.self, forKey: .kind)
        detail = try container.decode(String.self, forKey: .detail)
    }

    /// Encodes the instant as seconds with millisecond precision.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seconds, forKey: .at)
        try container.encode(kind, forKey: .kind)
        try container.encode(detail, forKey: .detail)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
