import Dispatch
import Foundation
import Glibc
import SceneIntentsTransport
import Synchronization

/// What one delivery exchanges each way, about 600 bytes of JSON: a request number, the intent
/// and its parameters, a phase, a dialog line and the budget's figures.
struct SocketExchange: Codable, Equatable {
    var request: Int
    var intent: String
    var phase: String
    var parameters: [String]
    var values: [String]
    var dialog: String
    var activityType: String
    var deadline: Double
    var charged: Double
    var sequence: Int

    static let sample = SocketExchange(
        request: 1, intent: "com.example.recipes.ShowDirectionsIntent", phase: "resolve",
        parameters: ["recipe", "servings", "step", "unit"],
        values: ["Banana Pancakes", "4", "next", "metric", "The batter rests for five minutes before the pan is hot enough."],
        dialog: "Here are the directions for Banana Pancakes. Step one: mash two ripe bananas in a large bowl, then whisk in the eggs, the milk and a pinch of salt until smooth. Step two: fold in the flour and the baking powder.",
        activityType: "com.example.recipes.view-recipe-directions", deadline: 1_764_558_000.125, charged: 0.004_321,
        sequence: 0)
}

/// The floor's peer: a copy of this executable answering frames by hand on one end of a socket
/// pair (`--socket-peer raw`), and the exchange bounced with it.
final class RawSocketFloor {
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()
    private var exchange = SocketExchange.sample
    private let descriptor: Int32
    private let peer: ChildProcess
    /// The bytes of JSON each way.
    let size: Int

    init() throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        size = try encoder.encode(exchange).count
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw BenchError("socketpair: \(SystemError("socketpair"))")
        }
        defer { Glibc.close(pair[1]) }
        do {
            peer = try ChildProcess.spawn(executable, arguments: ["--socket-peer", "raw", "-"], stdin: .descriptor(pair[1]))
        } catch {
            Glibc.close(pair[0])
            throw error
        }
        descriptor = pair[0]
    }

    /// One round trip: encode, write, read, decode.
    func trip() throws {
        exchange.sequence += 1
        try writeFrame(descriptor, encoder.encode(exchange))
        exchange = try decoder.decode(SocketExchange.self, from: readFrame(descriptor))
    }

    /// Ends the peer (its read sees the end) and answers how it exited.
    func close() -> ChildExit {
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
            note: "hand-written ping-pong with a peer process, \(size) B of JSON each way, encoded and decoded on both sides; measured interleaved with delivery.socket")
    }
}

/// `transport.roundtrip` (a round trip through `FramedConnection`, against the hand-written
/// floor measured beside it) and `process.kill-notice`.
func socketMetrics(_ plan: Plan) throws -> [Metric] {
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let floorPeer = try RawSocketFloor()
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    var exchange = SocketExchange.sample

    // The transport's peer connects to a listener in a private runtime directory.
    let directory = try RuntimeDirectory.prepare(
        (NSTemporaryDirectory() as NSString).appendingPathComponent("intent-bench-\(getpid())"))
    defer { try? FileManager.default.removeItem(atPath: directory.path) }
    let listener = try SocketListener(path: directory.socketPath("bench.sock"))
    defer { listener.close() }
    let accepted = Handoff<FramedConnection>()
    listener.start { if case .accepted(let connection) = $0 { accepted.put(connection) } }
    let framedPeer = try ChildProcess.spawn(executable, arguments: ["--socket-peer", "framed", listener.path])
    let connection = accepted.take()
    let replies = Handoff<Data>()
    connection.start { if case .frame(let payload) = $0 { replies.put(payload) } }

    func transportTrip() throws {
        exchange.sequence += 1
        try connection.send(encoder.encode(exchange))
        exchange = try decoder.decode(SocketExchange.self, from: replies.take())
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
            note: "the same bytes through FramedConnection (reader thread + hand-off to the waiting caller), against the hand-written ping-pong measured beside it"),
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

/// `intent-bench --socket-peer raw|framed|sleep PATH`: the other process of `socketMetrics`.
/// `raw` answers frames on standard input by hand; `framed` through a `FramedConnection`.
func socketPeer(_ mode: String?, _ path: String?) async -> Int32 {
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    @Sendable func answer(_ payload: Data) throws -> Data {
        var exchange = try decoder.decode(SocketExchange.self, from: payload)
        exchange.phase = exchange.phase == "resolve" ? "confirm" : "resolve"
        return try encoder.encode(exchange)
    }
    switch mode {
    case "raw":
        // This process does nothing else, so its main thread may block on the socket.
        while let payload = try? readFrame(STDIN_FILENO) {
            guard let reply = try? answer(payload), (try? writeFrame(STDIN_FILENO, reply)) != nil else { return 1 }
        }
        return 0
    case "framed":
        guard let path, let connection = try? FramedConnection.connect(to: path) else { return 1 }
        connection.start { event in
            if case .frame(let payload) = event, let reply = try? answer(payload) { try? connection.send(reply) }
        }
        return await connection.closed() == .closedLocally ? 1 : 0
    case "sleep":
        while true { pause() }
    default:
        benchLog("--socket-peer needs raw|framed|sleep and a path")
        return 2
    }
}

/// Writes one length-prefixed frame by hand.
private func writeFrame(_ descriptor: Int32, _ payload: Data) throws {
    var frame = Data(capacity: 4 + payload.count)
    withUnsafeBytes(of: UInt32(payload.count).bigEndian) { frame.append(contentsOf: $0) }
    frame.append(payload)
    try frame.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            guard written > 0 || errno == EINTR else { throw BenchError("send: \(SystemError("send"))") }
            offset += max(0, written)
        }
    }
}

/// Reads one length-prefixed frame by hand.
private func readFrame(_ descriptor: Int32) throws -> Data {
    func read(_ count: Int) throws -> Data {
        var data = Data(count: count)
        var offset = 0
        try data.withUnsafeMutableBytes { bytes in
            while offset < count {
                let received = recv(descriptor, bytes.baseAddress! + offset, count - offset, 0)
                guard received > 0 || (received < 0 && errno == EINTR) else { throw BenchError("recv: end of stream") }
                offset += max(0, received)
            }
        }
        return data
    }
    let header = try read(4)
    return try read(header.reduce(0) { $0 << 8 | Int($1) })
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
