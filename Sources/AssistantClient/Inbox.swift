import AssistantDaemon
import Foundation
import SceneIntentsTransport

/// What reaches the client, from both sides: the daemon's messages and the user's lines, each
/// in order, so that waiting for one still hears the other. While the user is being waited
/// for (at a prompt, or at the REPL's `›`), a daemon that goes away is noticed at once, not
/// when the user next types.
///
/// Each source is read by a task on the main actor; one reader at a time waits here.
@MainActor
final class Inbox {
    /// What waiting for the user's next line came to.
    enum Line: Equatable {
        case line(String)
        /// Standard input ended.
        case endOfInput
        /// The daemon closed the connection (it stopped, or was killed).
        case daemonGone
    }

    private var messages: [DaemonMessage] = []
    private var daemonEnded = false
    private var lines: [String] = []
    private var inputEnded = false
    private var input: AsyncStream<String>?
    private var makeInput: () -> AsyncStream<String>
    private var waiter: CheckedContinuation<Void, Never>?

    /// Reads `events` at once; starts `input` (the user's lines) on the first wait for a line.
    init(events: AsyncStream<ConnectionEvent>, input: @escaping () -> AsyncStream<String>) {
        makeInput = input
        Task { [weak self] in
            for await event in events {
                guard let self else { return }
                // An unreadable frame ends the conversation as a closed connection does.
                if case .frame(let bytes) = event, let message = try? ClientProtocol.decode(DaemonMessage.self, from: bytes) {
                    messages.append(message)
                } else {
                    daemonEnded = true
                }
                wake()
            }
            self?.daemonEnded = true
            self?.wake()
        }
    }

    /// The daemon's next message; nil once the connection has ended and every message before
    /// the end has been read.
    func nextMessage() async -> DaemonMessage? {
        while true {
            if !messages.isEmpty { return messages.removeFirst() }
            if daemonEnded { return nil }
            await wait()
        }
    }

    /// The user's next line, unless the daemon goes away first.
    func nextLine() async -> Line {
        startInput()
        while true {
            if daemonEnded { return .daemonGone }
            if !lines.isEmpty { return .line(lines.removeFirst()) }
            if inputEnded { return .endOfInput }
            await wait()
        }
    }

    private func startInput() {
        guard input == nil else { return }
        let stream = makeInput()
        input = stream
        Task { [weak self] in
            for await line in stream {
                guard let self else { return }
                lines.append(line)
                wake()
            }
            self?.inputEnded = true
            self?.wake()
        }
    }

    private func wait() async {
        await withCheckedContinuation { waiter = $0 }
    }

    private func wake() {
        let waiting = waiter
        waiter = nil
        waiting?.resume()
    }
}
