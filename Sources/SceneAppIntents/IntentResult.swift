/// What an intent's `perform()` answers: made with `.result(…)`, never by hand.
///
/// ```swift
/// func perform() async throws -> some IntentResult & ReturnsValue<Int> & ProvidesDialog {
///     .result(value: total, dialog: "That's \(total) ounces today.")
/// }
/// ```
public protocol IntentResult: Sendable {}

/// A result that hands a value back (to a shortcut's next action; the assistant says it when
/// the result has no dialog of its own).
public protocol ReturnsValue<Value>: IntentResult {
    /// The value's type.
    associatedtype Value
}

/// A result with a dialog: the assistant says it.
public protocol ProvidesDialog: IntentResult {}

/// A result that runs another intent after this one (its dialog follows this one's).
public protocol OpensIntent: IntentResult {}

/// The one result type `.result(…)` makes: a value, an intent to run next, a dialog.
///
/// `Content` is where Apple's version carries a SwiftUI snippet view, which this package cannot
/// show (`Never` here).
public struct IntentResultContainer<Value: Sendable, OpensAppIntent: Sendable, Content: Sendable, Dialog: Sendable>:
    ReturnsValue, ProvidesDialog, OpensIntent
{
    /// The value handed back, if any.
    public let value: Value?
    /// The intent to run next, if any.
    public let opensIntent: OpensAppIntent?
    /// The dialog, if any.
    public let dialog: IntentDialog?

    init(value: Value?, opensIntent: OpensAppIntent?, dialog: IntentDialog?) {
        self.value = value
        self.opensIntent = opensIntent
        self.dialog = dialog
    }
}

/// The parts of a result the engine reads, whatever its generic arguments.
protocol ResultParts {
    /// The dialog, if any.
    var spokenDialog: String? { get }
    /// The value as words, if there is one.
    var spokenValue: String? { get }
    /// The intent to run next, if any.
    var nextIntent: (any AppIntent)? { get }
}

extension IntentResultContainer: ResultParts {
    var spokenDialog: String? { dialog?.description }
    var spokenValue: String? { value.map { SpokenText.of($0) } }
    var nextIntent: (any AppIntent)? { opensIntent.flatMap { $0 as? any AppIntent } }
}

extension IntentResult {
    /// Done, with nothing to say but the assistant's "Done."
    public static func result() -> Self where Self == IntentResultContainer<Never, Never, Never, Never> {
        .init(value: nil, opensIntent: nil, dialog: nil)
    }

    /// Done, with a dialog.
    public static func result(dialog: IntentDialog) -> Self where Self == IntentResultContainer<Never, Never, Never, IntentDialog> {
        .init(value: nil, opensIntent: nil, dialog: dialog)
    }

    /// Done, handing back a value.
    public static func result<V: Sendable>(value: V) -> Self where Self == IntentResultContainer<V, Never, Never, Never> {
        .init(value: value, opensIntent: nil, dialog: nil)
    }

    /// Done, handing back a value, with a dialog.
    public static func result<V: Sendable>(value: V, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<V, Never, Never, IntentDialog> {
        .init(value: value, opensIntent: nil, dialog: dialog)
    }

    /// Done; `opensIntent` runs next.
    public static func result<I: AppIntent>(opensIntent: I) -> Self where Self == IntentResultContainer<Never, I, Never, Never> {
        .init(value: nil, opensIntent: opensIntent, dialog: nil)
    }

    /// Done, with a dialog; `opensIntent` runs next.
    public static func result<I: AppIntent>(opensIntent: I, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<Never, I, Never, IntentDialog> {
        .init(value: nil, opensIntent: opensIntent, dialog: dialog)
    }

    /// Done, handing back a value; `opensIntent` runs next.
    public static func result<V: Sendable, I: AppIntent>(value: V, opensIntent: I) -> Self
    where Self == IntentResultContainer<V, I, Never, Never> {
        .init(value: value, opensIntent: opensIntent, dialog: nil)
    }

    /// Done, handing back a value, with a dialog; `opensIntent` runs next.
    public static func result<V: Sendable, I: AppIntent>(value: V, opensIntent: I, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<V, I, Never, IntentDialog> {
        .init(value: value, opensIntent: opensIntent, dialog: dialog)
    }
}
