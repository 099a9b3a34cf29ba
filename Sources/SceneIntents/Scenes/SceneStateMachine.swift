/// Where a scene is in its life: finer than `ActivationState`, which it maps onto.
public enum SceneLifecycleState: String, Sendable, Codable, CaseIterable {
    /// Created, not yet connected (unattached).
    case pending
    /// Connected, not yet on screen or in the background (unattached).
    case connected
    /// On screen, not receiving events.
    case foregroundInactive
    /// On screen, receiving events.
    case foregroundActive
    /// Off screen.
    case background
    /// Disconnected for good; the scene object is finished (unattached).
    case disconnected

    /// The UIKit activation state this corresponds to.
    public var activationState: ActivationState {
        switch self {
        case .pending, .connected, .disconnected: .unattached
        case .foregroundInactive: .foregroundInactive
        case .foregroundActive: .foregroundActive
        case .background: .background
        }
    }
}

/// Something that happens to a scene.
public enum SceneEvent: String, Sendable, Codable, CaseIterable {
    /// The system connects the scene to its session.
    case connect
    /// The scene comes on screen.
    case enterForeground
    /// The scene starts receiving events.
    case activate
    /// The scene stops receiving events (going to the background, or an interruption).
    case resignActive
    /// The scene goes off screen.
    case enterBackground
    /// The system disconnects the scene.
    case disconnect
    /// An activity is continued in the scene.
    case continueUserActivity
    /// An activity could not be continued in the scene.
    case failToContinueUserActivity
}

/// A scene delegate callback, named as in UIKit.
public enum SceneCallback: String, Sendable, Codable, CaseIterable {
    case willConnectTo
    case sceneDidDisconnect
    case sceneWillEnterForeground
    case sceneDidBecomeActive
    case sceneWillResignActive
    case sceneDidEnterBackground
    case willContinueUserActivityWithType
    case continueUserActivity = "continue"
    case didFailToContinueUserActivityWithType
    case stateRestorationActivity
}

/// A transition UIKit would never make.
public struct SceneTransitionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The scene's session identifier.
    public let scene: String
    /// The state the scene was in.
    public let state: SceneLifecycleState
    /// The event that cannot happen in that state.
    public let event: SceneEvent

    /// One line for logs and messages.
    public var description: String {
        "scene \(scene) cannot \(event.rawValue) while \(state.rawValue)"
    }
}

/// The scene state machine: a value whose transitions return the delegate callbacks to run, in
/// order, or throw for a transition UIKit would never make.
///
/// The application drives every scene through it, so a scene's state can only change along
/// UIKit's paths: pending → connected → foregroundInactive ⇄ foregroundActive, foregroundInactive
/// ⇄ background, and connected or background → disconnected.
public struct SceneStateMachine: Sendable, Equatable {
    /// The scene's session identifier, named in errors.
    public let scene: String
    /// The current state.
    public private(set) var state: SceneLifecycleState = .pending

    /// A machine for a new scene, in the pending state.
    public init(scene: String) {
        self.scene = scene
    }

    /// Applies an event: returns the callbacks to run, or throws without changing the state.
    public mutating func apply(_ event: SceneEvent) throws(SceneTransitionError) -> [SceneCallback] {
        guard let (next, callbacks) = Self.transition(from: state, on: event) else {
            throw SceneTransitionError(scene: scene, state: state, event: event)
        }
        state = next
        return callbacks
    }

    /// The state and callbacks an event leads to from a state; nil when UIKit would never make it.
    public static func transition(from state: SceneLifecycleState, on event: SceneEvent)
        -> (SceneLifecycleState, [SceneCallback])?
    {
        switch (state, event) {
        case (.pending, .connect): (.connected, [.willConnectTo])
        case (.connected, .enterForeground), (.background, .enterForeground):
            (.foregroundInactive, [.sceneWillEnterForeground])
        case (.foregroundInactive, .activate): (.foregroundActive, [.sceneDidBecomeActive])
        case (.foregroundActive, .resignActive): (.foregroundInactive, [.sceneWillResignActive])
        case (.foregroundInactive, .enterBackground), (.connected, .enterBackground):
            (.background, [.sceneDidEnterBackground, .stateRestorationActivity])
        // Asked before disconnecting; a background scene was asked on entering the background
        // and nothing has happened to it since.
        case (.connected, .disconnect): (.disconnected, [.stateRestorationActivity, .sceneDidDisconnect])
        case (.background, .disconnect): (.disconnected, [.sceneDidDisconnect])
        case (.foregroundActive, .continueUserActivity), (.foregroundInactive, .continueUserActivity):
            (state, [.willContinueUserActivityWithType, .continueUserActivity])
        case (.foregroundActive, .failToContinueUserActivity),
            (.foregroundInactive, .failToContinueUserActivity):
            (state, [.willContinueUserActivityWithType, .didFailToContinueUserActivityWithType])
        default: nil
        }
    }
}
