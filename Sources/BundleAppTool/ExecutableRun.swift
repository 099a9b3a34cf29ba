import Foundation
import SceneIntents

/// One run of a bundle's executable as `<executable> --write-bundle-data <bundle folder>`: its
/// exit status and the start of what it printed (standard output and error together).
struct ExecutableRun {
    let status: Int32
    let output: String

    /// Runs `executable` with the flag and `folder`, standard input empty and the environment's
    /// `SCENEINTENTS_` variables removed (no system is waiting for it), and waits for it.
    ///
    /// The tool's only thread blocks here: it has nothing else to do while the executable writes.
    static func writeBundleData(_ executable: String, into folder: String) throws(BundleFailure) -> ExecutableRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [BundleDataRequest.flag, folder]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SCENEINTENTS_") }
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        (process.standardOutput, process.standardError) = (output, output)
        do { try process.run() } catch {
            throw BundleFailure("cannot run \(executable): \(error.localizedDescription)")
        }
        try? output.fileHandleForWriting.close()
        // Read to the end (so the executable never blocks on a full pipe), keeping the start.
        var kept = Data()
        while let chunk = try? output.fileHandleForReading.read(upToCount: 4096), !chunk.isEmpty {
            if kept.count < Limits.outputBytes { kept.append(chunk.prefix(Limits.outputBytes - kept.count)) }
        }
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return ExecutableRun(status: status, output: String(decoding: kept, as: UTF8.self))
    }
}
