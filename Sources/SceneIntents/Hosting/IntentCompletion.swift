import Synchronization

/// A once-only completion handler, for handlers written in completion-handler style.
///
/// Wrap such a method with `withIntentCompletion(_:)`. The first call answers; any later call is
/// ignored and reported to the host (`HostReport.Kind.secondAnswerIgnored`), never crashing.
/// If the call is cancelled (its budget ran out) before an answer, the wait ends with
/// `CancellationError`, and an answer after that is reported as late
/// (`HostReport.Kind.lateAnswerIgnored`), not as a second one.
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
    private let report: (@Sendable (HostReport) -> Void)?
    private let label: String

    init(label: String, report: (@Sendable (HostReport) -> Void)?) {
        self.label = label
        self.report = report
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
        case .answered: report?(HostReport(.secondAnswerIgnored, label))
        case .cancelled: report?(HostReport(.lateAnswerIgnored, label))
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
struct HostCallContext: Sendable {
    /// Names the intent and phase in reports.
    var label: String
    /// Where reports go.
    var sink: (@Sendable (HostReport) -> Void)?

    @TaskLocal static var current = HostCallContext(label: "", sink: nil)
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
    let context = HostCallContext.current
    let completion = IntentCompletion<Value>(label: context.label, report: context.sink)
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            completion.install(continuation)
            body(completion)
        }
    } onCancel: {
        completion.cancel()
    }
}
