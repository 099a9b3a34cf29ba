import SceneIntents
import SceneIntentsTesting
import Testing

@Suite("Navigation")
@MainActor
struct NavigationTests {
    /// A launched app whose scene's root is a navigation stack on `RecipeList`.
    private func launchedWithNavigation() throws -> (TestApp, NavigationController) {
        let test = TestApp(root: .navigation)
        try test.app.launch(.user)
        #expect(
            test.take() == [
                "app willFinishLaunching user",
                "app didFinishLaunching user",
                "app configurationForConnecting session-1",
                "session-1 willConnectTo",
                "RecipeList viewDidLoad",
                "RecipeList viewWillAppear",
                "session-1 sceneWillEnterForeground",
                "session-1 sceneDidBecomeActive",
                "RecipeList viewDidAppear",
            ])
        let scene = try #require(test.app.connectedScenes.first)
        let navigation = try #require(scene.rootViewController as? NavigationController)
        return (test, navigation)
    }

    @Test func pushAndPopInterleaveTheTwoControllersCallbacks() throws {
        let (test, navigation) = try launchedWithNavigation()
        let list = navigation.topViewController
        let detail = Screen("Detail", journal: test.journal)

        try navigation.push(detail)
        #expect(
            test.take() == [
                "Detail viewDidLoad",
                "RecipeList viewWillDisappear",
                "Detail viewWillAppear",
                "RecipeList viewDidDisappear",
                "Detail viewDidAppear",
            ])
        #expect(navigation.viewControllers.map(\.name) == ["RecipeList", "Detail"])
        #expect(navigation.topViewController === detail)
        #expect(navigation.visibleController === detail)
        #expect(detail.navigationController === navigation)
        #expect(detail.scene === navigation.scene)
        #expect(detail.isVisible && !list.isVisible)

        let popped = navigation.pop()
        #expect(popped === detail)
        #expect(
            test.take() == [
                "Detail viewWillDisappear",
                "RecipeList viewWillAppear",
                "Detail viewDidDisappear",
                "RecipeList viewDidAppear",
            ])
        #expect(navigation.viewControllers.map(\.name) == ["RecipeList"])
        #expect(detail.navigationController == nil)
        #expect(!detail.isVisible && list.isVisible)

        // Pushed again: loaded already, so no second viewDidLoad.
        try navigation.push(detail)
        #expect(
            test.take() == [
                "RecipeList viewWillDisappear",
                "Detail viewWillAppear",
                "RecipeList viewDidDisappear",
                "Detail viewDidAppear",
            ])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func pushingAControllerAlreadyOnTheStackThrowsAndChangesNothing() throws {
        let (test, navigation) = try launchedWithNavigation()
        let list = navigation.topViewController
        let detail = Screen("Detail", journal: test.journal)
        try navigation.push(detail)
        _ = test.take()

        let again = #expect(throws: NavigationError.self) { try navigation.push(detail) }
        #expect(again?.controller == "Detail")
        let root = #expect(throws: NavigationError.self) { try navigation.push(list) }
        #expect(root?.controller == "RecipeList")
        #expect(test.take() == [])
        let stack = navigation.viewControllers.map(ObjectIdentifier.init)
        #expect(stack == [ObjectIdentifier(list), ObjectIdentifier(detail)])
        #expect(detail.isVisible)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func popAtTheRootReturnsNilAndRecordsNothing() throws {
        let (test, navigation) = try launchedWithNavigation()
        let list = navigation.topViewController

        #expect(navigation.pop() == nil)
        navigation.popToRoot()
        #expect(test.take() == [])
        #expect(navigation.viewControllers.count == 1)
        #expect(navigation.topViewController === list)
        #expect(list.isVisible)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func popToRootMakesOnlyTheTopDisappear() throws {
        let (test, navigation) = try launchedWithNavigation()
        let detail = Screen("Detail", journal: test.journal)
        let step = Screen("Step", journal: test.journal)
        try navigation.push(detail)
        try navigation.push(step)
        _ = test.take()

        navigation.popToRoot()
        #expect(
            test.take() == [
                "Step viewWillDisappear",
                "RecipeList viewWillAppear",
                "Step viewDidDisappear",
                "RecipeList viewDidAppear",
            ])
        #expect(navigation.viewControllers.map(\.name) == ["RecipeList"])
        #expect(detail.navigationController == nil && step.navigationController == nil)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func goingHomeAndComingBackSendNoViewCallbacksToTheStack() throws {
        let (test, navigation) = try launchedWithNavigation()
        let detail = Screen("Detail", journal: test.journal)
        try navigation.push(detail)
        _ = test.take()

        try test.app.moveToBackground()
        #expect(
            test.take() == Sequences.wentToBackground("session-1"))
        // The screen is alive and still in its window while the scene is in the background.
        #expect(detail.isVisible)
        #expect(navigation.topViewController === detail)

        try test.app.returnToForeground()
        #expect(test.take() == Sequences.cameToForeground("session-1"))
        #expect(detail.isVisible)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func inTheBackgroundAPushAndAPopRunTheStacksCallbacksAndTheReturnAddsNone() throws {
        let (test, navigation) = try launchedWithNavigation()
        try test.app.moveToBackground()
        _ = test.take()
        let detail = Screen("Detail", journal: test.journal)

        try navigation.push(detail)
        #expect(
            test.take() == [
                "Detail viewDidLoad",
                "RecipeList viewWillDisappear",
                "Detail viewWillAppear",
                "RecipeList viewDidDisappear",
                "Detail viewDidAppear",
            ])
        try test.app.returnToForeground()
        #expect(test.take() == Sequences.cameToForeground("session-1"))

        try test.app.moveToBackground()
        _ = test.take()
        #expect(navigation.pop() === detail)
        #expect(
            test.take() == [
                "Detail viewWillDisappear",
                "RecipeList viewWillAppear",
                "Detail viewDidDisappear",
                "RecipeList viewDidAppear",
            ])
        try test.app.returnToForeground()
        #expect(test.take() == Sequences.cameToForeground("session-1"))
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func aStandaloneStackIsOffScreenSoOnlyLoadingIsRecorded() throws {
        let root = Screen("A")
        let navigation = NavigationController(root: root)
        let recorder = LifecycleRecorder()
        recorder.attach(to: navigation)
        let pushed = Screen("B")

        try navigation.push(pushed)
        #expect(recorder.take() == [])
        #expect(!pushed.isViewLoaded)
        #expect(navigation.viewControllers.map(\.name) == ["A", "B"])

        // A controller on the stack reports through the stack's recorder, and loads once.
        pushed.loadViewIfNeeded()
        pushed.loadViewIfNeeded()
        root.loadViewIfNeeded()
        #expect(recorder.take() == ["B viewDidLoad", "A viewDidLoad"])
        #expect(pushed.isViewLoaded)

        #expect(throws: NavigationError.self) { try navigation.push(root) }
        #expect(navigation.pop() === pushed)
        #expect(navigation.pop() == nil)
        #expect(recorder.take() == [])
        #expect(navigation.viewControllers.map(\.name) == ["A"])
        #expect(leftInFlight(recorder: recorder) == [])
    }
}
