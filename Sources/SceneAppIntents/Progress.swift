import Foundation
import SceneIntents
import Synchronization

/// An intent that reports its progress while `perform()` runs.
///
/// Set `progress.totalUnitCount` and move `progress.completedUnitCount` as the work goes on; the
/// engine hears each change (`IntentProgress`) the next time `perform()` awaits, and each report
/// gives the running step a fresh phase budget, up to the assistant's `progressLimit` from the
/// step's start: long work that keeps reporting is not cut off, work that goes quiet for a whole
/// budget is.
///
/// ```swift
/// struct ImportPhotosIntent: ProgressReportingIntent {
///     static let title: LocalizedStringResource = "Import Photos"
///     func perform() async throws -> some IntentResult {
///         progress.totalUnitCount = Int64(library.pending.count)
///         for photo in library.pending {
///             try await library.import(photo)
///             progress.completedUnitCount += 1
///         }
///         return .result()
///     }
/// }
/// ```
///
/// Only `totalUnitCount` and `completedUnitCount` are reported (a child progress's share is
/// not). Outside `perform()` the property is a progress nobody hears (Apple's traps there).
public protocol ProgressReportingIntent: AppIntent {
    /// The progress of this run of `perform()`.
    var progress: Progress { get }
}

extension ProgressReportingIntent {
    /// The progress of this run of `perform()`, reported to the engine as it changes.
    public var progress: Progress {
        PerformRun.current?.progress ?? Progress(totalUnitCount: 0)
    }
}

/// A `Progress` whose unit counts are reported to the call it was made in.
///
/// `@unchecked Sendable`: its one stored property is a `let` holding a `@Sendable` closure; the
/// rest is `Progress`'s own state, which Foundation declares `Sendable` without locking it here
/// (swift-corelibs-foundation). It is safe as used: one is made per run of `perform()`, and
/// only that run's task writes it and reads it back (in `didSet`), one access after another.
final class ReportingProgress: Progress, @unchecked Sendable {
    private let report: (@Sendable (IntentProgress) -> Void)?

    /// A progress reporting to `report` (nil: to nobody).
    init(report: (@Sendable (IntentProgress) -> Void)?) {
        self.report = report
        super.init(parent: nil, userInfo: nil)
    }

    override var totalUnitCount: Int64 {
        didSet { send() }
    }

    override var completedUnitCount: Int64 {
        didSet { send() }
    }

    private func send() {
        report?(IntentProgress(completed: completedUnitCount, total: totalUnitCount))
    }
}

extension PerformRun {
    /// This run's progress, made the first time it is asked for, reporting to the call that
    /// runs `perform()` (found from the task then).
    var progress: Progress {
        reporting.withLock { progress in
            if let progress { return progress }
            let made = ReportingProgress(report: IntentProgress.reporter())
            progress = made
            return made
        }
    }
}
