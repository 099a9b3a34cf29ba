import SceneAppIntents
import SceneIntents
import SceneIntentsCommandLine

/// The timer app's model: its presets, the timers running, the sound they end with.
@MainActor
public final class TimerShelf {
    /// The named timers.
    public var presets: [TimerPreset]
    /// The running timers, by name.
    public var running: [String] = []
    /// How many may run at once.
    public let capacity: Int
    /// The sound timers end with, once chosen.
    public var sound: TimerSound?
    /// The identifier of the preset the screen shows chosen ("open the tea timer"), if any.
    public var chosen: String?

    /// A shelf of presets.
    public init(presets: [TimerPreset] = TimerShelf.standard, capacity: Int = 3) {
        self.presets = presets
        self.capacity = capacity
    }

    /// "Stopped 1 timer", "Stopped 3 timers".
    public nonisolated static func stopped(_ count: Int) -> String {
        "Stopped \(count) timer\(count == 1 ? "" : "s")"
    }

    /// Tea, green tea, pasta, eggs, pizza.
    public nonisolated static let standard = [
        TimerPreset(id: "tea", name: "Tea", minutes: 4), TimerPreset(id: "green-tea", name: "Green Tea", minutes: 3),
        TimerPreset(id: "pasta", name: "Pasta", minutes: 10), TimerPreset(id: "eggs", name: "Eggs", minutes: 7),
        TimerPreset(id: "pizza", name: "Pizza", minutes: 12),
    ]
}

/// The timers screen: its handler stops the timers without asking (the user is looking at them).
@MainActor
public final class TimersViewController: ViewController, TextScreen {
    /// The screen's handler of App Intents, kept here (the store holds it weakly).
    public let intents = AppIntentScreenHandler()
    private let shelf: TimerShelf

    /// A screen over `shelf`.
    public init(shelf: TimerShelf) {
        self.shelf = shelf
        super.init(name: "Timers")
        intents.handle(StopTimersIntent.self) { [weak shelf] _ in
            let count = shelf?.running.count ?? 0
            shelf?.running = []
            return .result(dialog: "\(TimerShelf.stopped(count)) on screen.")
        }
    }

    /// Registers the screen's handler.
    override public func viewDidAppear() {
        registerIntentHandler(intents)
    }

    /// The screen's heading.
    public var heading: String { "Timers" }

    /// What the screen shows: the running timers, then the presets.
    public func lines() -> [String] {
        let running = shelf.running.isEmpty ? ["No timers running. Say \"start a tea timer in timers\"."] : shelf.running.map { "▶ \($0)" }
        let presets = shelf.presets.map { "\($0.id == shelf.chosen ? "›" : " ") \($0.name) — \($0.minutes) min" }
        let sound = shelf.sound.map { ["Sound: \($0.localizedStringResource)"] } ?? []
        return running + [""] + presets + sound
    }
}

/// Puts the timers screen in each scene.
@MainActor
public final class TimersSceneDelegate: SceneDelegate {
    private let shelf: TimerShelf

    /// A delegate over `shelf`.
    public init(shelf: TimerShelf) {
        self.shelf = shelf
    }

    /// The timers screen at the root.
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        scene.rootViewController = TimersViewController(shelf: shelf)
    }
}

/// The timer app, assembled: every intent declared with App Intents' API (`TimerIntents.swift`),
/// turned into the engine's by `AppIntentsCatalog`, the shelf as their dependency.
@MainActor
public final class TimersApp {
    /// The app's name.
    public nonisolated static let name = "Timers"
    /// The model.
    public let shelf: TimerShelf
    /// The intents, shortcuts and dependencies.
    public let intents: AppIntentsCatalog
    /// The runtime.
    public let application: Application
    /// The app's side of the boundary.
    public let host: IntentHost

    /// The app, not running.
    public init(shelf: TimerShelf = TimerShelf(), device: Device = Device()) {
        self.shelf = shelf
        let dependencies = AppDependencyManager()
        dependencies.add(dependency: shelf)
        let intents = AppIntentsCatalog(Self.intentTypes, shortcuts: TimerShortcuts.self, dependencies: dependencies)
        self.intents = intents
        application = Application(
            manifest: intents.manifest(sceneConfigurations: [
                .windowApplication: [SceneConfiguration(name: "Default", delegateClassName: "TimersSceneDelegate")]
            ]),
            device: device, sceneDelegates: ["Default": { TimersSceneDelegate(shelf: shelf) }],
            delegate: { AppIntentsAppDelegate(intents: intents) })
        host = IntentHost(application: application, catalog: intents.catalog)
    }

    /// The assistant's words: the shortcuts' phrases.
    public var words: AppVocabulary { intents.vocabulary(appName: Self.name) }

    /// The words, known without making the app (what its bundle carries).
    public nonisolated static var words: AppVocabulary {
        AppIntentsCatalog(intentTypes, shortcuts: TimerShortcuts.self).vocabulary(appName: name)
    }

    /// The intent types, in the order the catalog lists them.
    public nonisolated static var intentTypes: [any AppIntent.Type] {
        [StartTimerIntent.self, StopTimersIntent.self, ShowTimersIntent.self, OpenTimerIntent.self, AddPresetIntent.self, SetSoundIntent.self]
    }
}
