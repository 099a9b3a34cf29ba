import SceneIntents
import Testing

/// What an event does in a state, according to REFERENCE.md §2.
private enum Expected: Equatable {
    case to(SceneLifecycleState, [SceneCallback])
    case illegal
}

private struct Pair: Hashable {
    let state: SceneLifecycleState
    let event: SceneEvent
}

/// The whole table, one row per (state, event), written out by hand.
private let table: [(SceneLifecycleState, SceneEvent, Expected)] = [
    (.pending, .connect, .to(.connected, [.willConnectTo])),
    (.pending, .enterForeground, .illegal),
    (.pending, .activate, .illegal),
    (.pending, .resignActive, .illegal),
    (.pending, .enterBackground, .illegal),
    (.pending, .disconnect, .illegal),
    (.pending, .continueUserActivity, .illegal),
    (.pending, .failToContinueUserActivity, .illegal),

    (.connected, .connect, .illegal),
    (.connected, .enterForeground, .to(.foregroundInactive, [.sceneWillEnterForeground])),
    (.connected, .activate, .illegal),
    (.connected, .resignActive, .illegal),
    (.connected, .enterBackground, .to(.background, [.sceneDidEnterBackground, .stateRestorationActivity])),
    (.connected, .disconnect, .to(.disconnected, [.stateRestorationActivity, .sceneDidDisconnect])),
    (.connected, .continueUserActivity, .illegal),
    (.connected, .failToContinueUserActivity, .illegal),

    (.foregroundInactive, .connect, .illegal),
    (.foregroundInactive, .enterForeground, .illegal),
    (.foregroundInactive, .activate, .to(.foregroundActive, [.sceneDidBecomeActive])),
    (.foregroundInactive, .resignActive, .illegal),
    (
        .foregroundInactive, .enterBackground,
        .to(.background, [.sceneDidEnterBackground, .stateRestorationActivity])
    ),
    (.foregroundInactive, .disconnect, .illegal),
    (
        .foregroundInactive, .continueUserActivity,
        .to(.foregroundInactive, [.willContinueUserActivityWithType, .continueUserActivity])
    ),
    (
        .foregroundInactive, .failToContinueUserActivity,
        .to(.foregroundInactive, [.willContinueUserActivityWithType, .didFailToContinueUserActivityWithType])
    ),

    (.foregroundActive, .connect, .illegal),
    (.foregroundActive, .enterForeground, .illegal),
    (.foregroundActive, .activate, .illegal),
    (.foregroundActive, .resignActive, .to(.foregroundInactive, [.sceneWillResignActive])),
    (.foregroundActive, .enterBackground, .illegal),
    (.foregroundActive, .disconnect, .illegal),
    (
        .foregroundActive, .continueUserActivity,
        .to(.foregroundActive, [.willContinueUserActivityWithType, .continueUserActivity])
    ),
    (
        .foregroundActive, .failToContinueUserActivity,
        .to(.foregroundActive, [.willContinueUserActivityWithType, .didFailToContinueUserActivityWithType])
    ),

    (.background, .connect, .illegal),
    (.background, .enterForeground, .to(.foregroundInactive, [.sceneWillEnterForeground])),
    (.background, .activate, .illegal),
    (.background, .resignActive, .illegal),
    (.background, .enterBackground, .illegal),
    (.background, .disconnect, .to(.disconnected, [.sceneDidDisconnect])),
    (.background, .continueUserActivity, .illegal),
    (.background, .failToContinueUserActivity, .illegal),

    (.disconnected, .connect, .illegal),
    (.disconnected, .enterForeground, .illegal),
    (.disconnected, .activate, .illegal),
    (.disconnected, .resignActive, .illegal),
    (.disconnected, .enterBackground, .illegal),
    (.disconnected, .disconnect, .illegal),
    (.disconnected, .continueUserActivity, .illegal),
    (.disconnected, .failToContinueUserActivity, .illegal),
]

private let expectations: [Pair: Expected] = Dictionary(
    table.map { (Pair(state: $0.0, event: $0.1), $0.2) }, uniquingKeysWith: { first, _ in first })

/// Legal events that bring a new machine to a state.
private func path(to state: SceneLifecycleState) -> [SceneEvent] {
    switch state {
    case .pending: []
    case .connected: [.connect]
    case .foregroundInactive: [.connect, .enterForeground]
    case .foregroundActive: [.connect, .enterForeground, .activate]
    case .background: [.connect, .enterForeground, .enterBackground]
    case .disconnected: [.connect, .enterBackground, .disconnect]
    }
}

private func machine(in state: SceneLifecycleState) throws -> SceneStateMachine {
    var machine = SceneStateMachine(scene: "session-7")
    for event in path(to: state) { _ = try machine.apply(event) }
    return machine
}

@Suite("Scene state machine")
struct SceneStateMachineTests {
    @Test func theTableHasExactlyOneRowPerStateAndEvent() {
        #expect(table.count == SceneLifecycleState.allCases.count * SceneEvent.allCases.count)
        #expect(expectations.count == table.count)
    }

    @Test(arguments: SceneLifecycleState.allCases, SceneEvent.allCases)
    func transitionMatchesTheTable(state: SceneLifecycleState, event: SceneEvent) throws {
        let expected = try #require(expectations[Pair(state: state, event: event)])
        let actual = SceneStateMachine.transition(from: state, on: event)
        switch expected {
        case .to(let next, let callbacks):
            let transition = try #require(actual, "\(event) is legal while \(state)")
            #expect(transition.0 == next)
            #expect(transition.1 == callbacks)
        case .illegal:
            #expect(actual == nil, "\(event) is illegal while \(state)")
        }
    }

    @Test(arguments: SceneLifecycleState.allCases, SceneEvent.allCases)
    func applyFollowsTheTableOrThrowsWithoutChangingTheState(
        state: SceneLifecycleState, event: SceneEvent
    ) throws {
        let expected = try #require(expectations[Pair(state: state, event: event)])
        var machine = try machine(in: state)
        #expect(machine.state == state)
        #expect(machine.scene == "session-7")

        switch expected {
        case .to(let next, let callbacks):
            #expect(try machine.apply(event) == callbacks)
            #expect(machine.state == next)
        case .illegal:
            let error = #expect(throws: SceneTransitionError.self) { try machine.apply(event) }
            #expect(error?.scene == "session-7")
            #expect(error?.state == state)
            #expect(error?.event == event)
            #expect(error?.description == "scene session-7 cannot \(event.rawValue) while \(state.rawValue)")
            #expect(machine.state == state)
        }
    }

    @Test func aNewMachineIsPendingAndUnattached() {
        let machine = SceneStateMachine(scene: "session-1")
        #expect(machine.state == .pending)
        #expect(machine.state.activationState == .unattached)
    }

    @Test func lifecycleStatesMapOntoUIKitsActivationStates() {
        let mapped = SceneLifecycleState.allCases.map { "\($0.rawValue)=\($0.activationState)" }
        #expect(
            mapped == [
                "pending=unattached", "connected=unattached", "foregroundInactive=foregroundInactive",
                "foregroundActive=foregroundActive", "background=background", "disconnected=unattached",
            ])
        #expect(ActivationState.allCases.map(\.rawValue) == [-1, 0, 1, 2])
        #expect(ActivationState.foregroundActive.isForeground && ActivationState.foregroundInactive.isForeground)
        #expect(!ActivationState.background.isForeground && !ActivationState.unattached.isForeground)
    }
}
