import Foundation
import SceneIntents

/// What every host process's `main` says on the way out, said once: a line on standard error,
/// and the exit status a serve's end gives.
enum ProcessExit {
    /// Writes one line to standard error (a host's standard output may belong to its system).
    static func log(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// 0 when the system ended serving in order (quit, or idle for an extension); otherwise the
    /// end is logged under `name` and the status is 1.
    static func status(of end: ServeEnd, name: String) -> Int32 {
        switch end {
        case .quit, .idle: return 0
        case .disconnected, .protocolError:
            log("\(name): \(end)")
            return 1
        }
    }

    /// Reports each intent type `catalog` left out, one line each, naming why.
    static func report(_ catalog: IntentCatalog, name: String) {
        for problem in catalog.problems { log("\(name): \(problem); that intent type is left out") }
    }
}
