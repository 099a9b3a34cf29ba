import Assistant
import Foundation

/// The protocol between `assistant` (the client) and `assistantd`: one `ClientMessage` or
/// `DaemonMessage` per frame, JSON, over the same framing as the host protocol
/// (`FramedConnection`: a 4-byte big-endian length, then the payload).
///
/// A conversation: the client says `hello` and gets `welcome` (or a `failure` and the end of the
/// connection). Then, one at a time: `say` gets any number of `spoken` and `prompt` (each prompt
/// answered by a `reply`), an optional `traceEvents`, and one `outcome`; `command` and `apps` get
/// one `listing`; `trace` gets one `traceEvents`; `ping`, at any time after the welcome (a
/// request in progress included), gets one `pong` at once. Anything refused gets one `failure`.
/// A frame that is not a message, or too large, ends that connection only.
public enum ClientProtocol {
    /// The version both ends must speak; `hello` carries the client's.
    public static let version = 2
    /// The daemon's socket file inside its runtime directory.
    public static let socketName = "assistantd.sock"
    /// The largest frame either end sends or accepts: 64 KiB. A `say` of the longest utterance
    /// the assistant admits (`Admission.characterLimit` characters, each at most a 6-byte JSON
    /// escape) fits many times over; a client cannot make the daemon hold more than this per
    /// connection, and a message over it is refused by its sender, never sent.
    public static let frameLimit = 64 << 10
    /// The most messages a client may send ahead of the daemon's reading them: 64. A client
    /// asks one thing at a time (a reply only when prompted), so it never comes near; one that
    /// floods the daemon is closed at the 65th, named in the daemon's log, and nobody else waits.
    public static let unreadLimit = 64

    /// The names a `welcome` lists for `names`: all of them while their JSON fits in the frame
    /// with room to spare (1 KiB for the rest of the message); past that, as many as fit and
    /// `… and N more (assistant apps lists them all)`, so however many apps are installed every
    /// client is welcomed.
    public static func welcomeNames(_ names: [String]) -> [String] {
        var room = frameLimit - 1024
        for (index, name) in names.enumerated() {
            // Each name's JSON at most: quotes and a comma, two bytes for `"` and `\`, six for a control character.
            room -= name.utf8.reduce(3) { $0 + ($1 == 0x22 || $1 == 0x5C ? 2 : $1 < 0x20 ? 6 : 1) }
            if room < 0 { return Array(names[..<index]) + ["… and \(names.count - index) more (assistant apps lists them all)"] }
        }
        return names
    }

    /// The bytes of one message (sorted keys: the same message always gives the same bytes).
    public static func encode(_ message: some Encodable) throws(DaemonError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do { return try encoder.encode(message) } catch {
            throw DaemonError(.badMessage, value: "\(type(of: message))", message: "cannot encode a message: \(error)")
        }
    }

    /// The message a frame carries.
    ///
    /// - Throws: `DaemonError` `.badMessage` naming what was wrong with the bytes.
    public static func decode<Message: Decodable>(_ type: Message.Type, from bytes: Data) throws(DaemonError) -> Message {
        do { return try JSONDecoder().decode(type, from: bytes) } catch {
            let start = String(decoding: bytes.prefix(40), as: UTF8.self)
            throw DaemonError(
                .badMessage, value: start,
                message: "a frame of \(bytes.count) bytes is not a \(Message.self) (\(start.debugDescription)...)")
        }
    }
}

/// What a client sends the daemon.
public enum ClientMessage: Sendable, Equatable, Codable {
    /// The first message: the client's protocol version.
    case hello(version: Int)
    /// An utterance for the assistant; `wantsTrace` asks for the request's trace events before
    /// its outcome.
    case say(text: String, wantsTrace: Bool)
    /// The answer to the prompt in progress, as typed ("2", "yes", "more", "cancel", a title).
    case reply(text: String)
    /// A `:command` line of the REPL (`:open Recipe Assistant`, `:lock`, `:help`, ...).
    case command(line: String)
    /// The installed apps, as `assistant apps` prints them.
    case apps
    /// The last request's trace.
    case trace
    /// Whether the daemon is there: answered by `pong` at once, even while a request runs. The
    /// client sends it after a silence, so a stopped or wedged daemon is noticed.
    case ping
}

/// What the daemon sends a client.
public enum DaemonMessage: Sendable, Equatable, Codable {
    /// The answer to `hello`: the daemon's version and the apps it serves, by name.
    case welcome(version: Int, apps: [String])
    /// A line the assistant says.
    case spoken(line: String)
    /// A question the assistant asks; the client answers with `reply`.
    case prompt(text: String)
    /// A request's trace (after `say` with `wantsTrace`, or for `trace`).
    case traceEvents([TraceEvent])
    /// How a request ended, and the app it went to (nil when no app took it).
    case outcome(status: AssistantOutcome.Status, app: String?)
    /// Text lines: a command's output, or the apps listing.
    case listing(lines: [String])
    /// Why a message was refused.
    case failure(DaemonError)
    /// The answer to `ping`.
    case pong
}

/// A problem the daemon reports to a client, or meets when it starts.
public struct DaemonError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// What is wrong.
    public enum Code: String, Sendable, Codable {
        /// A frame was not a message of the protocol.
        case badMessage
        /// The client speaks another protocol version.
        case wrongVersion
        /// A message came before `hello`, or `hello` came twice.
        case outOfOrder
        /// A request (or a `:command`) is already in progress on this connection.
        case busy
        /// A reply came with no prompt waiting for it.
        case noPrompt
        /// No app is served.
        case noApps
        /// No request has ended yet, so there is no trace.
        case noTrace
        /// The `:command` does not exist or its arguments are wrong.
        case unknownCommand
        /// No served app has the name given.
        case unknownApp
        /// The app refused or could not carry out the command.
        case commandFailed
        /// Another daemon already listens on the socket.
        case alreadyRunning
        /// The runtime directory or the socket cannot be used.
        case cannotListen
        /// An app's connection could not be made.
        case cannotServe
        /// The state directory (where the apps' scene sessions are kept) cannot be made or used.
        case cannotKeepState
        /// The daemon already serves as many clients as it may (`DaemonConfiguration.clientLimit`).
        case tooManyClients
        /// The connection did not say hello within `DaemonConfiguration.helloDeadline`.
        case tooSlow
        /// A message is over `ClientProtocol.frameLimit` (or words over `Admission`'s limit).
        case tooLarge
        /// A Wyoming client sent more than `ClientProtocol.unreadLimit` events ahead of their
        /// answers (a client of the daemon's own protocol is closed with `CloseReason.flooded`).
        case flooded
        /// As many Wyoming conversations as the daemon keeps (`DaemonConfiguration.clientLimit`)
        /// are already open: a new transcript is not handled until one ends.
        case tooManyConversations
    }

    /// What is wrong.
    public let code: Code
    /// The offending value (a message's start, a name, a path).
    public let value: String
    /// A sentence a user can act on.
    public let message: String

    /// An error.
    public init(_ code: Code, value: String, message: String) {
        self.code = code
        self.value = value
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
