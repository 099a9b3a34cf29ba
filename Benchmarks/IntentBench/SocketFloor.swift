import Dispatch
import Foundation
import Glibc
import SceneIntentsTransport
import Synchronization

/// The floor of a socket delivery: a copy of this executable (`--socket-peer raw`) on the other
/// end of a socket pair, and the writes of a recorded delivery (`FrameScript`) bounced with it
/// byte for byte. Neither side encodes, decodes or looks at what it reads.
final class RawSocketFloor {
    private let script: FrameScript
    private let descriptor: Int32
    private let peer: ChildProcess
    private let buffer: UnsafeMutableRawBufferPointer

    /// The peer's process id, for its CPU time.
    var peerProcess: pid_t { peer.pid }

    private let scriptPath: String

    init(_ script: FrameScript) throws {
        self.script = script
        scriptPath = (NSTemporaryDirectory() as NSString).appendingPathComponent("intent-bench-script-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw BenchError("socketpair: \(SystemError("socketpair"))")
        }
        defer { Glibc.close(pair[1]) }
        do {
            try script.save(to: scriptPath)
            peer = try ChildProcess.spawn(executable, arguments: ["--socket-peer", "raw", scriptPath], stdin: .descriptor(pair[1]))
        } catch {
            Glibc.close(pair[0])
            throw error
        }
        descriptor = pair[0]
        buffer = .allocate(byteCount: script.writes.map(\.bytes.count).max() ?? 0, alignment: 8)
    }

    deinit { buffer.deallocate() }

    /// One round trip: the system's writes sent, the host's read, in the recorded order.
    func trip() throws {
        guard replay(script, on: descriptor, as: .system, buffer: buffer) else { throw BenchError("the socket floor's peer is gone") }
    }

    /// Ends the peer (its read sees the end) and answers how it exited.
    func close() -> ChildExit {
        unlink(scriptPath)
        shutdown(descriptor, Int32(SHUT_RDWR))
        Glibc.close(descriptor)
        let exited = Handoff<ChildExit>()
        let peer = peer
        Task.detached { exited.put(await peer.exit) }
        return exited.take()
    }

    /// The metric, from samples of `trip()`.
    func metric(_ stats: Stats) -> Metric {
        Metric(
            "floor.socket", stats, unit: "µs",
            note: "the writes of one recorded socket delivery (\(script.summary)) bounced with a peer process that neither encodes nor decodes; measured interleaved with delivery.socket")
    }
}

/// Plays `side`'s part of `script` once on `descriptor`: its writes sent as recorded, the other
/// side's read whole into `buffer` and not looked at. False when the other side is gone.
private func replay(_ script: FrameScript, on descriptor: Int32, as side: FrameScript.Side, buffer: UnsafeMutableRawBufferPointer) -> Bool {
    for write in script.writes {
        if write.side == side {
            guard write.bytes.withUnsafeBytes({ sendAll(descriptor, $0) }) else { return false }
        } else {
            var received = 0
            while received < write.bytes.count {
                let count = recv(descriptor, buffer.baseAddress! + received, write.bytes.count - received, 0)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                received += count
            }
        }
    }
    return true
}

/// `transport.roundtrip` (a recorded delivery's frames through `FramedConnection` on both sides,
/// against the same writes bounced by hand, interleaved) and `process.kill-notice`.
@MainActor
func socketMetrics(_ plan: Plan) async throws -> [Metric] {
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let script = try await FrameScript.recordDelivery()
    let floorPeer = try RawSocketFloor(script)

    // The transport's peer connects to a listener in a private runtime directory.
    let directory = try RuntimeDirectory.prepare(
        (NSTemporaryDirectory() as NSString).appendingPathComponent("intent-bench-\(getpid())"))
    defer { try? FileManager.default.removeItem(atPath: directory.path) }
    let scriptPath = directory.socketPath("script")
    try script.save(to: scriptPath)
    let listener = try SocketListener(path: directory.socketPath("bench.sock"))
    defer { listener.close() }
    let accepted = Handoff<FramedConnection>()
    listener.start { if case .accepted(let connection) = $0 { accepted.put(connection) } }
    let framedPeer = try ChildProcess.spawn(executable, arguments: ["--socket-peer", "framed", listener.path, scriptPath])
    let connection = accepted.take()
    let replies = Handoff<Data>()
    connection.start { if case .frame(let payload) = $0 { replies.put(payload) } }

    func transportTrip() throws {
        for write in script.writes {
            if write.side == .system {
                try connection.send(contentsOf: write.payloads)
            } else {
                for _ in write.payloads { _ = replies.take() }
            }
        }
    }
    var floorSamples: [Double] = []
    var transportSamples: [Double] = []
    let busy = plan.busy ? BusyRegime(threads: max(1, ProcessInfo.processInfo.activeProcessorCount - 1)) : nil
    defer { busy?.stop() }
    for round in 0..<(plan.warmup + plan.deliveries) {
        // Alternate which goes first, so neither always follows the other.
        for which in round % 2 == 0 ? [0, 1] : [1, 0] {
            let start = now()
            try which == 0 ? floorPeer.trip() : transportTrip()
            let elapsed = Double(now() - start) / 1000
            if round >= plan.warmup { (which == 0 ? { floorSamples.append(elapsed) } : { transportSamples.append(elapsed) })() }
        }
    }
    let floorExit = floorPeer.close()
    connection.close()
    let peerExited = Handoff<ChildExit>()
    Task.detached { peerExited.put(await framedPeer.exit) }
    let exits = [floorExit, peerExited.take()]
    guard exits == [.exited(0), .exited(0)] else { throw BenchError("socket peers ended: \(exits)") }

    let floor = Stats(floorSamples)
    let transport = Stats(transportSamples)
    return [
        Metric(
            "transport.roundtrip", transport, unit: "µs", floor: floor.median,
            note: "a recorded delivery's frames through FramedConnection on both sides (reader thread + hand-off to the waiting caller), against the same writes bounced by hand, measured beside it"),
        try killNotice(executable, rounds: plan.quick ? 10 : 40),
    ]
}

/// `process.kill-notice`: from `SIGKILL` to the awaited exit of a child.
private func killNotice(_ executable: String, rounds: Int) throws -> Metric {
    var samples: [Double] = []
    for _ in 0..<rounds {
        let child = try ChildProcess.spawn(executable, arguments: ["--socket-peer", "sleep", "-"])
        let exited = Handoff<ChildExit>()
        // Let the child reach its wait before killing it.
        usleep(5_000)
        let start = now()
        child.kill(SIGKILL)
        Task.detached { exited.put(await child.exit) }
        guard exited.take() == .signalled(SIGKILL) else { throw BenchError("the killed peer did not report SIGKILL") }
        samples.append(Double(now() - start) / 1000)
    }
    let stats = Stats(samples)
    return Metric(
        "process.kill-notice", stats, unit: "µs", goal: "≤ 100000", met: stats.p99 <= 100_000,
        note: "SIGKILL → exit delivered to an awaiting task (pidfd + Dispatch source, reaped)")
}

/// `intent-bench --socket-peer raw SCRIPT | framed PATH SCRIPT | sleep`: the other process of
/// the socket floors. `raw` plays the host's part of a `FrameScript` on standard input by hand;
/// `framed` through a `FramedConnection` to `PATH`, frame by frame. Neither looks at what it reads.
func socketPeer(_ mode: String?, _ arguments: inout some IteratorProtocol<String>) async -> Int32 {
    switch mode {
    case "raw":
        guard let path = arguments.next(), let script = try? FrameScript(contentsOf: path) else { return 2 }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: script.writes.map(\.bytes.count).max() ?? 0, alignment: 8)
        defer { buffer.deallocate() }
        // This process does nothing else, so its main thread may block on the socket; the
        // system's end of the socket ends the script in its first read.
        while replay(script, on: STDIN_FILENO, as: .host, buffer: buffer) {}
        return 0
    case "framed":
        guard let path = arguments.next(), let script = try? FrameScript(contentsOf: arguments.next() ?? ""),
            let connection = try? FramedConnection.connect(to: path)
        else { return 2 }
        let cursor = ScriptCursor(script)
        connection.start { event in
            guard case .frame = event else { return }
            for payloads in cursor.received() { try? connection.send(contentsOf: payloads) }
        }
        return await connection.closed() == .closedLocally ? 1 : 0
    case "sleep":
        while true { pause() }
    default:
        benchLog("--socket-peer needs raw SCRIPT, framed PATH SCRIPT or sleep")
        return 2
    }
}

/// Where the framed peer is in its script: the write it waits for, and how many of that
/// write's frames are still to come.
private final class ScriptCursor: Sendable {
    private let writes: [FrameScript.Write]
    private let place = Mutex((write: 0, framesLeft: 0))

    init(_ script: FrameScript) {
        writes = script.writes
        place.withLock { $0 = (0, writes[0].payloads.count) }
    }

    /// Counts one frame received; answers the host's writes due once it completes a write of the
    /// system's (each write's payloads, to send in one go).
    func received() -> [[Data]] {
        place.withLock { place in
            place.framesLeft -= 1
            guard place.framesLeft == 0 else { return [] }
            var due: [[Data]] = []
            var next = (place.write + 1) % writes.count
            while writes[next].side == .host {
                due.append(writes[next].payloads)
                next = (next + 1) % writes.count
            }
            place = (next, writes[next].payloads.count)
            return due
        }
    }
}

/// One value handed from another thread to a waiting one (the bench's caller blocks on purpose:
/// it is timing the hand-off).
final class Handoff<Value: Sendable>: Sendable {
    private let slot = Mutex<[Value]>([])
    private let ready = DispatchSemaphore(value: 0)

    func put(_ value: Value) {
        slot.withLock { $0.append(value) }
        ready.signal()
    }

    func take() -> Value {
        while true {
            ready.wait()
            if let value = slot.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return value }
        }
    }
}
