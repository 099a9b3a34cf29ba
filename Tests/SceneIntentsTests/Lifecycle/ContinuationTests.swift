import SceneIntents
import SceneIntentsTesting
import Testing

@Suite("Continuing an activity in the app")
@MainActor
struct ContinuationTests {
    @Test func aBackgroundSceneComesForwardContinuesAndGivesItsReply() throws {
        let test = TestApp()
        let scene = try test.launchedThenSentHome()

        let continuation = try test.app.continueUserActivity(try recipeActivity(reply: "Step 2. Whisk the eggs."))
        #expect(continuation == Continuation(sessionIdentifier: "session-1", reply: "Step 2. Whisk the eggs."))
        #expect(
            test.take() == [
                "session-1 sceneWillEnterForeground",
                "session-1 sceneDidBecomeActive",
                "session-1 willContinueUserActivityWithType",
                "session-1 continue",
            ])
        #expect(scene.activationState == .foregroundActive)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func aNewSceneGivesItsReplyFromItsConnectionOptions() throws {
        let test = TestApp()

        let continuation = try test.app.continueUserActivity(try recipeActivity(reply: "Here are the ingredients."))
        #expect(continuation == Continuation(sessionIdentifier: "session-1", reply: "Here are the ingredients."))
        #expect(
            test.take()
                == ["app willFinishLaunching intent", "app didFinishLaunching intent"]
                + Sequences.connectedInForeground("session-1"))
        #expect(test.app.connectedScenes.first?.recording?.connectionActivities.count == 1)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func aSceneThatGivesNoReplyAnswersNilAndAnEarlierLineIsNotCarriedOver() throws {
        let test = TestApp()
        let scene = try test.launched()
        scene.answerContinuation("a line from before")

        let continuation = try test.app.continueUserActivity(try recipeActivity())
        #expect(continuation == Continuation(sessionIdentifier: "session-1", reply: nil))
        #expect(test.take() == ["session-1 willContinueUserActivityWithType", "session-1 continue"])

        // A reply is given once: the next continuation starts without it.
        _ = try test.app.continueUserActivity(try recipeActivity(reply: "Step 3."))
        #expect(try test.app.continueUserActivity(try recipeActivity()).reply == nil)
        #expect(test.take().count == 4)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func openForUserActivityStillAnswersTheScene() throws {
        let test = TestApp()
        let scene = try test.launched()

        #expect(try test.app.openForUserActivity(try recipeActivity(reply: "ignored here")) === scene)
        #expect(test.take() == ["session-1 willContinueUserActivityWithType", "session-1 continue"])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func anUndeclaredTypeComesForwardFailsAndThrowsNamingTheReason() throws {
        let test = TestApp()
        let scene = try test.launchedThenSentHome()
        let undeclared = try recipeActivity(type: "com.example.undeclared")
        let reason = UserActivityError.typeNotDeclared(activityType: "com.example.undeclared")

        let error = #expect(throws: ApplicationError.self) { try test.app.openForUserActivity(undeclared) }
        #expect(error == .activityNotContinued(session: "session-1", reason: reason))
        #expect(error?.code == .activityNotContinued)
        #expect(error?.value == "session-1")
        #expect(error?.activityError == reason)
        #expect(
            error?.description
                == "the scene of session-1 could not continue the activity: the app cannot continue a 'com.example.undeclared' activity: add it to NSUserActivityTypes in the manifest"
        )
        #expect(
            test.take() == [
                "session-1 sceneWillEnterForeground",
                "session-1 sceneDidBecomeActive",
                "session-1 willContinueUserActivityWithType",
                "session-1 didFailToContinueUserActivityWithType",
            ])
        #expect(scene.recording?.failures == [reason])
        #expect(scene.recording?.continuedActivities.isEmpty == true)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func anInvalidatedActivityOrAMissingRequiredKeyThrowsFromBothMethods() throws {
        let test = TestApp()
        try test.launched()
        let invalidated = try recipeActivity(reply: "never")
        invalidated.invalidate()
        let incomplete = try recipeActivity(reply: "never")
        try incomplete.update { $0.requiredUserInfoKeys = ["step"] }

        #expect(
            throws: ApplicationError.activityNotContinued(
                session: "session-1", reason: .invalidated(activityType: TestApp.recipeType))
        ) { try test.app.continueUserActivity(invalidated) }
        #expect(
            throws: ApplicationError.activityNotContinued(
                session: "session-1", reason: .missingRequiredKey(activityType: TestApp.recipeType, key: "step"))
        ) { try test.app.openForUserActivity(incomplete) }
        #expect(
            test.take() == [
                "session-1 willContinueUserActivityWithType",
                "session-1 didFailToContinueUserActivityWithType",
                "session-1 willContinueUserActivityWithType",
                "session-1 didFailToContinueUserActivityWithType",
            ])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func withTheAppNotRunningItLaunchesConnectsAndThenThrows() throws {
        let test = TestApp()
        let undeclared = try recipeActivity(type: "com.example.undeclared")

        #expect(
            throws: ApplicationError.activityNotContinued(
                session: "session-1", reason: .typeNotDeclared(activityType: "com.example.undeclared"))
        ) { try test.app.continueUserActivity(undeclared) }
        #expect(
            test.take()
                == ["app willFinishLaunching intent", "app didFinishLaunching intent"]
                + Sequences.connectedInForeground("session-1")
                + ["session-1 willContinueUserActivityWithType", "session-1 didFailToContinueUserActivityWithType"])
        #expect(test.app.connectedScenes.first?.recording?.connectionActivities.isEmpty == true)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }
}
