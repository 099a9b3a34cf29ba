import Foundation

/// `assistant`: the user's side of `assistantd`. See `ClientOptions.usage`; exit status 0 done,
/// 1 the request failed, 2 usage, 69 no daemon running (with the command that starts one).
@MainActor
func main() async -> Int32 {
    let options: ClientOptions
    do {
        options = try ClientOptions(parsing: Array(CommandLine.arguments.dropFirst()))
    } catch {
        Out.write("assistant: \(error.message)\n\n\(ClientOptions.usage)", to: .standardError)
        return 2
    }
    if options.help {
        Out.write(ClientOptions.usage, to: .standardOutput)
        return 0
    }
    let link: DaemonLink
    do {
        link = try await DaemonLink(runtimeDirectory: options.runtimeDirectory)
    } catch {
        Out.error("assistant: \(error.message)")
        return 69
    }
    defer { link.close() }
    let conversation = Conversation(link: link, input: LineReader(), json: options.json)
    switch options.command {
    case .say(let text): return await conversation.say(text)
    case .apps: return await conversation.ask(.apps)
    case .trace: return await conversation.ask(.trace)
    case .repl: return await conversation.repl()
    }
}

exit(await main())
