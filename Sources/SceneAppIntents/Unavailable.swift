// What Apple's module has that Linux cannot: each fails to compile with a message saying why,
// rather than compiling and doing nothing.

/// A result with a SwiftUI snippet view: not on Linux.
@available(*, unavailable, message: "SwiftUI snippet views cannot be shown on Linux (there is no SwiftUI): return .result(dialog:) instead")
public protocol ShowsSnippetView: IntentResult {}

/// A widget's configuration intent: not on Linux.
@available(*, unavailable, message: "widgets cannot be configured on Linux (there is no WidgetKit): declare a plain AppIntent")
public protocol WidgetConfigurationIntent: AppIntent {}

/// A control's configuration intent: not on Linux.
@available(*, unavailable, message: "Control Center controls do not exist on Linux: declare a plain AppIntent")
public protocol ControlConfigurationIntent: AppIntent {}

/// An intent that starts or updates a Live Activity: not on Linux.
@available(*, unavailable, message: "Live Activities do not exist on Linux (there is no ActivityKit): declare a plain AppIntent")
public protocol LiveActivityIntent: AppIntent {}

/// An intent whose result is an interactive snippet: not on Linux.
@available(*, unavailable, message: "interactive snippets are SwiftUI views, which cannot be shown on Linux: return .result(dialog:) instead")
public protocol SnippetIntent: AppIntent {}

/// An entity Spotlight indexes: not on Linux.
@available(*, unavailable, message: "Spotlight does not exist on Linux (there is no CoreSpotlight): conform to AppEntity alone")
public protocol IndexedEntity: AppEntity {}

extension IntentResult {
    /// A result with a snippet view: not on Linux.
    @available(*, unavailable, message: "SwiftUI snippet views cannot be shown on Linux (there is no SwiftUI): return .result(dialog:) instead")
    public static func result<Content>(view: Content) -> Self where Self == IntentResultContainer<Never, Never, Never, Never> {
        fatalError("unavailable")
    }

    /// A result with a dialog and a snippet view: not on Linux.
    @available(*, unavailable, message: "SwiftUI snippet views cannot be shown on Linux (there is no SwiftUI): return .result(dialog:) instead")
    public static func result<Content>(dialog: IntentDialog, view: Content) -> Self
    where Self == IntentResultContainer<Never, Never, Never, IntentDialog> {
        fatalError("unavailable")
    }

    /// A result with a value, a dialog and a snippet view: not on Linux.
    @available(*, unavailable, message: "SwiftUI snippet views cannot be shown on Linux (there is no SwiftUI): return .result(value:dialog:) instead")
    public static func result<V: Sendable, Content>(value: V, dialog: IntentDialog, view: Content) -> Self
    where Self == IntentResultContainer<V, Never, Never, IntentDialog> {
        fatalError("unavailable")
    }
}

extension AppIntent {
    /// A confirmation showing a snippet view: not on Linux.
    @available(*, unavailable, message: "SwiftUI snippet views cannot be shown on Linux (there is no SwiftUI): use requestConfirmation(conditions:actionName:dialog:)")
    public func requestConfirmation<Content>(
        conditions: ConfirmationConditions = [], actionName: ConfirmationActionName = .continue, dialog: IntentDialog? = nil,
        showDialogAsPrompt: Bool = true, content: () -> Content
    ) async throws {
        fatalError("unavailable")
    }
}
