import CommandLineOptions
import Foundation

/// `assistant`: the user's side of `assistantd`. See `ClientOptions.syntax`; exit status 0 done,
/// 1 the request failed, 2 usage, 69 no daemon running (with the command that starts one), 74
/// standard output cannot be written (one line on standard error).
@MainActor
func main() async -> Int32 {
    // Before anything is opened: a closed standard stream's number is taken (see `StandardStreams`).
    if Out.failed { return Out.streams.finished(0) }
    let options: ClientOptions
    do throws(UsageError) {
        guard case .run(let given) = try ClientOptions.syntax.parse(Array(CommandLine.arguments.dropFirst()), into: ClientOptions()) else {
            Out.streams.output.write(ClientOptions.syntax.helpText)
            return Out.streams.finished(0)
        }
        options = given
    } catch {
        Out.streams.error(error.message)
        return 2
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
