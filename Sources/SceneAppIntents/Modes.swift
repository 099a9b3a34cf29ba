import Foundation
import SceneIntents

/// Where an intent runs: in the background, in the foreground, or in the background until it
/// comes forward (App Intents' `supportedModes`, iOS 26).
///
/// ```swift
/// struct ShowTimerIntent: AppIntent {
///     static let supportedModes: IntentModes = [.background, .foreground(.dynamic)]
///     func perform() async throws -> some IntentResult & ProvidesDialog {
///         if systemContext.currentMode.canContinueInForeground { try await continueInForeground() }
///         return .result(dialog: "Here it is.")
///     }
/// }
/// ```
///
/// On this engine the app is launched in the background for a request (no scene); coming
/// forward is a scene brought to the foreground continuing the intent's activity (its type,
/// its parameters' values in `userInfo`), as a response that opens the app does.
/// - `.background` alone: `perform()` runs in the background and cannot come forward.
/// - `.foreground(.immediate)` (`.foreground`) without `.background`: the app comes forward
///   before `perform()` runs, without asking the user.
/// - `.foreground(.dynamic)`: `perform()` runs in the background and may come forward by
///   `continueInForeground(_:alwaysConfirm:)`.
/// - `.foreground(.deferred)`: as dynamic, and the app comes forward when `perform()` returns
///   if it has not already.
///
/// Unless an intent declares its modes, they follow `openAppWhenRun`: `.foreground(.deferred)`
/// when it is true (the app comes forward when `perform()` returns, as it always has here),
/// else `.background`.
public struct IntentModes: OptionSet, Sendable, Hashable {
    /// The bits: background, then each foreground mode's.
    public let rawValue: Int

    /// Modes from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The action runs entirely in the background.
    public static let background = IntentModes(rawValue: 1)
    /// The app comes forward before the action runs: `.foreground(.immediate)`.
    public static let foreground = IntentModes.foreground(.immediate)

    /// The app in the foreground, coming forward as `mode` says.
    public static func foreground(_ mode: ForegroundMode) -> IntentModes { IntentModes(rawValue: mode.bit) }

    /// When an intent comes to the foreground.
    public struct ForegroundMode: Sendable, Hashable {
        fileprivate let bit: Int

        /// Before the action runs.
        public static let immediate = ForegroundMode(bit: 2)
        /// If the action asks (`continueInForeground`); else it stays in the background.
        public static let dynamic = ForegroundMode(bit: 4)
        /// When the action asks, else as it ends.
        public static let deferred = ForegroundMode(bit: 8)
    }

    /// Whether the app comes forward before `perform()` runs.
    var startsInForeground: Bool { contains(.foreground(.immediate)) && !contains(.background) }
    /// Whether the app comes forward when `perform()` returns, if it has not already.
    var comesForwardAtEnd: Bool { contains(.foreground(.deferred)) }
    /// The foreground mode the app is in once forward; nil when it cannot come forward.
    var foregroundMode: ForegroundMode? {
        if startsInForeground { return .immediate }
        return [ForegroundMode.deferred, .dynamic, .immediate].first { contains(.foreground($0)) }
    }

    /// Where a running intent is (`IntentSystemContext.currentMode`).
    public struct Current: Sendable, Hashable {
        /// The foreground mode the app came forward in; nil in the background.
        public let foregroundMode: ForegroundMode?
        /// Whether the intent's modes let it come forward.
        private let mayComeForward: Bool

        /// In the background.
        public static let background = Current(foregroundMode: nil, mayComeForward: false)

        /// In the foreground, having come forward as `mode` says.
        public static func foreground(_ mode: ForegroundMode) -> Current { Current(foregroundMode: mode, mayComeForward: false) }

        init(foregroundMode: ForegroundMode?, mayComeForward: Bool) {
            self.foregroundMode = foregroundMode
            self.mayComeForward = mayComeForward
        }

        /// Whether `continueInForeground` can bring the app forward now: in the background, with
        /// a foreground mode among the intent's `supportedModes`.
        public var canContinueInForeground: Bool { foregroundMode == nil && mayComeForward }

        /// Equal when both are in the background, or forward in the same mode.
        public static func == (lhs: Current, rhs: Current) -> Bool { lhs.foregroundMode == rhs.foregroundMode }

        /// Hashes the foreground mode.
        public func hash(into hasher: inout Hasher) { hasher.combine(foregroundMode) }
    }
}

/// What the system tells a running intent about where it runs (`AppIntent.systemContext`).
public struct IntentSystemContext: Sendable {
    /// In the background, or in the foreground and how it got there.
    public let currentMode: IntentModes.Current
}

/// `continueInForeground` called by an intent whose `supportedModes` name no foreground mode.
public struct ForegroundNotSupportedError: LocalizedError, Sendable {
    /// The intent's title.
    public let intentTitle: String

    /// Said as the request's failure: the intent cannot bring its app forward.
    public var errorDescription: String? {
        "\(intentTitle) can't continue in the app: its supportedModes name no foreground mode"
    }
}

/// The ledger's key for the app having come forward.
let foregroundKey = "foreground"

extension AppIntent {
    /// Background, or `.foreground(.deferred)` when the intent opens the app when run.
    public static var supportedModes: IntentModes { openAppWhenRun ? .foreground(.deferred) : .background }

    /// Where the intent runs now: `currentMode` is `.background` until the app comes forward
    /// for this request, then the foreground mode it came in (outside a request, `.background`).
    /// A later run of `perform()` (after a question) finds the app forward where the first run
    /// brought it forward, so each run takes the same path.
    public var systemContext: IntentSystemContext {
        let modes = Self.supportedModes
        let isForward = PerformRun.current?.cameForward ?? false
        return IntentSystemContext(
            currentMode: IntentModes.Current(
                foregroundMode: isForward ? modes.foregroundMode : nil, mayComeForward: modes.foregroundMode != nil))
    }

    /// Brings the app to the foreground and returns once it is there; `perform()` goes on in
    /// front. With `alwaysConfirm` the user is asked first (`dialog`, else "Continue in
    /// <app>?"; a no cancels the request), else `dialog` is said as the app comes forward.
    /// Returns at once when the app came forward already.
    ///
    /// - Throws: ``ForegroundNotSupportedError`` when `supportedModes` name no foreground mode.
    public func continueInForeground(_ dialog: IntentDialog? = nil, alwaysConfirm: Bool = true) async throws {
        let run = try PerformRun.required("continueInForeground(_:alwaysConfirm:)")
        guard Self.supportedModes.foregroundMode != nil else {
            throw ForegroundNotSupportedError(intentTitle: Self.title.description)
        }
        // Once forward in this run, it stays; the question is asked, or found answered, once.
        if run.cameForward { return }
        if run.answered(foregroundKey) { return run.markForward() }
        throw IntentQuestion(
            .foreground(activity: AppIntentRunner.activity(opening: self), confirm: alwaysConfirm), prompt: dialog?.description)
    }
}
