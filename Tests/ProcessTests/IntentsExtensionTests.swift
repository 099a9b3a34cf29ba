import Foundation
import SceneIntents
import SceneIntentsHost
import SceneIntentsTesting
import SceneIntentsTransport
import SceneIntentsWire
import TestFixtures
import Testing

/// An `IntentsExtension` served in this process, with the test as its system on the other end
/// of a real socket and the idle time on a manual clock.
@MainActor
@Suite(.serialized)
struct IntentsExtensionTests {
    /// The test's end of one extension's connection.
    struct System {
        let directory: RuntimeDirectory
        let listener: SocketListener
        let clock = ManualClock()
        let serving: Task<ServeEnd, any Error>
        let connection: FramedConnection
        var incoming: AsyncStream<ConnectionEvent>.Iterator
        let codec: MessageCodec

        init(intentsSupported: [String] = ["UnlistedIntent"]) async throws {
            directory = try RuntimeDirectory.prepare("/tmp/si-extension-\(getpid())-\(OneTimeToken.generate().value.prefix(8))")
            listener = try SocketListener(path: directory.socketPath("system.sock"))
            var accepted = listener.events().makeAsyncIterator()
            let plugIn = IntentsExtension(
                name: "Kitchen Intents", catalog: try Kitchen.catalog(), intentsSupported: intentsSupported,
                idleExit: .seconds(5), clock: clock, handlerFor: { _ in ScriptedSoupHandler() })
            let path = listener.path
            serving = Task { @MainActor in try await plugIn.serve(socket: path, token: "the-token") }
            guard case .accepted(let connection)? = await accepted.next() else {
                throw FixtureError(description: "the extension did not connect")
            }
            self.connection = connection
            incoming = connection.events().makeAsyncIterator()
            codec = MessageCodec(catalog: try Kitchen.catalog())
        }

        /// The messages of a frame read and not yet asked for (a frame holds one job's).
        var pending: [AppMessage] = []

        mutating func next() async throws -> AppMessage {
            if pending.isEmpty {
                guard case .frame(let bytes)? = await incoming.next() else { throw FixtureError(description: "closed") }
                try codec.decodeEach(AppMessage.self, from: bytes) { pending.append($0) }
            }
            return pending.removeFirst()
        }

        func send(_ message: SystemMessage) throws {
            try connection.send(codec.encode(message))
        }

        func finish() {
            connection.close()
            listener.close()
            try? FileManager.default.removeItem(atPath: directory.path)
        }
    }

    @Test func itSaysItIsAnExtensionServesRefusesScenesAndExitsWhenIdleOnItsClock() async throws {
        var system = try await System()
        guard case .hello(let hello) = try await system.next() else { throw FixtureError(description: "no hello") }
        #expect(hello.kind == .intentsExtension)
        #expect(hello.appName == "Kitchen Intents")
        #expect(hello.token == "the-token")
        #expect(hello.intentsSupported == ["UnlistedIntent"])
        #expect(hello.userActivityTypes == [])
        try system.send(.accept(protocolVersion: MessageProtocol.version))
        try system.send(.call(id: 1, call: PhaseCall(request: 1, intent: AnyIntent(UnlistedIntent()), phase: .handle, isTraced: true)))
        #expect(try await system.next() == .lifecycle(.application(.handlerFor, detail: "UnlistedIntent")))
        #expect(try await system.next() == .answer(id: 1, answer: .response(.success)))
        try system.send(.continueActivity(id: 2, activity: UserActivity(activityType: "UnlistedIntent")))
        let noScenes = "an intents extension has no scenes: the system continues in the app"
        #expect(try await system.next() == .continued(id: 2, result: .failed(reason: noScenes)))
        try system.send(.event(id: 3, event: .open))
        #expect(try await system.next() == .eventDone(id: 3, refusal: noScenes, output: nil))
        try system.send(.event(id: 4, event: .lock(isLocked: true)))
        #expect(try await system.next() == .eventDone(id: 4, refusal: nil, output: nil))
        // Idle from the end of the call: one timer, and nothing ends before it fires.
        await system.clock.waitForSleepers(1)
        system.clock.advance(by: .seconds(4))
        #expect(system.clock.sleeperCount == 1)
        system.clock.advance(by: .seconds(1))
        #expect(try await system.serving.value == .idle(.seconds(5)))
        #expect(await system.incoming.next() == .closed(.peerClosed))
        system.finish()
    }

    @Test func aRequestWaitingForTheUserKeepsItAndItsFinishStartsTheIdleTime() async throws {
        var system = try await System(intentsSupported: ["OrderSoupIntent"])
        _ = try await system.next()
        try system.send(.accept(protocolVersion: MessageProtocol.version))
        let order = AnyIntent(phoOrder)
        // Not traced: the answer alone comes back, the handler lookup untold.
        try system.send(.call(id: 1, call: PhaseCall(request: 7, intent: order, phase: .resolve(parameter: "soup"))))
        guard case .answer(1, .resolved) = try await system.next() else { throw FixtureError(description: "not resolved") }
        // Answered after the call settled; then the extension's main actor gets to run.
        try system.send(.event(id: 2, event: .lock(isLocked: false)))
        #expect(try await system.next() == .eventDone(id: 2, refusal: nil, output: nil))
        for _ in 0..<20 { await Task.yield() }
        // Request 7 holds its handler (the user is being asked): no idle timer, however long.
        #expect(system.clock.sleeperCount == 0)
        system.clock.advance(by: .seconds(3600))
        try system.send(.call(id: 3, call: PhaseCall(request: 7, intent: order, phase: .finish)))
        #expect(try await system.next() == .answer(id: 3, answer: .finished))
        await system.clock.waitForSleepers(1)
        system.clock.advance(by: .seconds(5))
        #expect(try await system.serving.value == .idle(.seconds(5)))
        system.finish()
    }

    @Test func quitEndsItAtOnce() async throws {
        var system = try await System()
        _ = try await system.next()
        try system.send(.accept(protocolVersion: MessageProtocol.version))
        try system.send(.event(id: 1, event: .quit))
        #expect(try await system.next() == .eventDone(id: 1, refusal: nil, output: nil))
        #expect(try await system.serving.value == .quit)
        #expect(await system.incoming.next() == .closed(.peerClosed))
        system.finish()
    }
}
