import Foundation
import DurableFiles
import CommandLineOptions
import IntentDefinition

/// Prints a line to standard error.
func report(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Runs the command; returns the exit status (0 done, 1 a file failed, 2 a wrong command line,
/// 74 standard output cannot be written).
func run(_ arguments: [String]) -> Int32 {
    let options: IntentGenOptions
    do throws(UsageError) {
        guard case .run(let given) = try IntentGenOptions.syntax.parse(arguments, into: IntentGenOptions()) else {
            // A help nobody could read is not a success (a closed or full standard output).
            if let code = DurableWrite.writeAll(Array((IntentGenOptions.syntax.helpText + "\n").utf8), to: STDOUT_FILENO) {
                report("intentgen: cannot write to standard output: \(String(cString: strerror(code)))")
                return 74
            }
            return 0
        }
        options = given
    } catch {
        report("intentgen: \(error.message)")
        return 2
    }
    let (paths, output) = (options.files, options.output)
    var files: [IntentDefinitionFile] = []
    var failed = false
    for path in paths {
        do {
            files.append(try IntentDefinitionFile(contentsOf: path))
        } catch {
            report("intentgen: error: \(error)")
            failed = true
        }
    }
    guard !failed else { return 1 }
    let result = IntentGenerator.generate(files)
    for warning in result.warnings { report(warning.description) }
    do throws(WriteFailure) {
        try DurableWrite.makeDirectory(output)
        try DurableWrite.writeAll(result.files.map { ($0.name, Array($0.contents.utf8)) }, directory: output)
    } catch where error.isFileInPlaceOfDirectory {
        // A file on the way to `--output` is the user's mistake, not the system's failure.
        report("intentgen: error: --output needs a directory, but \(error.path) is a file")
        return 1
    } catch {
        report("intentgen: error: \(error)")
        return 1
    }
    return 0
}

exit(run(Array(CommandLine.arguments.dropFirst())))
