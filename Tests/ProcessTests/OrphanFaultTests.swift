import AssistantService
import Foundation
import Glibc
import SceneIntents
import SceneIntentsTesting
import SceneIntentsTransport
import TestFixtures
import Testing

/// Sockets left by shells and daemons that were killed before they could remove them.
@Suite(.serialized)
struct StaleSocketFaultTests {
    @Test func aNewConnectionRemovesTheSocketsOfDeadProcessesAndKeepsTheLiving() async throws {
        let directory = try RuntimeDirectory.prepare("/tmp/si-stale-\(getpid())-\(OneTimeToken.generate().value.prefix(8))")
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let gone = try ChildProcess.spawn("/bin/true")
        _ = await gone.exit
        let dead = directory.socketPath("host-\(gone.pid)-1.sock")
        let living = directory.socketPath("host-1-1.sock")
        let notASocket = directory.socketPath("host-\(gone.pid)-2.sock")
        #expect(Self.bindSocket(at: dead) && Self.bindSocket(at: living))
        #expect(FileManager.default.createFile(atPath: notASocket, contents: nil))
        let connection = try ProcessConnection(
            launch: LaunchCommand(executable: BuiltProducts.executable("kitchen-host")), appName: "Kitchen",
            manifest: Kitchen.manifest(), catalog: try Kitchen.catalog(), runtimeDirectory: directory)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left == ["host-\(gone.pid)-2.sock", "host-1-1.sock", (connection.socketPath as NSString).lastPathComponent].sorted())
        await connection.close()
        #expect(!FileManager.default.fileExists(atPath: connection.socketPath))
    }

    /// Binds a Unix socket at `path` and closes it, leaving the file behind as a killed process
    /// does.
    static func bindSocket(at path: String) -> Bool {
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        } == 0
    }
}

/// A system killed with SIGKILL cannot stop its hosts: they die with it.
@Suite(.serialized)
struct OrphanFaultTests {
    @Test func aHostThatNeverConnectedDiesWithTheSystemKilledWithSIGKILL() async throws {
        let script = try await ProcessFaultTests.neverConnecting(ignoringSIGTERM: true)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let system = try ChildProcess.spawn(BuiltProducts.executable("process-leak-check"), arguments: ["--launch", script])
        defer { try? FileManager.default.removeItem(atPath: "/tmp/si-launch-\(system.pid)") }
        var host: Int32?
        #expect(await pollUntil {
            host = Self.children(of: system.pid).first
            return host != nil
        })
        let pid = try #require(host)
        system.kill(SIGKILL)
        #expect(await system.exit == .signalled(SIGKILL))
        #expect(await pollUntil(within: .seconds(2)) { (processState(pid) ?? "Z") == "Z" }, "the orphaned host \(pid) was killed")
    }

    @Test func aChildBoundToItsParentThatCannotStartIsRefusedAndReaped() async throws {
        await #expect(throws: TransportError.self) {
            try await ChildProcess.launchBound("/nonexistent/host")
        }
        let child = try await ChildProcess.launchBound("/bin/sh", arguments: ["-c", "exit 3"])
        #expect(await child.exit == .exited(3))
    }

    /// The pids whose parent is `parent` (from `/proc/PID/stat`).
    static func children(of parent: Int32) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name -> Int32? in
            guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent ? pid : nil
        }
    }
}
