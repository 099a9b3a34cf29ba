/// An intent that opens a URL in the app: returned by another intent's result
/// (`.result(opensIntent: OpenURLIntent(url))`), it brings the app forward, whose scene
/// continues an activity of type `OpenURLIntent` with the URL's text in `userInfo["url"]`.
///
/// List it in the app's `AppIntentsCatalog` so its manifest lists the activity.
public struct OpenURLIntent: AppIntent {
    /// "Open URL".
    public static let title: LocalizedStringResource = "Open URL"
    /// It brings the app forward.
    public static let openAppWhenRun = true

    /// The URL to open.
    @Parameter(title: "URL") public var url: URL

    /// An intent with no URL yet.
    public init() {}

    /// An intent opening `url`.
    public init(_ url: URL) {
        self.url = url
    }

    /// Nothing to do here: the app's scene opens the URL as it comes forward.
    public func perform() async throws -> some IntentResult { .result() }
}

/// An intent of a kind the system knows (App Intents' `SystemIntent`): here, ``OpenIntent``.
public protocol SystemIntent: AppIntent {}

/// An intent that opens the app to one item: its `target`, an ``AppEntity`` or ``AppEnum``.
///
/// ```swift
/// struct OpenPresetIntent: OpenIntent {
///     static let title: LocalizedStringResource = "Open Timer"
///     @Parameter(title: "Timer") var target: TimerPreset
///     @Dependency var navigation: Navigation
///     @MainActor func perform() async throws -> some IntentResult {
///         navigation.show(target)
///         return .result()
///     }
/// }
/// ```
///
/// The target is resolved as any parameter is (asked for when missing, said in words to the
/// entity's query); `perform()` runs on the app's side with it, and the app then comes forward
/// through the scene lifecycle, as for `openAppWhenRun` (true unless the intent says otherwise).
public protocol OpenIntent: SystemIntent {
    /// The type of item it opens.
    associatedtype Value: _IntentValue
    /// The item to open.
    var target: Value { get set }
}

extension OpenIntent {
    /// It brings the app forward.
    public static var openAppWhenRun: Bool { true }
}

/// An intent that deletes entities (App Intents' `DeleteIntent`): its `entities` are a
/// multi-value parameter, resolved each by the entity's query, then `perform()` deletes them.
///
/// ```swift
/// struct DeleteNotesIntent: DeleteIntent {
///     static let title: LocalizedStringResource = "Delete Notes"
///     @Parameter(title: "Notes") var entities: [NoteEntity]
///     func perform() async throws -> some IntentResult { … }
/// }
/// ```
public protocol DeleteIntent: SystemIntent {
    /// The type of entity it deletes.
    associatedtype Entity: AppEntity
    /// The entities to delete.
    var entities: [Entity] { get }
}

/// An intent that sets one value (App Intents' `SetValueIntent`, as a control or a toggle
/// declares it): its `value` is a parameter like any other.
///
/// ```swift
/// struct SilentModeIntent: SetValueIntent {
///     static let title: LocalizedStringResource = "Silent Mode"
///     @Parameter(title: "Silent") var value: Bool
///     func perform() async throws -> some IntentResult { … }
/// }
/// ```
public protocol SetValueIntent<ValueType>: AppIntent {
    /// The value's type.
    associatedtype ValueType: _IntentValue
    /// The value to set.
    var value: ValueType { get set }
}
