import SceneIntentsTesting
import Testing

/// Records the order in which main-actor sleepers wake up.
@MainActor
private final class ManualClockWakeLog {
    var entries: [Int] = []
}

/// Sleeps through any `Clock` whose durations are `Swift.Duration`, then reports the time.
private func sleepThenReadNow<C: Clock>(_ clock: C, for duration: Duration) async throws -> C.Instant
where C.Duration == Duration {
    try await clock.sleep(for: duration)
    return clock.now
}

/// Awaits `task`, cancelling it when the test is cancelled.
///
/// If a regression leaves a sleeper parked, the suite's time limit cancels the test; the
/// cancellation reaches the sleeper, which throws, so the test fails instead of hanging.
@discardableResult
private func valueCancellingWithTest<Success: Sendable>(_ task: Task<Success, any Error>) async throws -> Success {
    try await withTaskCancellationHandler {
        try await task.value
    } onCancel: {
        task.cancel()
    }
}

/// Awaits a task that cannot fail, cancelling it when the test is cancelled.
private func valueCancellingWithTest<Success: Sendable>(_ task: Task<Success, Never>) async -> Success {
    await withTaskCancellationHandler {
        await task.value
    } onCancel: {
        task.cancel()
    }
}

// Sleepers run in structured child tasks, or in tasks awaited through
// `valueCancellingWithTest`, so the time limit turns a hang into a failure.
@Suite("ManualClock", .timeLimit(.minutes(1)))
struct ManualClockTests {
    @Test func startsAtTheGivenOffsetAndAdvances() {
        let clock = ManualClock(start: .seconds(5))
        #expect(clock.now == ManualClock.Instant(offset: .seconds(5)))
        clock.advance(by: .milliseconds(250))
        #expect(clock.now.offset == .milliseconds(5_250))
        clock.advance(to: ManualClock.Instant(offset: .seconds(7)))
        #expect(clock.now.offset == .seconds(7))
        #expect(clock.minimumResolution == .zero)
    }

    @Test func instantArithmeticAndDescription() {
        let start = ManualClock.Instant(offset: .seconds(1))
        let later = start.advanced(by: .milliseconds(500))
        #expect(start < later)
        #expect(start.duration(to: later) == .milliseconds(500))
        #expect(later.duration(to: start) == .milliseconds(-500))
        #expect(start.description == "t+1.0 seconds")
        #expect(ManualClock.Instant(offset: .seconds(-2)).description == "t-2.0 seconds")
    }

    @Test func equalInstantsHashAlike() {
        var hasher = Hasher()
        ManualClock.Instant(offset: .milliseconds(1_234)).hash(into: &hasher)
        var other = Hasher()
        ManualClock.Instant(offset: .milliseconds(1_234)).hash(into: &other)
        #expect(hasher.finalize() == other.finalize())
        #expect(ManualClock.Instant(offset: .milliseconds(1_234)) != ManualClock.Instant(offset: .zero))
    }

    /// Each advance wakes exactly the sleepers whose deadlines it reached. (The order in which
    /// one advance resumes several sleepers is not observable from their tasks: a resumed
    /// continuation is scheduled through the global executor before it hops back to its actor,
    /// so tasks resumed in order may run in another order, even all on the main actor.)
    @MainActor
    @Test func sleepersWakeInDeadlineOrder() async throws {
        let clock = ManualClock()
        let log = ManualClockWakeLog()
        var sleepers: [Int: Task<Void, any Error>] = [:]
        // Parked one by one: deadlines 3 s, 1 s, 2 s.
        for (index, seconds) in [3, 1, 2].enumerated() {
            sleepers[seconds] = Task { @MainActor in
                try await clock.sleep(until: .init(offset: .seconds(seconds)))
                log.entries.append(seconds)
                #expect(clock.now.offset == .seconds(seconds))
            }
            await clock.waitForSleepers(index + 1)
        }
        var counts: [Int] = []
        for seconds in [1, 2, 3] {
            clock.advance(to: .init(offset: .seconds(seconds)))
            counts.append(clock.sleeperCount)
            try await valueCancellingWithTest(try #require(sleepers[seconds]))
        }
        #expect(counts == [2, 1, 0])
        #expect(log.entries == [1, 2, 3])
    }

    @MainActor
    @Test func sleepersSharingADeadlineAllWakeOnTheAdvanceThatReachesIt() async throws {
        let clock = ManualClock()
        let log = ManualClockWakeLog()
        var sleepers: [Task<Void, any Error>] = []
        for index in 0..<4 {
            sleepers.append(Task { @MainActor in
                try await clock.sleep(until: .init(offset: .seconds(1)))
                log.entries.append(index)
                #expect(clock.now.offset == .seconds(1))
            })
            await clock.waitForSleepers(index + 1)
        }
        clock.advance(to: .init(offset: .milliseconds(999)))
        #expect(clock.sleeperCount == 4)
        clock.advance(to: .init(offset: .seconds(1)))
        #expect(clock.sleeperCount == 0)
        for sleeper in sleepers {
            try await valueCancellingWithTest(sleeper)
        }
        #expect(log.entries.sorted() == [0, 1, 2, 3])
    }

    @Test func advanceWakesOnlyTheSleepersThatAreDue() async throws {
        let clock = ManualClock()
        async let early: Void = clock.sleep(until: .init(offset: .seconds(1)))
        async let late: Void = clock.sleep(until: .init(offset: .seconds(5)))
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(2))
        try await early
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(3))
        try await late
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellationBeforeSleepingThrowsWithoutParking() async {
        let clock = ManualClock()
        await withTaskGroup(of: Void.self) { group in
            group.cancelAll()
            group.addTask {
                #expect(Task.isCancelled)
                await #expect(throws: CancellationError.self) {
                    try await clock.sleep(until: .init(offset: .seconds(1)))
                }
            }
        }
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellationWhileSleepingRemovesTheSleeperAtOnce() async throws {
        let clock = ManualClock()
        try await withThrowingTaskGroup(of: Bool.self) { group in
            let cancelled = Task { try await clock.sleep(until: .init(offset: .seconds(1))) }
            group.addTask {
                await withTaskCancellationHandler {
                    (try? await cancelled.value) == nil
                } onCancel: {
                    cancelled.cancel()
                }
            }
            group.addTask {
                try await clock.sleep(until: .init(offset: .seconds(1)))
                return false
            }
            await clock.waitForSleepers(2)
            cancelled.cancel()
            #expect(clock.sleeperCount == 1)
            await #expect(throws: CancellationError.self) { try await cancelled.value }
            clock.advance(by: .seconds(1))
            var threw = 0
            for try await didThrow in group where didThrow {
                threw += 1
            }
            #expect(threw == 1)
        }
        #expect(clock.sleeperCount == 0)
    }

    @MainActor
    @Test func waitForSleepersReturnsOnlyOnceEnoughAreParked() async throws {
        let clock = ManualClock()
        let first = Task { @MainActor in try await clock.sleep(until: .init(offset: .seconds(1))) }
        await clock.waitForSleepers(1)
        #expect(clock.sleeperCount == 1)
        // Main-actor jobs run in the order they are enqueued. The yield lets the waiter
        // start waiting while only one sleeper is parked; had it wrongly returned at once,
        // it would run again before the second sleeper parks and report 1.
        let waiter = Task { @MainActor in
            await clock.waitForSleepers(2)
            return clock.sleeperCount
        }
        await Task.yield()
        let second = Task { @MainActor in try await clock.sleep(until: .init(offset: .seconds(1))) }
        #expect(await valueCancellingWithTest(waiter) == 2)
        clock.advance(by: .seconds(1))
        try await valueCancellingWithTest(first)
        try await valueCancellingWithTest(second)
    }

    @Test func waitForSleepersReturnsAtOnceWhenAlreadySatisfied() async {
        let clock = ManualClock()
        await clock.waitForSleepers(0)
        #expect(clock.sleeperCount == 0)
    }

    @Test func sleepingUntilAPastOrCurrentInstantReturnsAtOnce() async throws {
        let clock = ManualClock(start: .seconds(10))
        try await clock.sleep(until: .init(offset: .seconds(3)))
        try await clock.sleep(until: clock.now)
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
        #expect(clock.now.offset == .seconds(10))
    }

    @Test func worksThroughTheGenericClockProtocol() async throws {
        let clock = ManualClock()
        async let woke = sleepThenReadNow(clock, for: .milliseconds(1_500))
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(1_000))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(500))
        #expect(try await woke == ManualClock.Instant(offset: .milliseconds(1_500)))
    }

    @Test func sleepForUsesTheCurrentTime() async throws {
        let clock = ManualClock(start: .seconds(2))
        async let slept: Void = clock.sleep(for: .seconds(3))
        await clock.waitForSleepers(1)
        clock.advance(to: .init(offset: .seconds(4)))
        #expect(clock.sleeperCount == 1)
        clock.advance(to: .init(offset: .seconds(5)))
        try await slept
        #expect(clock.sleeperCount == 0)
    }
}
