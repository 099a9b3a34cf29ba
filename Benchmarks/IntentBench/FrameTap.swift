import Assistant
import AssistantService
import Foundation
import Glibc
import PingKit
import SceneIntents
import SceneIntentsTransport
import SceneIntentsWire

/// The bytes one socket delivery writes, write by write, as the system and its host wrote them:
/// what `floor.socket` bounces, with nothing encoded or decoded.
struct FrameScript: Sendable {
    /// Who wrote, in the recording (one byte before each record).
    enum Side: UInt8 {
        case system = 0x73
        case host = 0x68
        /// Not a write: the delivery returned to its caller here.
        case returned = 0x65
    }

    /// One write: its side and its bytes, length prefixes included.
    struct Write: Sendable {
        let side: Side
        let bytes: [UInt8]

        /// The frames' payloads (each frame is a 4-byte big-endian length, then the payload).
        var payloads: [Data] {
            var payloads: [Data] = []
            var offset = 0
            while offset + 4 <= bytes.count {
                let count = FrameScript.length(bytes, at: offset)
                payloads.append(Data(bytes[(offset + 4)..<min(bytes.count, offset + 4 + count)]))
                offset += 4 + count
            }
            return payloads
        }
    }

    /// The writes from the call to the return of the delivery, in order: the system's first.
    let writes: [Write]

    /// "s 175 B, h 518 B": the writes, for the metric's note.
    var summary: String {
        writes.map { "\($0.side == .system ? "system" : "host") \($0.bytes.count) B" }.joined(separator: ", ")
    }

    /// The records in `data` (as `record(_:_:to:)` wrote them); nil when one is cut short.
    static func records(in data: Data) -> [Write]? {
        let bytes = [UInt8](data)
        var writes: [Write] = []
        var offset = 0
        while offset < bytes.count {
            guard offset + 5 <= bytes.count, let side = Side(rawValue: bytes[offset]) else { return nil }
            let count = length(bytes, at: offset + 1)
            guard offset + 5 + count <= bytes.count else { return nil }
            writes.append(Write(side: side, bytes: Array(bytes[(offset + 5)..<(offset + 5 + count)])))
            offset += 5 + count
        }
        return writes
    }

    /// The 4-byte big-endian length at `offset` (a frame's, or a record's).
    static func length(_ bytes: [UInt8], at offset: Int) -> Int {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }

    /// Appends one record to `descriptor` (opened with `O_APPEND`), in one write.
    static func record(_ side: Side, _ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        var record = [side.rawValue]
        withUnsafeBytes(of: UInt32(bytes.count).bigEndian) { record.append(contentsOf: $0) }
        record.append(contentsOf: bytes)
        _ = record.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// The script as a file, for the floor's peer.
    func save(to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BenchError("cannot write \(path): \(SystemError("open"))") }
        defer { close(descriptor) }
        for write in writes { write.bytes.withUnsafeBytes { Self.record(write.side, $0, to: descriptor) } }
    }

    /// The script in a file `save(to:)` wrote.
    init(contentsOf path: String) throws {
        guard let writes = Self.records(in: try Data(contentsOf: URL(fileURLWithPath: path))) else {
            throw BenchError("\(path) is not a frame script")
        }
        self.writes = writes
    }

    private init(writes: [Write]) { self.writes = writes }

    /// Records one ping delivery to a warm `ping-host`, through `intent-bench --frame-tap`
    /// between the system and the host: every write either side makes until the delivery returns.
    @MainActor
    static func recordDelivery() async throws -> FrameScript {
        let directory = try RuntimeDirectory.prepare("/tmp/intent-bench-tap-\(getpid())")
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let path = (directory.path as NSString).appendingPathComponent("frames")
        let log = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
        guard log >= 0 else { throw BenchError("cannot write \(path): \(SystemError("open"))") }
        defer { close(log) }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let connection = try ProcessConnection(
            launch: LaunchCommand(executable: executable, arguments: ["--frame-tap", try builtProduct("ping-host").path, path]),
            appName: "Ping", manifest: makePingApplication().manifest, catalog: try pingCatalog(), runtimeDirectory: directory)
        let assistant = Assistant(connection: connection, user: SilentUser(), device: Device(), clock: .continuous(), isTracing: false)
        var statuses: [AssistantOutcome.Status] = []
        for _ in 0..<20 { statuses.append(await assistant.perform(pingRequest).status) }
        // Whatever the warm-up left in flight lands before the recorded delivery starts.
        try await Task.sleep(for: .milliseconds(100))
        let start = lseek(log, 0, SEEK_END)
        statuses.append(await assistant.perform(pingRequest).status)
        record(.returned, UnsafeRawBufferPointer(start: nil, count: 0), to: log)
        await connection.close()
        guard statuses.allSatisfy({ $0 == .success }) else { throw BenchError("the tapped ping-host answered \(statuses)") }
        let recorded = try Data(contentsOf: URL(fileURLWithPath: path)).dropFirst(Int(start))
        guard let writes = records(in: Data(recorded)), let end = writes.firstIndex(where: { $0.side == .returned }),
            writes.first?.side == .system
        else { throw BenchError("the frame tap recorded no delivery") }
        return FrameScript(writes: Array(writes[..<end]))
    }
}

/// `intent-bench --frame-tap HOST RECORD`, started by a `ProcessConnection` as its host: starts
/// `HOST` against a socket of its own, connects to the system's, and passes the bytes between
/// them as they come, appending each read to `RECORD` (see `FrameScript.records(in:)`).
func frameTap(_ host: String?, _ recordPath: String?) async -> Int32 {
    guard let host, let recordPath, let system = ProcessInfo.processInfo.environment[MessageProtocol.socketVariable] else {
        benchLog("--frame-tap needs a host executable, a record file and \(MessageProtocol.socketVariable)")
        return 2
    }
    let tapPath = system + ".tap"
    let log = open(recordPath, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard log >= 0, let listening = unixSocket(tapPath, listening: true) else { return 1 }
    defer { unlink(tapPath) }
    guard let child = try? ChildProcess.spawn(host, environment: [MessageProtocol.socketVariable: tapPath]) else { return 1 }
    let hostSide = accept(listening, nil, nil)
    close(listening)
    guard hostSide >= 0, fcntl(hostSide, F_SETFD, FD_CLOEXEC) == 0, let systemSide = unixSocket(system, listening: false) else { return 1 }
    // This process does nothing else: its threads may block on the sockets.
    let toHost = Thread { pass(from: systemSide, to: hostSide, as: .system, log: log) }
    toHost.start()
    pass(from: hostSide, to: systemSide, as: .host, log: log)
    _ = await child.exit
    return 0
}

/// Passes what `source` sends to `target`, recording each read, until `source` ends.
private func pass(from source: Int32, to target: Int32, as side: FrameScript.Side, log: Int32) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
    defer { buffer.deallocate() }
    while true {
        let count = recv(source, buffer.baseAddress, buffer.count, 0)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
        FrameScript.record(side, bytes, to: log)
        guard sendAll(target, bytes) else { break }
    }
    shutdown(target, Int32(SHUT_WR))
}

/// Sends all of `bytes`; false when the peer is gone.
func sendAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let sent = send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
        if sent < 0 && errno == EINTR { continue }
        guard sent > 0 else { return false }
        offset += sent
    }
    return true
}

/// A Unix stream socket bound and listening at `path`, or connected to it.
private func unixSocket(_ path: String, listening: Bool) -> Int32? {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let fits = withUnsafeMutableBytes(of: &address.sun_path) { room in
        let name = Array(path.utf8)
        guard name.count < room.count else { return false }
        room.copyBytes(from: name)
        return true
    }
    let done = fits && withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            let size = socklen_t(MemoryLayout<sockaddr_un>.size)
            return listening ? bind(descriptor, pointer, size) == 0 && listen(descriptor, 1) == 0 : connect(descriptor, pointer, size) == 0
        }
    }
    guard done else {
        close(descriptor)
        return nil
    }
    return descriptor
}
