import AssistantDaemon
import Foundation
import SceneIntentsCommandLine
import SceneIntentsTransport

/// What reaches the client, from both sides: the daemon's messages and the user's lines, each
/// in order, so that waiting for one still hears the other. While the user is being waited
/// for (at a prompt, or at the REPL's `›`), a daemon that goes away is noticed at once, not
/// when the user next types.
///
/// Each source is read by a task on the main actor; one reader at a time waits here. A line is
/// read only when one is waited for, so what the user types or pipes ahead waits in
/// `StandardInputLines` (bounded), not here.
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

    /// What waiting for the daemon came to.
    enum Heard: Equatable {
        case message(DaemonMessage)
        /// The connection ended, every message before the end read.
        case ended
        /// Nothing came for the time given.
        case quiet
    }

    private var messages: [DaemonMessage] = []
    private var daemonEnded = false
    /// Set by the timer of the `nextMessage(orQuietAfter:on:)` waiting now.
    private var quiet = false
    private var line: String?
    private var inputEnded = false
    private var reading = false
    private var input: (any LineSource)?
    private let makeInput: () -> any LineSource
    private var waiter: CheckedContinuation<Void, Never>?

    /// Reads `events` at once; makes `input` (the user's lines) on the first wait for a line.
    init(events: AsyncStream<ConnectionEvent>, input: @escaping () -> any LineSource) {
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

    /// The daemon's next message, or `.ended`, or `.quiet` when nothing comes within `limit` on
    /// `clock`.
    func nextMessage(orQuietAfter limit: Duration, on clock: any Clock<Duration>) async -> Heard {
        quiet = false
        let timer = Task { [weak self] in
            try? await clock.sleep(for: limit, tolerance: nil)
            guard !Task.isCancelled, let self else { return }
            quiet = true
            wake()
        }
        defer { timer.cancel() }
        while true {
            if !messages.isEmpty { return .message(messages.removeFirst()) }
            if daemonEnded { return .ended }
            if quiet { return .quiet }
            await wait()
        }
    }

    /// The user's next line, unless the daemon goes away first.
    func nextLine() async -> Line {
        while true {
            if daemonEnded { return .daemonGone }
            if let taken = line {
                line = nil
                return .line(taken)
            }
            if inputEnded { return .endOfInput }
            readLine()
            await wait()
        }
    }

    /// Starts reading the next line, unless a read is under way.
    private func readLine() {
        guard !reading else { return }
        reading = true
        let source = input ?? makeInput()
        input = source
        Task { [weak self] in
            let next = await source.nextLine()
            guard let self else { return }
            reading = false
            if let next { line = next } else { inputEnded = true }
            wake()
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
