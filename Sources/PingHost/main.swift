import Foundation
import PingKit
import SceneIntents
import SceneIntentsHost

/// `ping-host`: the benchmark's ping app as a host process, started by `intent-bench` for the
/// socket metrics.
@MainActor
func main() async -> Int32 {
    guard case .bySystem(let socket, let token) = HostLaunchMode.current() else {
        FileHandle.standardError.write(Data("ping-host: intent-bench starts me; run `swift run -c release intent-bench`\n".utf8))
        return 64
    }
    do {
        let host = IntentHost(application: makePingApplication(), catalog: try pingCatalog())
        let end = try await HostRuntime.serve(host, appName: "Ping", socket: socket, token: token)
        return end == .quit ? 0 : 1
    } catch {
        FileHandle.standardError.write(Data("ping-host: \(error)\n".utf8))
        return 1
    }
}

exit(await main())
