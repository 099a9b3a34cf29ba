import Foundation
import Glibc
import SceneIntentsTransport
import Testing

/// The runtime directory, socket file modes, stale and live sockets, and `SO_PEERCRED`.
extension TransportTests {
@Suite struct PermissionTests {
    func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    @Test func theRuntimeDirectoryIsPrivateAndItsDefaultFollowsXDG() throws {
        #expect(RuntimeDirectory.defaultPath(environment: ["XDG_RUNTIME_DIR": "/run/user/7"]) == "/run/user/7/sceneintents")
        #expect(RuntimeDirectory.defaultPath(environment: [:]) == "/tmp/sceneintents-\(geteuid())")
        let scratch = try Scratch()
        defer { scratch.remove() }
        let previous = umask(0)
        defer { umask(previous) }
        let directory = try RuntimeDirectory.prepare(scratch.file("run"))
        #expect(mode(directory.path) == 0o700)
        #expect(try RuntimeDirectory.prepare(scratch.file("run")) == directory)
        let listener = try SocketListener(path: directory.socketPath("a.sock"))
        #expect(mode(listener.path) == 0o600)
        listener.close()
        #expect(access(listener.path, F_OK) != 0)
    }

    @Test func anUnsafeRuntimeDirectoryIsRefusedAndLeftAlone() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let open = scratch.file("open")
        mkdir(open, 0o700)
        chmod(open, 0o750)
        let foreign = scratch.file("foreign")
        mkdir(foreign, 0o700)
        chown(foreign, 65534, 65534)
        let file = scratch.file("file")
        _ = FileManager.default.createFile(atPath: file, contents: Data())
        let link = scratch.file("link")
        symlink(scratch.path, link)
        let refusals: [(String, String)] = [
            (open, "has mode 750, open to its group or to others"),
            (foreign, "belongs to uid 65534"),
            (file, "is not a directory"),
            (link, "is not a directory"),
        ]
        for (path, problem) in refusals {
            #expect {
                try RuntimeDirectory.prepare(path)
            } throws: { error in
                let error = error as? TransportError
                return error?.code == .unsafeRuntimeDirectory && error?.value == path && error?.message.contains(problem) == true
            }
        }
        #expect(mode(open) == 0o750)
        #expect { try RuntimeDirectory.prepare(scratch.file("missing/run")) } throws: {
            ($0 as? TransportError)?.system == SystemError("mkdir", code: ENOENT)
        }
    }

    @Test func aStaleSocketIsReplacedALiveOneIsNotStolen() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("s.sock")
        // A stale socket: bound, then its owner went away without removing the file.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(stale)
        #expect(access(path, F_OK) == 0)
        let server = try EchoServer(path: path)
        #expect { try SocketListener(path: path) } throws: {
            ($0 as? TransportError)?.code == .addressInUse && ($0 as? TransportError)?.value == path
        }
        // The live listener still owns the path and answers.
        let client = try FramedConnection.connect(to: path)
        try client.send(Data("here".utf8))
        for await event in client.events() where event == .frame(Data("here".utf8)) { client.close() }
        // The refused listener's probe is accepted and closes; then the client's connection.
        #expect(await server.eventsOfConnection(0) == [.closed(.peerClosed)])
        #expect(await server.eventsOfConnection(1) == [.frame(Data("here".utf8)), .closed(.peerClosed)])
        await server.shutDown()
        let file = scratch.file("plain")
        _ = FileManager.default.createFile(atPath: file, contents: Data("keep".utf8))
        #expect { try SocketListener(path: file) } throws: { ($0 as? TransportError)?.code == .notASocket }
        #expect(FileManager.default.contents(atPath: file) == Data("keep".utf8))
        #expect { try SocketListener(path: scratch.file(String(repeating: "x", count: 120))) } throws: {
            ($0 as? TransportError)?.code == .socketPathTooLong
        }
    }

    @Test func aPeerOfAnotherUserIsRefusedAndReported() async throws {
        try #require(geteuid() == 0, "needs root to run a peer as another user")
        // The directory and socket are opened up so that only the SO_PEERCRED check stands
        // between the other user and the listener.
        let directory = "/tmp/si-peercred-\(getpid())"
        mkdir(directory, 0o755)
        chmod(directory, 0o755)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try EchoServer(path: directory + "/open.sock")
        chmod(server.listener.path, 0o666)
        let output = directory + "/peer.out"
        let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        defer { close(descriptor) }
        let child = try ChildProcess.spawn(
            peerExecutable, arguments: ["as-uid", "65534", server.listener.path], stdout: .descriptor(descriptor))
        #expect(await child.exit == .exited(0))
        #expect(await server.listenerEvents.events(atLeast: 1) == ["rejected uid 65534 pid \(child.pid)"])
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "peer closed the connection\n")
        // The same user is still admitted.
        let client = try FramedConnection.connect(to: server.listener.path)
        client.close()
        #expect(await server.listenerEvents.events(atLeast: 2) == ["rejected uid 65534 pid \(child.pid)", "accepted uid 0"])
        await server.shutDown()
    }
}
}
