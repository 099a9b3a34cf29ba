import Assistant
import SceneAppIntents
import SceneIntents
import SceneIntentsTesting
import Testing

/// Packs three boxes, 6 s each on the injected clock, counting them on `progress`.
struct PackBoxesIntent: ProgressReportingIntent {
    static let title: LocalizedStringResource = "Pack Boxes"
    @Dependency var clock: ManualClock

    func perform() async throws -> some IntentResult & ProvidesDialog {
        progress.totalUnitCount = 3
        for _ in 1...3 {
            try await clock.sleep(for: .seconds(6))
            progress.completedUnitCount += 1
        }
        return .result(dialog: "Packed \(progress.completedUnitCount) boxes.")
    }
}

/// `ProgressReportingIntent`: the unit counts `perform()` sets on `progress` reach the assistant
/// as progress reports, each giving the handle step a fresh budget, in process and through the
/// message codec alike. On the harness's manual clock: 18 s of work against a 10 s budget.
// A time limit: a wait for a sleeper that never comes fails the test instead of hanging it.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct ProgressReportingTests {
    func harness(asInstalled: Bool) -> IntentTestHarness {
        let dependencies = AppDependencyManager()
        let catalog = AppIntentsCatalog([PackBoxesIntent.self], dependencies: dependencies)
        let application = Application(
            manifest: catalog.manifest(sceneConfigurations: [.windowApplication: [SceneConfiguration(name: "Default", delegateClassName: "Plain")]]),
            sceneDelegates: ["Default": { PlainSceneDelegate() }],
            delegate: { AppIntentsAppDelegate(intents: catalog) })
        let harness = IntentTestHarness(
            application: application, catalog: catalog.catalog, appName: "Packer", asInstalled: asInstalled)
        let clock = harness.clock
        dependencies.add(dependency: clock)
        return harness
    }

    /// Waits (yielding, no clock) until the trace has a line `condition` accepts.
    func heard(_ harness: IntentTestHarness, _ condition: (String) -> Bool) async -> Bool {
        for _ in 0..<10_000 {
            if harness.traceLines.contains(where: condition) { return true }
            await Task.yield()
        }
        return false
    }

    @Test(arguments: [false, true])
    func workThatKeepsReportingOutlastsItsBudget(asInstalled: Bool) async throws {
        let harness = harness(asInstalled: asInstalled)
        let run = harness.start(.intent(AppIntentsCatalog.request(PackBoxesIntent())))
        // Setting the total is heard with the first sleep: "0 of 3".
        #expect(await heard(harness) { $0 == "result: handle → working (0 of 3)" })
        for box in 1...2 {
            // perform()'s sleep and the step's budget timer.
            await harness.advance(by: .seconds(6), once: 2)
            #expect(await heard(harness) { $0 == "result: handle → working (\(box) of 3)" })
        }
        await harness.advance(by: .seconds(6), once: 2)
        let outcome = await run.value
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["Packed 3 boxes."])
        #expect(
            harness.traceLines.filter { $0.hasPrefix("result: handle") } == [
                "result: handle → working (0 of 3)", "result: handle → working (1 of 3)", "result: handle → working (2 of 3)",
                // The adapter awaits as it makes the response, so the last count is heard too.
                "result: handle → working (3 of 3)", "result: handle → response(success)",
            ])
        #expect(!harness.traceLines.contains { $0.hasPrefix("timeout") })
        #expect(harness.clock.sleeperCount == 0)
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }
}
