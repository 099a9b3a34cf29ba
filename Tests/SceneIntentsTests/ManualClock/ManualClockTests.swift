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

    @MainActor
    @Test func sleepersWakeInDeadlineOrder() async throws {
        let clock = ManualClock()
        let log = ManualClockWakeLog()
        var tasks: [Task<Void, any Error>] = []
        // Parked one by one so the arrival order is known: deadlines 3 s, 1 s, 2 s.
        for (index, seconds) in [3, 1, 2].enumerated() {
            tasks.append(Task { @MainActor in
                try await clock.sleep(until: .init(offset: .seconds(seconds)))
                log.entries.append(seconds)
                #expect(clock.now.offset >= .seconds(seconds))
            })
            await clock.waitForSleepers(index + 1)
        }
        #expect(clock.sleeperCount == 3)
        clock.advance(by: .seconds(10))
        #expect(clock.sleeperCount == 0)
        for task in tasks {
            try await task.value
        }
        #expect(log.entries == [1, 2, 3])
    }

    @MainActor
    @Test func sleepersSharingADeadlineWakeInArrivalOrder() async throws {
        let clock = ManualClock()
        let log = ManualClockWakeLog()
        var tasks: [Task<Void, any Error>] = []
        for index in 0..<4 {
            tasks.append(Task { @MainActor in
                try await clock.sleep(until: .init(offset: .seconds(1)))
                log.entries.append(index)
            })
            await clock.waitForSleepers(index + 1)
        }
        clock.advance(to: .init(offset: .seconds(1)))
        for task in tasks {
            try await task.value
        }
        #expect(log.entries == [0, 1, 2, 3])
    }

    @Test func advanceWakesOnlyTheSleepersThatAreDue() async throws {
        let clock = ManualClock()
        let early = Task { try await clock.sleep(until: .init(offset: .seconds(1))) }
        let late = Task { try await clock.sleep(until: .init(offset: .seconds(5))) }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(2))
        try await early.value
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(3))
        try await late.value
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellationBeforeSleepingThrowsWithoutParking() async {
        let clock = ManualClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: .init(offset: .seconds(1)))
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellationWhileSleepingRemovesTheSleeperAtOnce() async {
        let clock = ManualClock()
        let cancelled = Task { try await clock.sleep(until: .init(offset: .seconds(1))) }
        let other = Task { try await clock.sleep(until: .init(offset: .seconds(1))) }
        await clock.waitForSleepers(2)
        cancelled.cancel()
        #expect(clock.sleeperCount == 1)
        let result = await cancelled.result
        #expect(throws: CancellationError.self) { try result.get() }
        clock.advance(by: .seconds(1))
        let otherResult = await other.result
        #expect(throws: Never.self) { try otherResult.get() }
        #expect(clock.sleeperCount == 0)
    }

    @MainActor
    @Test func waitForSleepersReturnsOnlyOnceEnoughAreParked() async throws {
        let clock = ManualClock()
        let first = Task { @MainActor in try await clock.sleep(until: .init(offset: .seconds(1))) }
        await clock.waitForSleepers(1)
        #expect(clock.sleeperCount == 1)
        // Starts waiting while only one sleeper is parked; the second parks after it.
        let waiter = Task { @MainActor in
            await clock.waitForSleepers(2)
            return clock.sleeperCount
        }
        let second = Task { @MainActor in try await clock.sleep(until: .init(offset: .seconds(1))) }
        #expect(await waiter.value == 2)
        clock.advance(by: .seconds(1))
        try await first.value
        try await second.value
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
        let task = Task { try await sleepThenReadNow(clock, for: .milliseconds(1_500)) }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(1_000))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(500))
        let woke = try await task.value
        #expect(woke == ManualClock.Instant(offset: .milliseconds(1_500)))
    }

    @Test func sleepForUsesTheCurrentTime() async throws {
        let clock = ManualClock(start: .seconds(2))
        let task = Task { try await clock.sleep(for: .seconds(3)) }
        await clock.waitForSleepers(1)
        clock.advance(to: .init(offset: .seconds(4)))
        #expect(clock.sleeperCount == 1)
        clock.advance(to: .init(offset: .seconds(5)))
        try await task.value
        #expect(clock.sleeperCount == 0)
    }

    @Test func equalInstantsHashAlike() {
        var hasher = Hasher()
        ManualClock.Instant(offset: .milliseconds(1_234)).hash(into: &hasher)
        var other = Hasher()
        ManualClock.Instant(offset: .milliseconds(1_234)).hash(into: &other)
        #expect(hasher.finalize() == other.finalize())
        #expect(ManualClock.Instant(offset: .milliseconds(1_234)) != ManualClock.Instant(offset: .zero))
    }
}
