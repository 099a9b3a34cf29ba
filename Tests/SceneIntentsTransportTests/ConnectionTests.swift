import Foundation
import Glibc
import SceneIntentsTransport
import Testing

/// Live sockets: faults end the one connection with the right reason; the listener serves on.
extension TransportTests {
@Suite struct ConnectionTests {
    @Test func eachFaultEndsItsConnectionWithItsReasonAndTheListenerServesOn() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let server = try EchoServer(path: scratch.file("faults.sock"))
        let faults: [(bytes: [UInt8], reason: CloseReason)] = [
            (Array("GET / HTTP/1.1\r\n".utf8), .protocolError(.oversize(length: 0x4745_5420, limit: Framing.defaultLimit))),
            ([0, 0x20, 0, 0], .protocolError(.oversize(length: 2 << 20, limit: Framing.defaultLimit))),
            ([0, 0, 0, 10, 1, 2, 3], .protocolError(.truncated(expected: 14, received: 7))),
            ([0, 0], .protocolError(.truncated(expected: 4, received: 2))),
            ([], .peerClosed),
        ]
        for (index, fault) in faults.enumerated() {
            let client = try RawClient(server.listener.path)
            client.write(fault.bytes)
            if case .protocolError(.oversize) = fault.reason {
                // The server hangs up on an oversize header at once, with the client still there.
                #expect(await server.eventsOfConnection(index) == [.closed(fault.reason)])
                _ = consume client
            } else {
                _ = consume client
                #expect(await server.eventsOfConnection(index) == [.closed(fault.reason)])
            }
        }
        // Still serving: a well-behaved client gets its frames echoed.
        let client = try FramedConnection.connect(to: server.listener.path)
        let echoed = Recorder<ConnectionEvent>()
        client.start { echoed.record($0) }
        try client.send(Data("one".utf8))
        try client.send(Data())
        #expect(await echoed.events(atLeast: 2) == [.frame(Data("one".utf8)), .frame(Data())])
        client.close()
        #expect(await client.closed() == .closedLocally)
        #expect(await server.eventsOfConnection(faults.count) == [.frame(Data("one".utf8)), .frame(Data()), .closed(.peerClosed)])
        await server.shutDown()
        #expect(server.listenerEvents.events == Array(repeating: "accepted uid 0", count: faults.count + 1) + ["stopped"])
    }

    @Test func aPeerLeavingUnreadFramesIsAnIOErrorNamingErrno() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let server = try EchoServer(path: scratch.file("reset.sock"))
        let client = try RawClient(server.listener.path)
        let connection = try #require(await server.accepted.events(atLeast: 1).first)
        // The frame is in the client's receive queue when `send` returns; closing with it
        // unread resets the connection.
        try connection.send(Data("unread".utf8))
        _ = consume client
        #expect(await connection.closed() == .ioError(SystemError("recv", code: ECONNRESET)))
        #expect(await server.eventsOfConnection(0) == [.closed(.ioError(SystemError("recv", code: ECONNRESET)))])
        await server.shutDown()
    }

    @Test func severalPayloadsInOneWriteArriveAsTheirFramesInOrderAndAnOversizeOneSendsNone() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let server = try EchoServer(path: scratch.file("batch.sock"), limit: 64)
        let client = try FramedConnection.connect(to: server.listener.path, limit: 64)
        let events = Recorder<ConnectionEvent>()
        client.start { events.record($0) }
        #expect { try client.send(contentsOf: [Data("lost".utf8), Data(count: 65)]) } throws: {
            ($0 as? TransportError)?.code == .frameTooLarge
        }
        try client.send(contentsOf: [Data("one".utf8), Data(), Data("three".utf8)])
        try client.send(contentsOf: [])
        try client.send(Data("four".utf8))
        #expect(
            await events.events(atLeast: 4)
                == [.frame(Data("one".utf8)), .frame(Data()), .frame(Data("three".utf8)), .frame(Data("four".utf8))])
        client.close()
        #expect(await client.closed() == .closedLocally)
        await server.shutDown()
    }

    /// Without a running main loop (a test process has none) `startOnMainLoop` declines and
    /// starts nothing, so the same connection can still be read on its own thread.
    @Test func withoutTheMainLoopAConnectionIsReadOnItsOwnThread() async throws {
        #expect(MainLoop.isRunning == false)
        let (left, right) = try FramedConnection.pair()
        let onLoop = Recorder<ConnectionEvent>()
        #expect(await MainActor.run { left.startOnMainLoop { onLoop.record($0) } } == false)
        let events = Recorder<ConnectionEvent>()
        #expect(left.start { events.record($0) })
        try right.send(Data("read here".utf8))
        #expect(await events.events(atLeast: 1) == [.frame(Data("read here".utf8))])
        right.close()
        #expect(await left.closed() == .peerClosed)
        #expect(events.events == [.frame(Data("read here".utf8)), .closed(.peerClosed)])
        #expect(onLoop.events.isEmpty)
    }

    @Test func closingIsIdempotentAndSendingAfterwardsIsATypedError() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let server = try EchoServer(path: scratch.file("close.sock"), limit: 64)
        let client = try FramedConnection.connect(to: server.listener.path, limit: 64)
        let events = Recorder<ConnectionEvent>()
        client.start { events.record($0) }
        #expect { try client.send(Data(count: 65)) } throws: { ($0 as? TransportError)?.code == .frameTooLarge }
        try client.send(Data("still open".utf8))
        #expect(await events.events(atLeast: 1) == [.frame(Data("still open".utf8))])
        client.close()
        client.close()
        #expect(await client.closed() == .closedLocally)
        #expect(events.events == [.frame(Data("still open".utf8)), .closed(.closedLocally)])
        #expect { try client.send(Data()) } throws: { ($0 as? TransportError)?.code == .connectionClosed }
        // A connection closed before it started ends at once, too.
        let idle = try FramedConnection.connect(to: server.listener.path, limit: 64)
        idle.close()
        #expect(await idle.closed() == .closedLocally)
        let late = Recorder<ConnectionEvent>()
        #expect(idle.start { late.record($0) } == false)
        #expect(late.events == [.closed(.closedLocally)])
        #expect(await server.eventsOfConnection(1) == [.closed(.peerClosed)])
        await server.shutDown()
    }

    @Test func closingReleasesASenderWaitingForAPeerThatDoesNotRead() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let server = try EchoServer(path: scratch.file("stall.sock"))
        let client = try RawClient(server.listener.path)
        let connection = try #require(await server.accepted.events(atLeast: 1).first)
        let outcome = Recorder<String>()
        let sender = Thread {
            do {
                // Far more than the socket buffers hold: the first frame already waits for room.
                for _ in 0..<8 { try connection.send(Data(count: Framing.defaultLimit)) }
                outcome.record("sent everything")
            } catch {
                outcome.record((error as? TransportError)?.code.rawValue ?? "\(error)")
            }
        }
        sender.start()
        let arrived = Recorder<Bool>()
        let watcher = Thread { [descriptor = client.descriptor] in
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            arrived.record(poll(&poller, 1, -1) == 1)
        }
        watcher.start()
        #expect(await arrived.events(atLeast: 1) == [true])
        connection.close()
        #expect(await outcome.events(atLeast: 1) == ["connectionClosed"])
        #expect(await connection.closed() == .closedLocally)
        _ = consume client
        await server.shutDown()
        #expect(await server.eventsOfConnection(0) == [.closed(.closedLocally)])
    }

    @Test func aPairCarriesFramesBothWaysAndReportsTheOtherEndResetting() async throws {
        let (left, right) = try FramedConnection.pair()
        #expect(left.peer.pid == getpid())
        try left.send(Data("to the right".utf8))
        try right.send(Data("to the left".utf8))
        var leftEvents = left.events().makeAsyncIterator()
        #expect(await leftEvents.next() == .frame(Data("to the left".utf8)))
        right.close()
        // It closed with a frame unread, which resets the connection (ECONNRESET), not a clean end.
        #expect(await leftEvents.next() == .closed(.ioError(SystemError("recv", code: ECONNRESET))))
        #expect(await leftEvents.next() == nil)
        #expect(await right.closed() == .closedLocally)
        // The right side never started: its pending frame is dropped with it.
        #expect(right.closeReason == .closedLocally)
    }

    @Test func connectionsAndListenersGiveBackEveryDescriptor() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // 20 listeners × 5 echoing connections, counted in a process of their own.
        let report = try await leakReport("connections", scratch.path)
        #expect(report["echoed"] == "105")  // the warm-up round's 5 as well
        #expect(report["after"] == report["before"])
    }
}
}
