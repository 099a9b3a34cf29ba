import Foundation

/// `assistant`: the user's side of `assistantd`. See `ClientOptions.usage`; exit status 0 done,
/// 1 the request failed, 2 usage, 69 no daemon running (with the command that starts one), 74
/// standard output cannot be written (one line on standard error).
@MainActor
func main() async -> Int32 {
    // Before anything is opened: a closed standard stream's number is taken (see `StandardStreams`).
    if Out.failed { return Out.streams.finished(0) }
    let options: ClientOptions
    do {
        options = try ClientOptions(parsing: Array(CommandLine.arguments.dropFirst()))
    } catch {
        Out.streams.errors.writePrompt("assistant: \(error.message)\n\n\(ClientOptions.usage)")
        return 2
    }
    if options.help {
        Out.streams.output.writePrompt(ClientOptions.usage)
        return Out.streams.finished(0)
    }
    let link: DaemonLink
    do {
        link = try await DaemonLink(runtimeDirectory: options.runtimeDirectory)
    } catch {
        Out.error(error.message)
        return 69
    }
    defer { link.close() }
    let conversation = Conversation(link: link, json: options.json)
    let status: Int32
    switch options.command {
    case .say(let text): status = await conversation.say(text)
    case .apps: status = await conversation.ask(.apps)
    case .trace: status = await conversation.ask(.trace)
    case .repl: status = await conversation.repl()
    }
    return Out.streams.finished(status)
}

exit(await main())
