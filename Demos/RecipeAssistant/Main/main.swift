import Foundation
import RecipeAssistantKit

/// `recipe-assistant`: the Recipe Assistant demo. See `--help`.
@MainActor
func main() async -> Int32 {
    var options = RecipeShell.Options()
    var scriptPath: String?
    var tour = false
    var arguments = CommandLine.arguments.dropFirst().makeIterator()
    while let argument = arguments.next() {
        switch argument {
        case "--script":
            guard let path = arguments.next() else { return usage("--script needs a file") }
            scriptPath = path
        case "--tour": tour = true
        case "--trace": options.trace = true
        case "--json": options.json = true
        case "--speak": options.speak = true
        case "--catalog-size":
            guard let value = arguments.next(), let size = Int(value), (0...5_000_000).contains(size) else {
                return usage("--catalog-size needs a whole number from 0 to 5000000")
            }
            options.catalogSize = size
        case "--help", "-h":
            print(helpText)
            return 0
        default: return usage("unknown option \(argument)")
        }
    }
    let input: any LineSource
    if tour {
        input = ScriptLines(text: Tour.script)
        options.echo = true
    } else if let scriptPath {
        guard let text = try? String(contentsOfFile: scriptPath, encoding: .utf8) else {
            FileHandle.standardError.write(Data("recipe-assistant: cannot read the script \(scriptPath)\n".utf8))
            return 2
        }
        input = ScriptLines(text: text)
        options.echo = true
    } else {
        input = StandardInputLines()
        options.interactive = isatty(0) != 0
        options.echo = !options.interactive
    }
    do {
        let shell = try RecipeShell(
            options: options, input: input, output: .standardOutput(), clock: ContinuousClock())
        return await shell.run()
    } catch {
        FileHandle.standardError.write(Data("recipe-assistant: \(error)\n".utf8))
        return 2
    }
}

func usage(_ problem: String) -> Int32 {
    FileHandle.standardError.write(Data("recipe-assistant: \(problem)\n\n\(helpText)\n".utf8))
    return 2
}

let helpText = """
    recipe-assistant: cook hands-free with an assistant that drives the app in process.

      swift run recipe-assistant                 interactive (type :help inside)
      swift run recipe-assistant --tour          the WWDC 2020 flow, explained
      swift run recipe-assistant --script FILE   run a session from a file; exit 1 if a command failed
      ... | swift run recipe-assistant           commands from standard input

    Options: --trace (print the trace), --json (JSON Lines, one event per line),
             --speak (speak with espeak-ng), --catalog-size N (N synthetic recipes for search)
    """

exit(await main())
