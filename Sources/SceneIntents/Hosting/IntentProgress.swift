/// How far a running phase has come, as its handler reports it: `completed` units of `total`.
///
/// A handler whose work outlasts its phase budget reports progress as it goes, and each report
/// the system hears gives the running step a fresh budget, up to the assistant's
/// `progressLimit` from the step's start (60 s by default): a handle that keeps reporting may
/// take that long, one that goes quiet for a whole budget times out as before. This is App
/// Intents' rule ("exceeded the allowed time limit without reporting progress").
///
/// ```swift
/// IntentSchema<ImportIntent>(handle: { intent in
///     for (index, file) in intent.files.enumerated() {
///         try await importFile(file)
///         IntentProgress.report(completed: index + 1, of: intent.files.count)
///     }
///     return .success
/// })
/// ```
///
/// A report goes to the system when the handler next suspends (or as the phase answers), so a
/// loop that never awaits reports nothing until it ends; of the reports made in between, only
/// the latest goes (a loop reporting without awaiting holds one, not one per turn). The trace
/// records each report heard.
public struct IntentProgress: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The units done; at most `total`.
    public var completed: Int64
    /// The units in all; 0 when not known yet.
    public var total: Int64

    /// Progress of `completed` units of `total`, each clamped to be at least 0 and `completed`
    /// to be at most `total` (when `total` is known).
    public init(completed: Int64, total: Int64) {
        self.total = max(0, total)
        self.completed = self.total > 0 ? min(max(0, completed), self.total) : max(0, completed)
    }

    /// The part done, from 0 to 1; 0 while the total is not known.
    public var fractionCompleted: Double { total > 0 ? Double(completed) / Double(total) : 0 }

    /// "3 of 10", or "3" while the total is not known.
    public var description: String { total > 0 ? "\(completed) of \(total)" : "\(completed)" }

    /// Reports the running phase's progress to the system; does nothing outside a phase call.
    ///
    /// Call it from the handler's phase method (or from work it awaits): the call it belongs to
    /// is found from the task. Reports are cheap; the system takes each as a sign of life.
    public static func report(completed: Int, of total: Int) {
        report(IntentProgress(completed: Int64(completed), total: Int64(total)))
    }

    /// Reports `progress` for the running phase; does nothing outside a phase call.
    public static func report(_ progress: IntentProgress) {
        reporter()?(progress)
    }

    /// Where the running phase's reports go, taken from the task: nil outside a phase call. Keep
    /// it to report from work that does not inherit the task's values (a detached task, a
    /// callback): it reports to the same call for as long as the call runs.
    public static func reporter() -> (@Sendable (IntentProgress) -> Void)? {
        let context = CallContext.current
        guard let phase = context.phase, let step = context.step else { return nil }
        return { progress in step(PhaseStep(phase: phase, answer: .working(progress))) }
    }
}

extension PhaseAnswer {
    /// Whether this is a progress report (`working`), not an answer.
    public var isWorking: Bool { if case .working = self { true } else { false } }
}
