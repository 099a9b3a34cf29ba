import Foundation
import Glibc
import SceneIntentsTransport
import Testing

/// Byte streams over TCP and Unix sockets (`StreamListener`, `StreamConnection`).
@Suite(.timeLimit(.minutes(1)))
struct StreamTests {
    /// Accepts one connection at `address`, echoes what it reads until the peer closes, and
    /// answers the listener (its port bound) and the server side's events.
    private func echo(_ address: StreamAddress) throws -> (StreamListener, Recorder<StreamEvent>) {
        let listener = try StreamListener(address)
        let served = Recorder<StreamEvent>()
        listener.start { event in
            guard case .accepted(let connection) = event else { return }
            connection.start { event in
                served.record(event)
                if case .bytes(let bytes) = event { try? connection.send(bytes) }
            }
        }
        return (listener, served)
    }

    /// Sends `text` and reads until as many bytes came back.
    private func roundTrip(_ connection: StreamConnection, _ text: String) async throws -> String {
        var events = connection.events().makeAsyncIterator()
        try connection.send(Data(text.utf8))
        var received = Data()
        while received.count < text.utf8.count, case .bytes(let bytes)? = await events.next() { received += bytes }
        connection.close()
        while await events.next() != nil {}
        return String(decoding: received, as: UTF8.self)
    }

    @Test func tcpOnLoopbackCarriesBytesBothWaysOnThePortTheSystemChose() async throws {
        let (listener, served) = try echo(try #require(StreamAddress.tcp("localhost", port: 0)))
        guard case .tcp(let host, let port) = listener.address else { throw StreamTestError.notTCP }
        #expect(host == "127.0.0.1" && port != 0)
        #expect(listener.address.isLoopback)
        let client = try StreamConnection.connect(to: listener.address)
        #expect(client.peer == "127.0.0.1:\(port)" && client.credentials == nil)
        #expect(try await roundTrip(client, "{\"type\":\"ping\"}\n") == "{\"type\":\"ping\"}\n")
        let events = await served.events(atLeast: 2)
        #expect(events.last == .closed(.peerClosed))
        #expect(client.closeReason == .closedLocally)
        listener.close()
    }

    @Test func aUnixStreamSocketIsThisUsersOnlyAndRemovedAtClose() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("wyoming.sock")
        let (listener, _) = try echo(.unix(path: path))
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        let client = try StreamConnection.connect(to: .unix(path: path))
        #expect(client.credentials?.uid == geteuid())
        #expect(try await roundTrip(client, "hello") == "hello")
        #expect(throws: TransportError.self) { try StreamListener(.unix(path: path)) }
        listener.close()
        #expect(access(path, F_OK) != 0)
    }

    @Test func addressesSayWhetherOnlyThisMachineReachesThem() {
        #expect(StreamAddress.tcp("127.0.0.2", port: 1)?.isLoopback == true)
        #expect(StreamAddress.tcp("::1", port: 1)?.isLoopback == true)
        #expect(StreamAddress.tcp("0.0.0.0", port: 1)?.isLoopback == false)
        #expect(StreamAddress.tcp("::", port: 1)?.isLoopback == false)
        #expect(StreamAddress.tcp("192.168.1.2", port: 1)?.isLoopback == false)
        #expect(StreamAddress.tcp("example.org", port: 1) == nil)
        #expect(StreamAddress.tcp("::1", port: 10700)?.description == "tcp://[::1]:10700")
    }
}

private enum StreamTestError: Error { case notTCP }
