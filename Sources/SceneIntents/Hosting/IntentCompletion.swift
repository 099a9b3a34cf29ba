import Synchronization

/// A once-only completion handler, for handlers written in completion-handler style.
///
/// Wrap such a method with `withIntentCompletion(_:)`. The first call answers; any later call is
/// ignored and reported to the host (`AppReport.Kind.secondAnswerIgnored`), never crashing.
/// If the call is cancelled (its budget ran out) before an answer, the wait ends with
/// `CancellationError`, and an answer after that is reported as late
/// (`AppReport.Kind.lateAnswerIgnored`), not as a second one.
public final class IntentCompletion<Value: Sendable>: Sendable {
    private enum Phase {
        case waiting
        case answered
        case cancelled
    }

    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var phase = Phase.waiting
    }

    private let state = Mutex(State())
    /// The call it answers for: where reports go, and the words naming it.
    private let context: CallContext

    init(context: CallContext) {
        self.context = context
    }

    /// Answers; only the first call counts.
    public func callAsFunction(_ value: Value) {
        let (phase, continuation) = state.withLock { state in
            let taken = (state.phase, state.continuation)
            if state.phase == .waiting {
                state.phase = .answered
                state.continuation = nil
            }
            return taken
        }
        switch phase {
        case .waiting: continuation?.resume(returning: value)
        case .answered: context.sink?(AppReport(.secondAnswerIgnored, context.label))
        case .cancelled: context.sink?(AppReport(.lateAnswerIgnored, context.label))
        }
    }

    func install(_ continuation: CheckedContinuation<Value, any Error>) {
        let early = state.withLock { state -> Bool in
            if state.phase == .cancelled { return true }
            state.continuation = continuation
            return false
        }
        if early { continuation.resume(throwing: CancellationError()) }
    }

    func cancel() {
        let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            guard state.phase == .waiting else { return nil }
            state.phase = .cancelled
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(throwing: CancellationError())
    }
}

/// The host call running now: what `withIntentCompletion(_:)` reports a second answer to.
package struct CallContext: Sendable {
    /// The intent's type name.
    var intent: String
    /// The phase called (nil outside a call).
    var phase: PhaseCall.Phase?
    /// Where reports go.
    var sink: (@Sendable (AppReport) -> Void)?
    /// The call's `PhaseCall.choices`: what the user chose at the request's choices so far.
    var choices: [String: Int]? = nil
    /// Where the call's steps go as they are made: `IntentProgress.report` sends its reports
    /// there (nil: nobody hears the call's steps).
    var step: (@Sendable (PhaseStep) -> Void)? = nil

    /// Names the intent and phase in reports. Put into words only when a report needs it, not
    /// on every call.
    var label: String { phase.map { "\(intent) \($0)" } ?? intent }

    @TaskLocal static var current = CallContext(intent: "", phase: nil, sink: nil)

    /// The option the user chose, in this call's request, at the choice among `options` (its
    /// position), if they were asked it: how App Intents' `requestChoice` hears the answer.
    package static func chosen(among options: [String]) -> Int? {
        current.choices?[IntentQuestion.choiceKey(options)]
    }
}

/// Calls a completion-handler style method and waits for its first answer.
///
/// ```swift
/// func handle(intent: ShowDirectionsIntent) async throws -> IntentResponse {
///     try await withIntentCompletion { completion in legacyHandle(intent, completion: completion.callAsFunction) }
/// }
/// ```
/// A second call of the completion is ignored and reported; cancellation before the first
/// throws `CancellationError`.
@MainActor
public func withIntentCompletion<Value: Sendable>(
    _ body: @MainActor (IntentCompletion<Value>) -> Void
) async throws -> Value {
    let completion = IntentCompletion<Value>(context: CallContext.current)
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            completion.install(continuation)
            body(completion)
        }
    } onCancel: {
        completion.cancel()
    }
}
