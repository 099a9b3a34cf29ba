import Foundation
import Glibc
import SceneIntentsTransport
import Synchronization
import Testing

/// The directory holding the test bundle, where `swift test` also puts `transport-peer`.
let productsDirectory: String = {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let executable = length > 0 ? String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    return (executable as NSString).deletingLastPathComponent
}()

/// The `transport-peer` helper built beside the tests.
let peerExecutable = (productsDirectory as NSString).appendingPathComponent("transport-peer")

/// A fresh private directory for one test's sockets, removed by `remove()`.
struct Scratch {
    let path: String

    init() throws {
        let path = "/tmp/si-test-\(getpid())-\(OneTimeToken.generate().value.prefix(8))"
        self.path = try RuntimeDirectory.prepare(path).path
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Collects events from a callback, and lets a test wait for a count of them without sleeping.
final class Recorder<Event: Sendable>: Sendable {
    private let state = Mutex<(events: [Event], waiters: [(Int, CheckedContinuation<Void, Never>)])>(([], []))

    func record(_ event: Event) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.events.append(event)
            let count = state.events.count
            let ready = state.waiters.filter { $0.0 <= count }.map(\.1)
            state.waiters.removeAll { $0.0 <= count }
            return ready
        }
        for waiter in ready { waiter.resume() }
    }

    /// Waits until at least `count` events have arrived and answers all of them.
    func events(atLeast count: Int) async -> [Event] {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.events.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
        return state.withLock { $0.events }
    }

    var events: [Event] { state.withLock { $0.events } }
}

/// A raw client socket, to put any bytes at all on the wire.
struct RawClient: ~Copyable {
    let descriptor: Int32

    init(_ path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(result == 0, "connect \(path): \(SystemError("connect"))")
    }

    func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    deinit { close(descriptor) }
}

/// A frame's bytes, for writing by hand.
func frameBytes(_ payload: String) -> [UInt8] {
    [UInt8]((try? Framing.encode(Data(payload.utf8))) ?? Data())
}

/// A listener that starts and records every accepted connection's events, echoing frames back.
final class EchoServer: Sendable {
    let listener: SocketListener
    let listenerEvents = Recorder<String>()
    /// Each accepted connection's events, in order of acceptance.
    let connections = Recorder<Recorder<ConnectionEvent>>()
    /// The accepted connections themselves, in the same order.
    let accepted = Recorder<FramedConnection>()

    init(path: String, policy: PeerPolicy = .sameUser, limit: Int = Framing.defaultLimit) throws {
        listener = try SocketListener(path: path, limit: limit, policy: policy)
        listener.start { [listenerEvents, connections, accepted] event in
            switch event {
            case .accepted(let connection):
                let recorder = Recorder<ConnectionEvent>()
                connection.start { event in
                    if case .frame(let payload) = event { try? connection.send(payload) }
                    recorder.record(event)
                }
                connections.record(recorder)
                // Only now may a test act on the connection: its events are being recorded.
                accepted.record(connection)
                listenerEvents.record("accepted uid \(connection.peer.uid)")
            case .rejected(let rejection): listenerEvents.record("rejected uid \(rejection.peer.uid) pid \(rejection.peer.pid)")
            case .failed(let error): listenerEvents.record("failed \(error)")
            case .stopped: listenerEvents.record("stopped")
            }
        }
    }

    /// Stops the listener and waits until it and every connection it accepted have ended, so a
    /// test leaves nothing in flight.
    func shutDown() async {
        listener.close()
        var events = listenerEvents.events
        while events.last != "stopped" { events = await listenerEvents.events(atLeast: events.count + 1) }
        for index in connections.events.indices { _ = await eventsOfConnection(index) }
    }

    /// The events of the `index`th accepted connection once it has closed.
    func eventsOfConnection(_ index: Int) async -> [ConnectionEvent] {
        let recorder = await connections.events(atLeast: index + 1)[index]
        var events = recorder.events
        while true {
            if case .closed = events.last { return events }
            events = await recorder.events(atLeast: events.count + 1)
        }
    }
}

/// The suites that open sockets and spawn children, run one at a time (one test sets the
/// process-wide umask). Whole-process counts are not taken here at all: see ``leakReport(_:)``.
@Suite(.serialized) enum TransportTests {}

/// Runs `transport-peer leaks ARGUMENTS` and answers its report, each line keyed by its first
/// word. Counting every descriptor and child of a process is only meaningful where nothing else
/// runs, and `swift test` runs other targets' suites in this process at the same time.
func leakReport(_ arguments: String...) async throws -> [String: String] {
    let (exit, output) = try await runPeer(["leaks"] + arguments)
    #expect(exit == .exited(0))
    var report: [String: String] = [:]
    for line in output.split(separator: "\n") {
        let words = line.split(separator: " ", maxSplits: 1)
        report[String(words[0])] = words.count > 1 ? String(words[1]) : ""
    }
    #expect(report["before"] != nil && report["after"] != nil, "no counts in \(report)")
    return report
}

/// Runs `transport-peer ARGUMENTS` to its end and answers how it exited and what it printed.
func runPeer(_ arguments: [String], bound: Bool = false) async throws -> (exit: ChildExit, output: String) {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let output = scratch.file("out")
    let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    defer { close(descriptor) }
    let child = try await bound
        ? ChildProcess.launchBound(peerExecutable, arguments: arguments, stdout: .descriptor(descriptor))
        : ChildProcess.spawn(peerExecutable, arguments: arguments, stdout: .descriptor(descriptor))
    let exit = await child.exit
    return (exit, try String(contentsOfFile: output, encoding: .utf8))
}
