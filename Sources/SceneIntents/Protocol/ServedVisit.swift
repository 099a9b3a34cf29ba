import Synchronization

/// A call's visit while `AppEndpoint` serves it: the steps it made before it first gave control
/// back, then either the answer it made at once or the number it was given when it suspended.
///
/// Steps made in the job that started the visit are kept here: they travel in an answer made
/// at once, or go out as `step` messages once the visit suspended and was numbered. Later steps
/// are held until the visit's job suspends or ends (`HeldUntilSuspension`), and any still held
/// when it answers travel in the answer. Behind a `Mutex`, not on the main actor: a visit's
/// steps tell it from `nonisolated(nonsending)` code (see `RequestBinding`).
final class ServedVisit: Sendable {
    private struct State {
        /// The call's number; nil while the visit runs in the job that started it.
        var id: UInt64?
        /// The answer made at once, before the visit gave control back.
        var answer: PhaseAnswer?
        var steps: [PhaseStep] = []
        var held: HeldUntilSuspension<PhaseStep>?
    }
    private let state = Mutex(State())
    private let send: @Sendable (AppMessage) -> Void

    init(send: @escaping @Sendable (AppMessage) -> Void) {
        self.send = send
    }

    /// A step the visit completed. A progress report replaces one held before it that no other
    /// step followed: only the latest is news, so a handler reporting in a loop that never
    /// suspends holds one report, not one per turn.
    func hold(_ step: PhaseStep) {
        let isReport = step.answer.isWorking
        let held = state.withLock { state in
            if state.held == nil {
                // A visit's steps (its parameters, confirm, handle): one allocation, not one per doubling.
                if state.steps.isEmpty { state.steps.reserveCapacity(4) }
                if isReport, state.steps.last?.answer.isWorking == true {
                    state.steps[state.steps.count - 1] = step
                } else {
                    state.steps.append(step)
                }
            }
            return state.held
        }
        held?.hold(step, replacingLastIf: { isReport && $0.answer.isWorking })
    }

    /// The visit answered: in the job that started it (nil then: the caller takes the answer
    /// from `answeredAtOnce`), or once numbered, when the answer is sent here (its number then).
    func answered(_ answer: PhaseAnswer) -> UInt64? {
        let (id, held) = state.withLock { state in
            if state.id == nil { state.answer = answer }
            return (state.id, state.held)
        }
        guard let id else { return nil }
        if case .progressed(let intent, _) = answer {
            // A progress report still held is news no more: the answer ends the call.
            let steps = held?.take().filter { !$0.answer.isWorking } ?? []
            send(.answer(id: id, answer: .progressed(intent: intent, steps: steps)))
        } else {
            held?.flush()
            send(.answer(id: id, answer: answer))
        }
        return id
    }

    /// The answer made before the visit first gave control back, if it made one.
    var answeredAtOnce: PhaseAnswer? { state.withLock { $0.answer } }

    /// The visit suspended: it is call `id` from now on, and the steps it made so far go out.
    func number(_ id: UInt64) {
        let send = send
        let steps = state.withLock { state in
            state.id = id
            state.held = HeldUntilSuspension { steps in
                for step in steps { send(.step(id: id, step: step)) }
            }
            defer { state.steps = [] }
            return state.steps
        }
        for step in steps { send(.step(id: id, step: step)) }
    }
}
