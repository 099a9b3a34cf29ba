import Foundation
import SceneIntents
import SceneIntentsTesting
import Testing

@Suite("User activities")
struct UserActivityTests {
    @Test func aNewActivityHasUIKitsDefaults() {
        let activity = UserActivity(activityType: "com.example.recipe.open")
        let content = activity.content
        #expect(activity.activityType == "com.example.recipe.open")
        #expect(activity.isValid)
        #expect(content.isEligibleForSearch == false)
        #expect(content.isEligibleForHandoff == true)
        #expect(content.isEligibleForPrediction == false)
        #expect(content.title == nil)
        #expect(content.userInfo.isEmpty)
        #expect(content.requiredUserInfoKeys.isEmpty)
        #expect(content.persistentIdentifier == nil)
        #expect(content.suggestedInvocationPhrase == nil)
        #expect(content.targetContentIdentifier == nil)
        #expect(content.interaction == nil)
    }

    @Test func setUserInfoAcceptsPropertyListValuesAtAnyDepth() throws {
        let activity = UserActivity(activityType: "com.example.recipe.open")
        let date = Date(timeIntervalSinceReferenceDate: 700_000_000)
        try activity.setUserInfo([
            "recipe": "Pancakes",
            "servings": 4,
            "rating": 4.5,
            "vegan": true,
            "steps": ["mix", "fry"],
            "meta": ["created": date, "photo": Data([1, 2, 3]), "tags": [["sweet"]]] as [String: Any],
        ])
        #expect(
            activity.userInfo == [
                "recipe": "Pancakes",
                "servings": 4,
                "rating": 4.5,
                "vegan": true,
                "steps": .array(["mix", "fry"]),
                "meta": .dictionary([
                    "created": .date(date), "photo": .data(Data([1, 2, 3])),
                    "tags": .array([.array(["sweet"])]),
                ]),
            ])
    }

    @Test func aNonPropertyListValueInsideAnArrayIsRefusedByPathAndChangesNothing() throws {
        let activity = UserActivity(activityType: "com.example.recipe.open")
        try activity.setUserInfo(["recipe": "Pancakes"])

        let error = #expect(throws: UserActivityError.self) {
            try activity.setUserInfo(["recipe": "Soup", "steps": ["mix", Marker()] as [Any]])
        }
        #expect(error == .notPropertyList(path: "userInfo.steps[1]", typeName: "Marker"))
        #expect(activity.userInfo == ["recipe": "Pancakes"])
    }

    @Test func aNonPropertyListValueInsideADictionaryIsRefusedByPath() throws {
        let activity = UserActivity(activityType: "com.example.recipe.open")

        #expect(throws: UserActivityError.notPropertyList(path: "userInfo.meta.owner[0].who", typeName: "Marker")) {
            try activity.setUserInfo(["meta": ["owner": [["who": Marker()]]]])
        }
        #expect(throws: UserActivityError.notPropertyList(path: "userInfo.ids", typeName: "Dictionary<Int, String>")) {
            try activity.setUserInfo(["ids": [1: "one"]])
        }
        #expect(activity.userInfo.isEmpty)
    }

    @Test func updateCannotChangeTheActivityType() throws {
        let activity = UserActivity(activityType: "com.example.recipe.open")
        try activity.update {
            $0.activityType = "com.example.other"
            $0.title = "Pancakes"
            $0.isEligibleForSearch = true
        }
        #expect(activity.activityType == "com.example.recipe.open")
        #expect(activity.content.activityType == "com.example.recipe.open")
        #expect(activity.title == "Pancakes")
        #expect(activity.content.isEligibleForSearch)
    }

    @Test @MainActor func anInvalidatedActivityCannotChangeOrBecomeCurrent() throws {
        let test = TestApp()
        let activity = UserActivity(activityType: TestApp.recipeType)
        try activity.update { $0.title = "Pancakes" }
        activity.invalidate()
        #expect(!activity.isValid)

        #expect(throws: UserActivityError.invalidated(activityType: TestApp.recipeType)) {
            try activity.update { $0.title = "Soup" }
        }
        #expect(throws: UserActivityError.invalidated(activityType: TestApp.recipeType)) {
            try activity.setUserInfo(["recipe": "Soup"])
        }
        #expect(throws: UserActivityError.invalidated(activityType: TestApp.recipeType)) {
            try activity.validateForContinuation()
        }
        #expect(throws: ApplicationError.activity(.invalidated(activityType: TestApp.recipeType))) {
            try test.app.becomeCurrent(activity)
        }
        #expect(activity.title == "Pancakes")
        #expect(activity.userInfo.isEmpty)
        #expect(test.app.currentUserActivity == nil)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test @MainActor func oneActivityIsCurrentAtATime() throws {
        let test = TestApp()
        try test.launched()
        let first = UserActivity(activityType: TestApp.recipeType)
        let second = UserActivity(activityType: TestApp.recipeType)
        #expect(test.app.currentUserActivity == nil)

        try test.app.becomeCurrent(first)
        #expect(test.app.currentUserActivity === first)
        try test.app.becomeCurrent(second)
        #expect(test.app.currentUserActivity === second)

        test.app.resignCurrent(first)
        #expect(test.app.currentUserActivity === second)
        test.app.resignCurrent(second)
        #expect(test.app.currentUserActivity == nil)

        // A refused activity leaves the current one in place.
        try test.app.becomeCurrent(first)
        second.invalidate()
        #expect(throws: ApplicationError.self) { try test.app.becomeCurrent(second) }
        #expect(test.app.currentUserActivity === first)
        #expect(test.take() == [])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test @MainActor func theCurrentActivityBelongsToARunAndEndsWithIt() throws {
        let test = TestApp()
        let activity = UserActivity(activityType: TestApp.recipeType)
        #expect(throws: ApplicationError.notRunning("make an activity current")) {
            try test.app.becomeCurrent(activity)
        }
        try test.launched()
        try test.app.becomeCurrent(activity)
        #expect(test.app.currentUserActivity === activity)

        test.app.terminate()
        #expect(test.app.currentUserActivity == nil)
        #expect(
            test.take()
                == Sequences.wentToBackground("session-1") + ["session-1 sceneDidDisconnect", "app willTerminate"])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func anActivityRoundTripsThroughJSON() throws {
        let original = UserActivity(activityType: "com.example.recipe.open")
        try original.update {
            $0.title = "Pancakes"
            $0.userInfo = [
                "recipe": "Pancakes", "servings": 4, "rating": 4.5, "vegan": false,
                "created": .date(Date(timeIntervalSinceReferenceDate: 700_000_000)),
                "photo": .data(Data([0, 255])),
                "steps": .array(["mix", .dictionary(["minutes": 3])]),
            ]
            $0.requiredUserInfoKeys = ["recipe"]
            $0.isEligibleForSearch = true
            $0.isEligibleForHandoff = false
            $0.isEligibleForPrediction = true
            $0.persistentIdentifier = "recipe-42"
            $0.suggestedInvocationPhrase = "Make pancakes"
            $0.targetContentIdentifier = "recipe/42"
        }
        original.invalidate()

        let data = try JSONEncoder().encode(original)
        let decoded = try JSONDecoder().decode(UserActivity.self, from: data)
        #expect(decoded !== original)
        #expect(decoded == original)
        #expect(decoded.content == original.content)
        #expect(decoded.activityType == "com.example.recipe.open")
        #expect(decoded.userInfo["steps"] == .array(["mix", .dictionary(["minutes": 3])]))
        #expect(decoded.content.isEligibleForHandoff == false)
        #expect(decoded.targetContentIdentifier == "recipe/42")
        // Validity is not encoded: a decoded activity is valid.
        #expect(decoded.isValid)

        try decoded.update { $0.title = "Waffles" }
        #expect(decoded != original)
    }
}

@Suite("Updating an activity")
struct UserActivityUpdateTests {
    @Test func theChangeMayReadTheActivityItself() throws {
        let activity = UserActivity(activityType: "com.example.recipe.open")
        try activity.update { $0.title = "Viewing \(activity.activityType)" }
        try activity.update { $0.userInfo["title"] = .string(activity.title ?? "none") }

        #expect(activity.title == "Viewing com.example.recipe.open")
        #expect(activity.userInfo == ["title": "Viewing com.example.recipe.open"])
        #expect(activity.activityType == "com.example.recipe.open")
    }

    @Test func theChangeMayInvalidateTheActivityAndIsThenRefused() throws {
        let activity = UserActivity(activityType: "com.example.recipe.open")
        #expect(throws: UserActivityError.invalidated(activityType: "com.example.recipe.open")) {
            try activity.update {
                $0.title = "too late"
                activity.invalidate()
            }
        }
        #expect(activity.title == nil)
        #expect(!activity.isValid)
    }
}
