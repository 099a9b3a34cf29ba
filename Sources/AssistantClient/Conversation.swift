import Assistant
import AssistantDaemon
import Foundation

/// The client's side of each exchange with the daemon: prints what comes back and answers the
/// prompts from the terminal (or from standard input when it is not a terminal).
@MainActor
struct Conversation {
    let link: DaemonLink
    let input: LineReader
    /// Print trace events as JSON Lines (standard output then holds nothing else).
    let json: Bool

    /// The statuses that count as a request done.
    static let succeeded: Set<AssistantOutcome.Status> = [.success, .inProgress, .continuedInApp]

    /// Says `text` and converses until the outcome; answers the exit status (0 done, 1 failed,
    /// 69 the daemon went away).
    func say(_ text: String) async -> Int32 {
        link.send(.say(text: text, wantsTrace: json))
        while let message = await link.next() {
            switch message {
            case .spoken(let line): show(line)
            case .prompt(let question):
                show(question)
                link.send(.reply(text: await answer()))
            case .traceEvents(let events): if json { printJSON(events) }
            case .outcome(let status, _): return Self.succeeded.contains(status) ? 0 : 1
            case .failure(let error):
                Out.error("assistant: \(error.message)")
                return 1
            case .welcome, .listing: continue
            }
        }
        return gone()
    }

    /// Sends a message that answers one listing (or trace); prints it; answers the exit status.
    func ask(_ message: ClientMessage) async -> Int32 {
        link.send(message)
        switch await link.next() {
        case .listing(let lines)?:
            for line in lines { Out.line(line) }
            return 0
        case .traceEvents(let events)?:
            if json { printJSON(events) } else { for event in events { Out.line(event.description) } }
            return 0
        case .failure(let error)?:
            Out.error("assistant: \(error.message)")
            return 1
        case nil:
            return gone()
        default:
            Out.error("assistant: the daemon answered something unexpected")
            return 1
        }
    }

    /// The REPL: plain lines are said, `:` lines are commands, until the end of input or `:exit`.
    func repl() async -> Int32 {
        if input.isTerminal {
            let apps = link.apps.isEmpty ? "no app" : link.apps.joined(separator: ", ")
            Out.line("Connected to assistantd (serving \(apps)). Say something, or :help for commands; :exit or Ctrl-D leaves.")
        }
        while true {
            if input.isTerminal { Out.write("› ", to: .standardOutput) }
            guard let read = await input.next() else { return 0 }
            let line = read.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if !input.isTerminal && !json { Out.line("> \(line)") }
            if line == ":exit" { return 0 }
            let status = line.hasPrefix(":") ? await ask(.command(line: line)) : await say(line)
            if status == 69 { return status }
        }
    }

    private func show(_ text: String) {
        // With --json standard output holds only JSON Lines; the words still reach a person.
        if json { Out.error(text) } else { Out.line(text) }
    }

    /// The user's answer to a prompt: typed after `› ` on a terminal, else the next line of
    /// standard input (repeated so the transcript shows it); the end of input cancels.
    private func answer() async -> String {
        if input.isTerminal { Out.write("› ", to: .standardOutput) }
        guard let line = await input.next() else { return "cancel" }
        if !input.isTerminal && !json { Out.line("> \(line)") }
        return line
    }

    private func printJSON(_ events: [TraceEvent]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for event in events {
            if let data = try? encoder.encode(event) { Out.line(String(decoding: data, as: UTF8.self)) }
        }
    }

    private func gone() -> Int32 {
        Out.error("assistant: the daemon closed the connection (it stopped)")
        return 69
    }
}
