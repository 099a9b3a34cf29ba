import Assistant
import AssistantDaemon
import Foundation

/// The client's side of each exchange with the daemon: prints what comes back and answers the
/// prompts from the terminal (or from standard input when it is not a terminal).
@MainActor
struct Conversation {
    let link: DaemonLink
    /// Print trace events as JSON Lines (standard output then holds nothing else).
    let json: Bool
    /// Whether standard input is a terminal: prompts are shown with `› `, lines are not echoed.
    let isTerminal = isatty(STDIN_FILENO) != 0

    /// The statuses that count as a request done.
    static let succeeded: Set<AssistantOutcome.Status> = [.success, .inProgress, .continuedInApp]

    /// What leaves the REPL, typed anywhere, a prompt included (there it cancels the request).
    static let exit = ":exit"

    /// The exit status when the daemon went away.
    static let daemonGone: Int32 = 69

    /// Says `text` and converses until the outcome; answers the exit status (0 done, 1 failed,
    /// 69 the daemon went away, 74 standard output failed).
    ///
    /// Words the assistant would refuse as too long are refused here, by the same rule
    /// (`Admission`), and never sent.
    func say(_ text: String) async -> Int32 {
        var left = false
        return await converse(text, leaving: &left)
    }

    /// Says `text` as `say` does; sets `left` when the user typed `:exit` at a prompt (the request
    /// is cancelled, and the REPL leaves as `:exit` anywhere else would have it).
    private func converse(_ text: String, leaving left: inout Bool) async -> Int32 {
        if let refusal = Admission.refusal(of: text) {
            show(refusal)
            return 1
        }
        guard link.send(.say(text: text, wantsTrace: json)) else { return 1 }
        while true {
            let message: DaemonMessage
            switch await link.next() {
            case .message(let heard): message = heard
            case .gone: return gone()
            case .silent: return silent()
            }
            // Nobody can read the conversation any more: leaving ends the request too.
            if Out.failed { return StandardStreams.outputFailed }
            switch message {
            case .spoken(let line): show(line)
            case .prompt(let question):
                show(question)
                guard let reply = await answer() else { return gone() }
                if reply == Self.exit { left = true }
                guard link.send(.reply(text: reply == Self.exit ? "cancel" : reply)) else { return 1 }
            case .traceEvents(let events): if json { printJSON(events) }
            case .outcome(let status, _): return Self.succeeded.contains(status) ? 0 : 1
            case .failure(let error):
                Out.error(error.message)
                return 1
            case .welcome, .listing, .pong: continue
            }
        }
    }

    /// Sends a message that answers one listing (or trace); prints it; answers the exit status.
    func ask(_ message: ClientMessage) async -> Int32 {
        guard link.send(message) else { return 1 }
        switch await link.next() {
        case .message(.listing(let lines)):
            for line in lines { Out.line(line) }
            return 0
        case .message(.traceEvents(let events)):
            if json { printJSON(events) } else { for event in events { Out.line(event.description) } }
            return 0
        case .message(.failure(let error)):
            Out.error(error.message)
            return 1
        case .gone:
            return gone()
        case .silent:
            return silent()
        default:
            Out.error("the daemon answered something unexpected")
            return 1
        }
    }

    /// The REPL: plain lines are said, `:` lines are commands, until the end of input or `:exit`.
    func repl() async -> Int32 {
        if isTerminal {
            let apps = link.apps.isEmpty ? "no app" : link.apps.joined(separator: ", ")
            Out.line("Connected to assistantd (serving \(apps)). Say something, or :help for commands; :exit or Ctrl-D leaves.")
        }
        while true {
            if isTerminal { Out.prompt("› ") }
            let read: String
            switch await link.inbox.nextLine() {
            case .line(let line): read = line
            case .endOfInput: return 0
            case .daemonGone: return gone()
            }
            let line = read.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if !isTerminal && !json { Out.line("> \(Admission.shortened(line))") }
            if line == Self.exit { return 0 }
            if line.hasPrefix(":") {
                let status = await ask(.command(line: line))
                if status == Self.daemonGone || Out.failed { return status }
                continue
            }
            var left = false
            let status = await converse(line, leaving: &left)
            if status == Self.daemonGone || Out.failed { return status }
            if left { return 0 }
        }
    }

    /// Prints what the assistant or an app said, each of its lines escaped (`PrintableText`): an
    /// installed app's words, or a user's echoed back, cannot drive the terminal.
    private func show(_ text: String) {
        let printable = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { PrintableText.escaped(String($0)) }.joined(separator: "\n")
        // With --json standard output holds only JSON Lines; the words still reach a person.
        if json { Out.streams.errors.write(printable) } else { Out.line(printable) }
    }

    /// The user's answer to a prompt: typed after `› ` on a terminal, else the next line of
    /// standard input (repeated so the transcript shows it); the end of input cancels. An answer
    /// over the admission limit is refused and asked again. Nil when the daemon went away.
    private func answer() async -> String? {
        while true {
            if isTerminal { Out.prompt("› ") }
            switch await link.inbox.nextLine() {
            case .daemonGone: return nil
            case .endOfInput: return "cancel"
            case .line(let line):
                if !isTerminal && !json { Out.line("> \(Admission.shortened(line))") }
                if line.trimmingCharacters(in: .whitespaces) == Self.exit { return Self.exit }
                guard let refusal = Admission.refusal(of: line) else { return line }
                show(refusal)
            }
        }
    }

    private func printJSON(_ events: [TraceEvent]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for event in events {
            if let data = try? encoder.encode(event) { Out.line(String(decoding: data, as: UTF8.self)) }
        }
    }

    private func gone() -> Int32 {
        Out.error("the daemon closed the connection (it stopped)")
        return Self.daemonGone
    }

    /// The daemon said nothing, not even to a ping: it is given up, the connection closed.
    private func silent() -> Int32 {
        link.close()
        Out.error("the daemon stopped answering: nothing for \(DaemonLink.quietLimit * 2), not even to a ping; it may be stopped (SIGSTOP) or wedged")
        return Self.daemonGone
    }
}
