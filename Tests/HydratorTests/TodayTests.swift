import Assistant
import Foundation
import HydratorKit
import HydratorShell
import SceneIntents
import SceneIntentsStore
import SceneIntentsTesting
import Testing

/// The Today screen and the shared store: handled in the app it updates at once; an entry
/// another writer appends shows at once while Today is in the foreground (inotify), and on the
/// return to the foreground when the app was in the background.
@MainActor
struct TodayTests {
    /// Another writer of the container: its own open file and lock, as the extension's process has.
    func otherWriter(_ rig: HydratorRig, _ ounces: Int, _ type: HydrationType) async throws {
        let store = HydrationStore(container: rig.container.path)
        try await store.append(LogEntry(id: "other-\(ounces)", type: type, ounces: ounces, date: morning))
    }

    func today(_ rig: HydratorRig) throws -> TodayViewController {
        try #require(rig.app.driver().foregroundScreen as? TodayViewController)
    }

    @Test func inTheForegroundTheRequestIsHandledInTheAppAndTodayUpdatesAtOnce() async throws {
        let rig = try HydratorRig()
        try rig.app.application.userOpensApp()
        let today = try today(rig)
        #expect(today.heading == "Today")
        #expect(today.lines() == ["Nothing logged yet today. Say \"log 8 ounces of water\"."])
        _ = rig.recorder.take()
        let outcome = await rig.say("log 8 ounces of water")
        #expect(outcome.dialog == ["Item Added!"])
        #expect(rig.recorder.take() == [
            "session-1 sceneWillResignActive", "app handlerFor TrackIntakeIntent", "session-1 sceneDidBecomeActive",
        ])
        #expect(today.heading == "Today — 8 oz")
        #expect(today.lines() == ["09:05  8 oz water", "Water: 8 oz"])
        #expect(rig.leftOpen() == [])
    }

    @Test(.timeLimit(.minutes(1)))
    func anEntryAnotherWriterAppendsShowsAtOnceWhileTodayIsInTheForeground() async throws {
        let rig = try HydratorRig()
        try rig.app.application.userOpensApp()
        let today = try today(rig)
        let seen = rig.app.model.generation
        try await otherWriter(rig, 16, .coffee)
        await rig.app.model.changed(after: seen)
        #expect(today.lines() == ["09:05  16 oz coffee", "Coffee: 16 oz"])
        #expect(today.redraws == 1)
        #expect(rig.leftOpen() == [])
    }

    @Test(.timeLimit(.minutes(1)))
    func anEntryAnotherProcessLogsShowsAtOnceWhileTodayIsInTheForeground() async throws {
        // The other process logs at the real time, so "today" is the real day, taken in a zone
        // where it is about noon: the entry is today's whatever the date and time of day.
        let zone = MiddayZone()
        let rig = try HydratorRig(calendar: zone.calendar, now: { Date() })
        try rig.app.application.userOpensApp()
        let today = try today(rig)
        #expect(today.lines() == ["Nothing logged yet today. Say \"log 8 ounces of water\"."])
        let seen = rig.app.model.generation
        let other = try await runHydrator(
            ["--container", rig.container.path, "--script", "-"], stdin: "log 16 ounces of coffee\n",
            environment: zone.environment)
        #expect(other.status == 0, "\(other.stderr)")
        #expect(other.stdout.contains("Assistant: Item Added!"))
        await rig.app.model.changed(after: seen)
        #expect(today.lines().suffix(1) == ["Coffee: 16 oz"])
        #expect(today.redraws == 1)
        #expect(rig.leftOpen() == [])
    }

    @Test func inTheBackgroundTodayShowsWhatWasLoggedWhenItReturns() async throws {
        let rig = try HydratorRig()
        try rig.app.application.userOpensApp()
        let today = try today(rig)
        try rig.app.application.moveToBackground()
        try await otherWriter(rig, 12, .tea)
        try await otherWriter(rig, 8, .tea)
        _ = rig.recorder.take()
        try rig.app.application.returnToForeground()
        #expect(rig.recorder.take() == ["session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive"])
        #expect(today.lines() == ["09:05  12 oz tea", "09:05  8 oz tea", "Tea: 20 oz"])
        #expect(rig.leftOpen() == [])
    }

    @Test func aFailedWriteAnswersTheFailureDialogAndSavesNothing() async throws {
        let user = ScriptedUser()
        let app = try HydratorApp(container: "/dev/null/hydrator", calendar: utc, now: { morning })
        let assistant = try app.makeAssistant(user: user, clock: .sleeping(on: ManualClock()))
        let outcome = await assistant.perform(.utterance("log 8 ounces of water"))
        #expect(outcome.status == .failure)
        #expect(outcome.dialog == ["Sorry, but I couldn't add your item."])
        #expect(app.model.lastFailure?.contains("/dev/null") == true)
        await #expect(throws: StoreError.self) { try await app.model.store.read() }
        #expect(leftInFlight(host: app.host, user: user) == [])
    }

    @Test func theAddScreenSavesThroughTheSameHandlerAndWords() async throws {
        let rig = try HydratorRig()
        try rig.app.application.userOpensApp()
        let today = try today(rig)
        let delegate = try #require(rig.app.delegate)
        let add = AddViewController(handler: delegate.handler)
        try #require(today.navigationController).push(add)
        #expect(await add.save() == "How many ounces?")
        add.enter(ounces: 200)
        #expect(await add.save() == "That's more than I can log at once.")
        add.enter(ounces: 10)
        #expect(await add.save() == "Pick a drink.")
        #expect(add.pick(9) == "There is no drink 9; pick 1 to 6.")
        #expect(add.pick(6) == nil)
        #expect(add.lines().suffix(2) == ["[6] Milk ✓", "Ounces: 10"])
        #expect(await add.save() == "Item Added!")
        #expect(rig.app.driver().foregroundScreen === today)
        #expect(today.lines() == ["09:05  10 oz milk", "Milk: 10 oz"])
        #expect(rig.leftOpen() == [])
    }

    @Test func aRecordThatIsNoEntryIsSkippedWithAWarningAndTheOthersShow() async throws {
        let rig = try HydratorRig()
        try await otherWriter(rig, 8, .water)
        try await RecordLog<[String: String]>(log: rig.app.model.store.log.log).append(["note": "from a newer version"])
        try await otherWriter(rig, 4, .juice)
        try rig.app.application.userOpensApp()
        let lines = try today(rig).lines()
        #expect(lines.prefix(4) == ["09:05  8 oz water", "09:05  4 oz juice", "Water: 8 oz", "Juice: 4 oz"])
        #expect(lines.count == 5)
        #expect(lines.last?.hasPrefix("1 entry could not be read: undecodable record at offset ") == true)
        #expect(rig.app.model.warnings.count == 1)
        #expect(rig.app.model.warnings.first?.hasPrefix("undecodable record at offset ") == true)
        #expect(rig.leftOpen() == [])
    }
}
