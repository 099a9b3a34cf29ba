import Assistant
import SceneIntentsTesting
import Synchronization
import Testing

/// A multi-step race on the continuous clock moves its deadline instead of re-arming a timer:
/// the timer that fires at the old deadline must arm itself again, and the moved deadline must
/// still end the race. Real time: the deadline is moved as the work starts (no wait a loaded
/// machine could stretch past the first deadline), and the margins are wide.
struct DeadlineMoveTests {
    /// Work that moves the deadline to `extended` from now as it starts, then answers `value`
    /// after `answer` (nil: never; the work ends when cancelled).
    func work(clock: BudgetClock, extended: Duration, answer: Duration?, value: Int) -> Start {
        { reply, rearm in
            let moved = rearm(clock.now + extended)
            return .task(Task {
                guard moved, let answer else {
                    try? await Task.sleep(for: .seconds(60))
                    return
                }
                do { try await Task.sleep(for: answer) } catch { return }
                reply(value)
            })
        }
    }

    @Test func anAnswerAfterTheFirstDeadlineButBeforeTheMovedOneIsTaken() async {
        let clock = BudgetClock.continuous()
        let outcome = await race(
            deadline: clock.now + .milliseconds(200), on: clock,
            start: work(clock: clock, extended: .seconds(30), answer: .milliseconds(400), value: 7))
        guard case .answered(let value) = outcome else {
            Issue.record("expected the answer, got \(outcome)")
            return
        }
        #expect(value == 7)
        #expect(clock.pendingDeadlines == 0, "the timer armed again for the moved deadline was disarmed")
    }

    @Test func aMovedDeadlineStillEndsWorkThatNeverAnswers() async {
        let clock = BudgetClock.continuous()
        let started = clock.now
        let outcome = await race(
            deadline: started + .milliseconds(200), on: clock,
            start: work(clock: clock, extended: .milliseconds(400), answer: nil, value: 0))
        guard case .timedOut = outcome else {
            Issue.record("expected a timeout, got \(outcome)")
            return
        }
        #expect(clock.now - started >= .milliseconds(400), "not before the moved deadline")
        #expect(clock.pendingDeadlines == 0)
    }

    /// How a test's work starts: given how to answer and how to move its deadline.
    typealias Start = (_ answer: @escaping @Sendable (Int) -> Void, _ rearm: @escaping @Sendable (Duration) -> Bool)
        -> CallCancellation

    /// Work that answers inside `start` (an app in this process whose handler answers at once),
    /// after holding the thread for `held` on a manual clock, with a step first.
    func answeringAtOnce(_ manual: ManualClock, clock: BudgetClock, held: Duration, value: Int) -> Start {
        { reply, rearm in
            manual.advance(by: held)
            _ = rearm(clock.now + .seconds(10))
            manual.advance(by: held)
            reply(value)
            return .answered
        }
    }

    /// The work `start` makes, raced for ten seconds on a manual clock: the outcome, the answers
    /// passed to `late`, and the clock.
    func raced(_ start: (ManualClock, BudgetClock) -> Start) async -> (RaceOutcome<Int>, late: [Int], ManualClock) {
        let manual = ManualClock()
        let clock = BudgetClock.sleeping(on: manual)
        let late = Mutex<[Int]>([])
        let outcome = await race(
            deadline: clock.now + .seconds(10), on: clock, late: { value in late.withLock { $0.append(value) } },
            start: start(manual, clock))
        return (outcome, late.withLock { $0 }, manual)
    }

    @Test func workThatAnswersWhileItStartsIsTakenWithNoTimerLeft() async {
        let (outcome, late, manual) = await raced { answeringAtOnce($0, clock: $1, held: .seconds(6), value: 3) }
        guard case .answered(let value) = outcome else {
            Issue.record("expected the answer, got \(outcome)")
            return
        }
        // Six seconds, a step (a new ten-second budget), six more: within the step's budget.
        #expect(value == 3)
        #expect(late == [])
        #expect(manual.sleeperCount == 0, "no timer is left waiting")
    }

    @Test func workThatAnswersWhileItStartsButPastItsDeadlineTimesOutAndIsLate() async {
        let (outcome, late, manual) = await raced { answeringAtOnce($0, clock: $1, held: .seconds(11), value: 4) }
        guard case .timedOut = outcome else {
            Issue.record("expected a timeout, got \(outcome)")
            return
        }
        #expect(late == [4])
        #expect(manual.sleeperCount == 0)
    }

    @Test func aSecondAnswerIsLateAndDoesNotReplaceTheFirst() async {
        let (outcome, late, manual) = await raced { _, _ in
            { answer, _ in
                answer(5)
                answer(6)
                return .answered
            }
        }
        guard case .answered(let value) = outcome else {
            Issue.record("expected the first answer, got \(outcome)")
            return
        }
        #expect(value == 5)
        #expect(late == [6])
        #expect(manual.sleeperCount == 0)
    }
}
