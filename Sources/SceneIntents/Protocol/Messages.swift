/// The message protocol between the system (an assistant or the daemon) and an app host (an
/// app process or an intents extension). One stream of messages each way; the in-process
/// connection passes them as values, a socket connection encodes each as JSON in a frame
/// (`SceneIntentsWire`); a host's frame may hold several, as a JSON array, in order (the
/// messages of one main-actor job: a relaunch's lifecycle callbacks, a call's answer).
///
/// A call is answered by zero or more `step` messages and then one `answer`. A host holds the
/// steps of a `proceed` until the visit suspends (then it sends them as `step` messages, so the
/// system can budget each step on its own) or answers (then they travel in the answer's
/// `steps`). The system reports the sent steps, then the answer's, in order: a visit that never
/// suspends costs one message back, however many steps it made.
public enum MessageProtocol {
    /// The version both sides must speak; a hello with another version is refused. (5: a host
    /// reports its handler lookups only for the calls the system traces, `PhaseCall.isTraced`.)
    public static let version = 5
}

/// What kind of process a host is.
public enum ProcessKind: String, Sendable, Equatable, Codable {
    /// The app itself: scenes, an application delegate, `handlerFor` on the main actor.
    case app
    /// An intents extension: no scenes, no UI, only `handler(for:)`.
    case intentsExtension
}

/// The first message a host sends: who it is and what it declares.
public struct AppHello: Sendable, Equatable, Codable {
    /// The protocol version the host speaks (`MessageProtocol.version`).
    public var protocolVersion: Int
    /// The one-time token the system put in the host's environment at spawn.
    public var token: String
    /// The host's process identifier.
    public var processIdentifier: Int32
    /// App or extension.
    public var kind: ProcessKind
    /// The app's name as the assistant says it.
    public var appName: String
    /// `INIntentsSupported` (or the extension's `IntentsSupported`).
    public var intentsSupported: [String]
    /// `INIntentsRestrictedWhileLocked` (or the extension's).
    public var intentsRestrictedWhileLocked: [String]
    /// `NSUserActivityTypes`.
    public var userActivityTypes: [String]

    /// A hello.
    public init(
        protocolVersion: Int = MessageProtocol.version, token: String, processIdentifier: Int32, kind: ProcessKind,
        appName: String, intentsSupported: [String], intentsRestrictedWhileLocked: [String],
        userActivityTypes: [String]
    ) {
        self.protocolVersion = protocolVersion
        self.token = token
        self.processIdentifier = processIdentifier
        self.kind = kind
        self.appName = appName
        self.intentsSupported = intentsSupported
        self.intentsRestrictedWhileLocked = intentsRestrictedWhileLocked
        self.userActivityTypes = userActivityTypes
    }
}

/// Something the user or the device does to the app, as the system tells it.
public enum SystemEvent: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The user opens the app (launching it if needed; the foreground scene comes forward).
    case open
    /// The user opens a new window of the app.
    case newWindow
    /// The user goes to the home screen: the app's scenes go to the background.
    case home
    /// The user closes the window of a session (the session is discarded).
    case close(session: String)
    /// The device locks or unlocks.
    case lock(isLocked: Bool)
    /// The assistant's overlay appears over the app (true) or goes away (false).
    case overlay(isShown: Bool)
    /// The system ends the app: it terminates and its process exits.
    case quit
    /// A command for the app's own automation hook (what a UI test runner does: "tap 2",
    /// "scenes"); the app answers with text. See `AppEndpoint.onCommand`.
    case command(String)

    /// One line for logs.
    public var description: String {
        switch self {
        case .open: "open"
        case .newWindow: "new window"
        case .home: "home"
        case .close(let session): "close \(session)"
        case .lock(let locked): locked ? "lock" : "unlock"
        case .overlay(let shown): shown ? "overlay shown" : "overlay hidden"
        case .quit: "quit"
        case .command(let text): "command \(text)"
        }
    }
}

/// A message from the system to a host.
public enum SystemMessage: Sendable, Equatable, Codable {
    /// The answer to the host's hello: it may serve calls now.
    case accept(protocolVersion: Int)
    /// A phase call (a `finish` phase ends the request on the host); `id` numbers the call on
    /// this connection, and each step and the answer carry it back.
    case call(id: UInt64, call: PhaseCall)
    /// The call with this id is no longer wanted (budget ran out, user cancelled): the host
    /// cancels the handler's task and starts no further step of it.
    case cancel(id: UInt64)
    /// Bring the app forward and continue this activity in a scene.
    case continueActivity(id: UInt64, activity: UserActivity)
    /// A system event; the host answers `eventDone` with the same id.
    case event(id: UInt64, event: SystemEvent)
    /// The sessions the system kept for the app (`Application.restoreSessions(_:)`): sent once,
    /// right after `accept` and before any call, to an app (an extension ignores it).
    case restore(SessionRestoration)
}

/// How continuing an activity in the app ended.
public enum ContinuationResult: Sendable, Equatable, Codable {
    /// A scene of this session continued it; `reply` is what the scene says it now shows, if
    /// anything (spoken to a hands-free user).
    case continued(session: String, reply: String?)
    /// The app could not continue it; the reason is a sentence.
    case failed(reason: String)
}

/// A message from a host to the system.
public enum AppMessage: Sendable, Equatable, Codable {
    /// The first message: who the host is.
    case hello(AppHello)
    /// One completed step of a `proceed` call.
    case step(id: UInt64, step: PhaseStep)
    /// The answer to a call; the last message about that call.
    case answer(id: UInt64, answer: PhaseAnswer)
    /// The answer to `continueActivity`.
    case continued(id: UInt64, result: ContinuationResult)
    /// The answer to `event`: `refusal` is nil when it happened, else why not (a sentence);
    /// `output` is what a `command` printed.
    case eventDone(id: UInt64, refusal: String?, output: String?)
    /// A lifecycle callback the app made.
    case lifecycle(LifecycleEvent)
    /// Something the host noticed that no answer carries.
    case report(AppReport)
    /// Donations, shortcut suggestions and performed actions, for the system's shortcuts store
    /// (nothing answers it: the store's refusals are the app's to check first).
    case shortcuts(ShortcutsMessage)
    /// Changes to the app's scene sessions, for the system to keep across the app's process
    /// deaths; sent as they happen, so they arrive before the answer of the call that made them
    /// (nothing answers it).
    case sessions([SessionChange])
}

/// A shortcut as an app offers it: an intent with the parameters set up ahead, or a user activity.
public enum Shortcut: Sendable, Equatable, Codable {
    /// Runs the intent with its stored parameters.
    case intent(AnyIntent)
    /// Continues the activity in the app.
    case userActivity(UserActivity)
}

/// A shortcut with the phrase suggested for recording it (the action's or intent's own).
public struct ShortcutSuggestion: Sendable, Equatable, Codable {
    /// The shortcut.
    public var shortcut: Shortcut
    /// The phrase suggested when a user records a voice shortcut for it.
    public var suggestedPhrase: String?

    /// A suggestion.
    public init(_ shortcut: Shortcut, suggestedPhrase: String?) {
        self.shortcut = shortcut
        self.suggestedPhrase = suggestedPhrase
    }
}

/// Which donations to delete.
public enum DonationDeletion: Sendable, Equatable, Codable {
    /// The donations with these interaction identifiers.
    case identifiers([String])
    /// The donations with this group identifier.
    case group(String)
    /// Every donation of the app.
    case all
}

/// What an app tells the system's shortcuts store; in order, and never answered.
public enum ShortcutsMessage: Sendable, Equatable, Codable, CustomStringConvertible {
    /// A completed interaction, donated, with the phrase suggested for a shortcut made from it.
    case donate(Interaction, suggestedPhrase: String?)
    /// Donations to forget.
    case deleteDonations(DonationDeletion)
    /// The app's shortcut suggestions, replacing all earlier ones (empty clears them).
    case setSuggestions([ShortcutSuggestion])
    /// One line of the app's action timeline, for the trace.
    case performed(String)

    /// One line for the trace.
    public var description: String {
        switch self {
        case .donate(let interaction, _): "donate \(interaction.intent.typeName) \(interaction.identifier)"
        case .deleteDonations(let deletion): "delete donations \(deletion)"
        case .setSuggestions(let shortcuts): "set \(shortcuts.count) shortcut suggestion(s)"
        case .performed(let line): "performed \(line)"
        }
    }
}
