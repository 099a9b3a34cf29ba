import Assistant
import AssistantService
import Foundation
import SceneIntents
import SceneIntentsTransport
import TestFixtures

/// `process-leak-check CYCLES`: starts and stops `kitchen-host` (found beside this executable)
/// CYCLES times through a `ProcessConnection`, and prints this process's open descriptors and
/// live children before and after, as `descriptors A B children C D spawned N`. It runs in a
/// process of its own so nothing else (other tests running in parallel) moves the counts.
///
/// `process-leak-check --launch EXECUTABLE`: launches EXECUTABLE as a host (one that never
/// connects, for the fault tests) and waits forever, for a test to kill this process and see
/// whether the host dies with it.
func main() async -> Int32 {
    if CommandLine.arguments.count == 3 && CommandLine.arguments[1] == "--launch" {
        return await launchAndWait(CommandLine.arguments[2])
    }
    guard CommandLine.arguments.count == 2, let cycles = Int(CommandLine.arguments[1]), cycles > 0 else {
        FileHandle.standardError.write(Data("usage: process-leak-check CYCLES\n".utf8))
        return 2
    }
    let here = ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
    let host = ((here as NSString).deletingLastPathComponent as NSString).appendingPathComponent("kitchen-host")
    do {
        let directory = try RuntimeDirectory.prepare("/tmp/si-leak-\(getpid())")
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let connection = try ProcessConnection(
            launch: LaunchCommand(executable: host), appName: "Kitchen", manifest: Kitchen.manifest(),
            catalog: try Kitchen.catalog(), runtimeDirectory: directory)
        var spawned = 0
        func cycle() async -> Bool {
            let outcome = await connection.send(.lock(isLocked: false))
            await connection.stopHost()
            spawned += 1
            if case .refused(let why) = outcome { FileHandle.standardError.write(Data("cycle \(spawned): \(why)\n".utf8)) }
            return outcome == .done(output: nil)
        }
        guard await cycle() else { return 1 }
        let (descriptors, children) = await settled()
        for _ in 1...cycles {
            guard await cycle() else { return 1 }
        }
        let (descriptorsAfter, childrenAfter) = await settled()
        print("descriptors \(descriptors) \(descriptorsAfter) children \(children) \(childrenAfter) spawned \(spawned)")
        await connection.close()
        return 0
    } catch {
        FileHandle.standardError.write(Data("process-leak-check: \(error)\n".utf8))
        return 1
    }
}

/// Launches `executable` as a host through a `ProcessConnection` and never returns.
func launchAndWait(_ executable: String) async -> Int32 {
    do {
        let directory = try RuntimeDirectory.prepare("/tmp/si-launch-\(getpid())")
        let connection = try ProcessConnection(
            launch: LaunchCommand(executable: executable), appName: "Kitchen", manifest: Kitchen.manifest(),
            catalog: try Kitchen.catalog(), runtimeDirectory: directory, launchBudget: .seconds(3600))
        _ = await connection.send(.open)
        return 1
    } catch {
        FileHandle.standardError.write(Data("process-leak-check: \(error)\n".utf8))
        return 1
    }
}

/// The counts once they stop moving: a connection's reader thread closes its descriptor just
/// after the peer's exit is reported, so give it a moment (up to a second) to finish.
func settled() async -> (descriptors: Int, children: Int) {
    var last = (ProcessResources.openDescriptorCount(), ProcessResources.childCount())
    for _ in 0..<100 {
        try? await Task.sleep(for: .milliseconds(10))
        let now = (ProcessResources.openDescriptorCount(), ProcessResources.childCount())
        if now == last { return now }
        last = now
    }
    return last
}

exit(await main())
