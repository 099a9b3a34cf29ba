import SceneIntents

/// An action of the app, declared as App Intents declares it: a struct whose `@Parameter`
/// properties are its parameters and whose `perform()` does the work.
///
/// ```swift
/// struct LogDrinkIntent: AppIntent {
///     static let title: LocalizedStringResource = "Log a Drink"
///     @Parameter(title: "Ounces", requestValueDialog: "How many ounces?") var ounces: Int
///     @Parameter(title: "Drink") var drink: Drink
///     func perform() async throws -> some IntentResult & ProvidesDialog {
///         .result(dialog: "Logged \(ounces) ounces of \(drink).")
///     }
/// }
/// ```
///
/// `AppIntentsCatalog` turns the types into the engine's intents: each `@Parameter` is a
/// parameter the assistant resolves (asking for a required one with its `requestValueDialog`),
/// and `perform()` is the intent's handle phase, called on the main actor once every required
/// parameter has a value. The assistant speaks the result's dialog; a thrown error's
/// description is spoken as the failure's dialog.
public protocol AppIntent: PersistentlyIdentifiable, Sendable {
    /// What `perform()` answers.
    associatedtype PerformResult: IntentResult
    /// The type of `parameterSummary`.
    associatedtype SummaryContent: ParameterSummary

    /// An intent with every parameter at its default (nil for those without one).
    init()
    /// The intent's name as people see it ("Log a Drink").
    static var title: LocalizedStringResource { get }
    /// What the intent does. Default nil (a non-optional `description` declared by an intent
    /// is its own property, as with Apple's module).
    static var description: IntentDescription? { get }
    /// Whether running the intent brings the app to the foreground. Default false.
    static var openAppWhenRun: Bool { get }
    /// Whether the intent runs in the background, the foreground, or comes forward as it runs
    /// (``IntentModes``). Default: from `openAppWhenRun`.
    static var supportedModes: IntentModes { get }
    /// Whether the device must be unlocked to run it. Default `.alwaysAllowed`.
    static var authenticationPolicy: IntentAuthenticationPolicy { get }
    /// Whether Shortcuts and search list it. Default true.
    static var isDiscoverable: Bool { get }
    /// How Shortcuts shows the intent with its parameters.
    static var parameterSummary: SummaryContent { get }
    /// Does the work, on the parameters' values.
    func perform() async throws -> PerformResult
}

extension AppIntent {
    /// No description.
    public static var description: IntentDescription? { nil }
    /// The app stays where it is.
    public static var openAppWhenRun: Bool { false }
    /// It runs even while the device is locked.
    public static var authenticationPolicy: IntentAuthenticationPolicy { .alwaysAllowed }
    /// Listed.
    public static var isDiscoverable: Bool { true }
    /// No summary: Shortcuts would list the parameters.
    public static var parameterSummary: IntentParameterSummary<Self> { IntentParameterSummary() }

    /// `@Parameter`: a parameter of this intent.
    public typealias Parameter<Value: _IntentValue> = IntentParameter<Value>
    /// `Summary("Log \(\.$ounces) of \(\.$drink)")`: a parameter summary of this intent.
    public typealias Summary = IntentParameterSummary<Self>
    /// `When(\.$unit, .equalTo, .ounces) { … } otherwise: { … }`: a summary chosen by a value.
    public typealias When<Condition: ParameterSummary, Otherwise: ParameterSummary> =
        ParameterSummaryWhenCondition<Self, Condition, Otherwise>
}

/// Whether running an intent needs the device unlocked.
public enum IntentAuthenticationPolicy: Sendable, Hashable {
    /// It runs whenever asked, the device locked or not.
    case alwaysAllowed
    /// It needs the user authenticated: refused while the device is locked.
    case requiresAuthentication
    /// It needs the device unlocked: refused while the device is locked.
    case requiresLocalDeviceAuthentication
}

/// An intent that begins in the background and may need the app in the foreground to finish
/// (`needsToContinueInForegroundError`). Its modes are `[.background, .foreground(.dynamic)]`
/// unless it declares its own, as App Intents now asks of such an intent.
public protocol ForegroundContinuableIntent: AppIntent {}

extension ForegroundContinuableIntent {
    /// In the background, able to come forward (`.foreground(.deferred)` when it opens the app
    /// when run).
    public static var supportedModes: IntentModes { openAppWhenRun ? .foreground(.deferred) : [.background, .foreground(.dynamic)] }

    /// The error to throw from `perform()` when the rest must happen in the app: the user is
    /// asked whether to continue in it (`dialog`, else "Continue in <app>?"; no cancels the
    /// request); on yes a scene comes forward continuing an activity named after the intent,
    /// `continuation` runs there on the main actor, and the request succeeds.
    public func needsToContinueInForegroundError(
        _ dialog: IntentDialog? = nil, continuation: (@MainActor @Sendable () async throws -> Void)? = nil
    ) -> some Error {
        ContinueInForeground(dialog: dialog, activity: AppIntentRunner.activity(opening: self), continuation: continuation)
    }

    /// Asks the user to continue in the app and returns once it is in front (as
    /// `continueInForeground(dialog)`); `perform()` goes on there.
    public func requestToContinueInForeground(_ dialog: IntentDialog? = nil) async throws {
        try await continueInForeground(dialog)
    }
}

/// `perform()` threw `needsToContinueInForegroundError`: the rest happens in the app.
struct ContinueInForeground: Error {
    /// What the user is asked before the app comes forward.
    let dialog: IntentDialog?
    /// What the scene that comes forward continues.
    let activity: UserActivity
    /// What runs once the app is in front.
    let continuation: (@MainActor @Sendable () async throws -> Void)?
}
