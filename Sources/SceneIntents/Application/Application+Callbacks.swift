/// The dispatch of scene and application callbacks: every scene event goes through the scene's
/// state machine, and each callback it answers is reported to the observers, then made.
extension Application {
    /// Continues an activity in a scene: `willContinue…` → `continue`, or `didFailToContinue…`
    /// when the manifest does not list its type, it was invalidated or lacks a required key.
    /// Returns why it failed, nil when the scene continued it.
    func continueActivity(_ activity: UserActivity, in scene: Scene) throws(ApplicationError) -> UserActivityError? {
        // A reply is about this continuation only; one given earlier must not be spoken for it.
        scene.continuationReply = nil
        if let refusal = activityRefusal(activity) {
            try perform(.failToContinueUserActivity, on: scene, activity: activity, failure: refusal)
            return refusal
        }
        try perform(.continueUserActivity, on: scene, activity: activity)
        return nil
    }

    /// Why the app cannot continue this activity, nil when it can.
    func activityRefusal(_ activity: UserActivity) -> UserActivityError? {
        guard manifest.supportsActivityType(activity.activityType) else {
            return .typeNotDeclared(activityType: activity.activityType)
        }
        do { try activity.validateForContinuation() } catch { return error }
        return nil
    }

    /// Applies a scene event and makes the callbacks it answers, in order.
    func perform(
        _ event: SceneEvent, on scene: Scene, options: ConnectionOptions = ConnectionOptions(),
        activity: UserActivity? = nil, failure: UserActivityError? = nil
    ) throws(ApplicationError) {
        let callbacks: [SceneCallback]
        do { callbacks = try scene.machine.apply(event) } catch { throw .invalidTransition(error) }
        let delegate = scene.delegate
        let id = scene.session.persistentIdentifier
        for callback in callbacks {
            emit(.scene(id, callback))
            switch callback {
            case .willConnectTo: delegate.scene(scene, willConnectTo: scene.session, options: options)
            case .sceneDidDisconnect: delegate.sceneDidDisconnect(scene)
            case .sceneWillEnterForeground: delegate.sceneWillEnterForeground(scene)
            case .sceneDidBecomeActive:
                activations += 1
                scene.session.lastActivation = activations
                handlerStore.sceneActivated(id)
                delegate.sceneDidBecomeActive(scene)
            case .sceneWillResignActive: delegate.sceneWillResignActive(scene)
            case .sceneDidEnterBackground: delegate.sceneDidEnterBackground(scene)
            case .stateRestorationActivity:
                scene.session.stateRestorationActivity = delegate.stateRestorationActivity(for: scene)
            case .willContinueUserActivityWithType:
                delegate.scene(scene, willContinueUserActivityWithType: activity?.activityType ?? "")
            case .continueUserActivity:
                if let activity { delegate.scene(scene, continue: activity) }
            case .didFailToContinueUserActivityWithType:
                delegate.scene(
                    scene, didFailToContinueUserActivityWithType: activity?.activityType ?? "",
                    error: failure ?? UserActivityError.typeNotDeclared(activityType: ""))
            }
        }
        // The session's new state (and restoration activity) reaches the system before anything
        // that follows this transition: a connection is reported when it comes on screen.
        switch event {
        case .enterForeground, .activate, .resignActive, .enterBackground, .disconnect: reportSaved(scene.session)
        case .connect, .continueUserActivity, .failToContinueUserActivity: break
        }
    }

    /// Tells the delegate which sessions the user closed.
    func reportDiscarded(_ sessions: [SceneSession]) {
        emit(
            .application(
                .didDiscardSceneSessions,
                detail: sessions.map(\.persistentIdentifier).joined(separator: ",")))
        onSessionChange?(.discarded(sessions.map(\.persistentIdentifier)))
        delegate?.application(self, didDiscardSceneSessions: sessions)
    }
}
