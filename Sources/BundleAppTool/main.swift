import CommandLineOptions
import Foundation

/// `bundle-app-tool`: what `swift package bundle-app` runs once the products are built (see
/// `Bundler.syntax`).
func run(_ arguments: [String]) -> Int32 {
    let bundler: Bundler
    do throws(UsageError) {
        guard case .run(let given) = try Bundler.syntax.parse(arguments, into: Bundler()) else {
            print(Bundler.syntax.helpText)
            return 0
        }
        bundler = given
    } catch {
        FileHandle.standardError.write(Data("bundle-app: \(error.message)\n".utf8))
        return 64
    }
    do throws(BundleFailure) {
        print("bundle-app: wrote \(try bundler.bundle())")
        return 0
    } catch {
        FileHandle.standardError.write(Data("bundle-app: \(error)\n".utf8))
        return 1
    }
}

exit(run(Array(CommandLine.arguments.dropFirst())))
