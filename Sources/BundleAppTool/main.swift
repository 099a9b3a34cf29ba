import Foundation

/// `bundle-app-tool`: what `swift package bundle-app` runs once the products are built (see
/// `BundleOption.help`).
func run(_ arguments: [String]) -> Int32 {
    let request: BundleRequest
    do throws(UsageError) { request = try BundleRequest.parse(arguments) } catch {
        FileHandle.standardError.write(Data("bundle-app: \(error)\n(bundle-app --help shows the options)\n".utf8))
        return 64
    }
    switch request {
    case .help:
        print(BundleOption.help)
        return 0
    case .bundle(let product, let extensions, let bundler):
        do throws(BundleFailure) {
            let app = try bundler.bundle(product: product, extensions: extensions)
            print("bundle-app: wrote \(app)")
            return 0
        } catch {
            FileHandle.standardError.write(Data("bundle-app: \(error)\n".utf8))
            return 1
        }
    }
}

exit(run(Array(CommandLine.arguments.dropFirst())))
