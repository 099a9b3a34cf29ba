import SceneAppIntents

// The Timers demo's intents, declared as App Intents declares them: an entity with a string query,
// an enum, a value asked for inside perform(), a confirmation, intents that open the app, a
// custom error, a returned value, shortcuts.

/// A named timer the user starts by name ("Tea", "Pasta").
public struct TimerPreset: AppEntity {
    /// "Timer".
    public static let typeDisplayRepresentation: TypeDisplayRepresentation = "Timer"
    /// The shelf's presets.
    public static let defaultQuery = TimerPresetQuery()

    /// A stable identifier ("tea").
    public let id: String
    /// The name said and shown.
    public let name: String
    /// How long it runs.
    public let minutes: Int

    /// A preset.
    public init(id: String, name: String, minutes: Int) {
        self.id = id
        self.name = name
        self.minutes = minutes
    }

    /// The name, the minutes as a subtitle, a timer symbol.
    public var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)", subtitle: "\(minutes) min", image: .init(systemName: "timer"))
    }
}

/// Finds presets by identifier, by the words said, or all of them.
public struct TimerPresetQuery: EntityStringQuery, EnumerableEntityQuery {
    @Dependency var shelf: TimerShelf

    /// A query.
    public init() {}

    /// The presets with these identifiers.
    @MainActor
    public func entities(for identifiers: [String]) async throws -> [TimerPreset] {
        shelf.presets.filter { identifiers.contains($0.id) }
    }

    /// The presets whose name contains the words.
    @MainActor
    public func entities(matching string: String) async throws -> [TimerPreset] {
        shelf.presets.filter { $0.name.localizedCaseInsensitiveContains(string) }
    }

    /// Every preset.
    @MainActor
    public func allEntities() async throws -> [TimerPreset] { shelf.presets }
}

/// The sound a timer ends with.
public enum TimerSound: String, AppEnum {
    case chime, bell, radar, beacon, bulletin, marimba, harp, silk

    /// "Sound".
    public static let typeDisplayRepresentation: TypeDisplayRepresentation = "Sound"
    /// Each sound's name.
    public static let caseDisplayRepresentations: [TimerSound: DisplayRepresentation] = [
        .chime: "Chime", .bell: "Bell", .radar: "Radar", .beacon: "Beacon", .bulletin: "Bulletin", .marimba: "Marimba",
        .harp: "Harp", .silk: DisplayRepresentation(title: "Silk", subtitle: "Soft"),
    ]
}

/// "Start a tea timer in Timers".
public struct StartTimerIntent: AppIntent {
    /// "Start Timer".
    public static let title: LocalizedStringResource = "Start Timer"
    /// What it does.
    public static let description = IntentDescription("Starts one of your timers.")

    /// The timer to start.
    @Parameter(title: "Timer", requestValueDialog: "Which timer?") public var preset: TimerPreset
    /// A label for it, if given.
    @Parameter(title: "Label") public var label: String?
    @Dependency var shelf: TimerShelf

    /// An intent with no value given.
    public init() {}

    /// Does it.
    @MainActor
    public func perform() async throws -> some IntentResult & ReturnsValue<Int> & ProvidesDialog {
        guard shelf.running.count < shelf.capacity else { throw TimersFull(capacity: shelf.capacity) }
        shelf.running.append(label.map { "\(preset.name) (\($0))" } ?? preset.name)
        return .result(value: preset.minutes, dialog: "Started \(preset) for \(preset.minutes) minutes.")
    }

    /// "Start Tea", with the label when there is one.
    public static var parameterSummary: some ParameterSummary {
        When(\.$label, .hasAnyValue) {
            Summary("Start \(\.$preset) labelled \(\.$label)")
        } otherwise: {
            Summary("Start \(\.$preset)")
        }
    }
}

/// Too many timers run already.
public struct TimersFull: LocalizedError {
    let capacity: Int
    /// What the user hears.
    public var errorDescription: String? { "You already have \(capacity) timers running." }
}

/// "Stop my timers": asks first; with several running, which to stop (all, or only the latest).
public struct StopTimersIntent: AppIntent {
    /// "Stop Timers".
    public static let title: LocalizedStringResource = "Stop Timers"
    @Dependency var shelf: TimerShelf

    /// An intent with no value given.
    public init() {}

    /// Does it.
    @MainActor
    public func perform() async throws -> some IntentResult & ProvidesDialog {
        let count = shelf.running.count
        guard let latest = shelf.running.last else { return .result(dialog: "No timers are running.") }
        if count == 1 {
            try await requestConfirmation(actionName: .do, dialog: "Stop your timer?")
        } else {
            let only = Option(title: "Only \(latest)")
            let chosen = try await requestChoice(
                between: [Option(title: "All \(count) timers", style: .destructive), only, .cancel], dialog: "Stop which timers?")
            if chosen == only {
                shelf.running.removeLast()
                return .result(dialog: "Stopped \(latest).")
            }
        }
        shelf.running = []
        return .result(dialog: "\(TimerShelf.stopped(count)).")
    }
}

/// "Show my timers": with none running it says so and the app stays where it is; else the app
/// comes forward to show them (`supportedModes`: the background, or the foreground when asked).
public struct ShowTimersIntent: AppIntent {
    /// "Show Timers".
    public static let title: LocalizedStringResource = "Show Timers"
    /// In the background until there is something to show.
    public static let supportedModes: IntentModes = [.background, .foreground(.dynamic)]
    @Dependency var shelf: TimerShelf

    /// An intent.
    public init() {}

    /// Brings the app forward when timers run (without asking: the user asked to see them).
    @MainActor
    public func perform() async throws -> some IntentResult & ProvidesDialog {
        let running = shelf.running
        guard !running.isEmpty else { return .result(dialog: "No timers are running.") }
        try await continueInForeground(alwaysConfirm: false)
        let names = running.count == 1 ? running[0] : running.dropLast().joined(separator: ", ") + " and " + running[running.count - 1]
        return .result(dialog: running.count == 1 ? "Here is your \(names) timer." : "Here are your \(running.count) timers: \(names).")
    }
}

/// "Open the tea timer in Timers": an `OpenIntent`, the app coming forward with that timer chosen.
public struct OpenTimerIntent: OpenIntent {
    /// "Open Timer".
    public static let title: LocalizedStringResource = "Open Timer"

    /// The timer to show.
    @Parameter(title: "Timer", requestValueDialog: "Which timer?") public var target: TimerPreset
    @Dependency var shelf: TimerShelf

    /// An intent with no value given.
    public init() {}

    /// Chooses the timer; the app then comes forward showing it.
    @MainActor
    public func perform() async throws -> some IntentResult & ProvidesDialog {
        shelf.chosen = target.id
        return .result(dialog: "Here is \(target), \(target.minutes) minutes.")
    }
}

/// "Add a timer": the minutes are asked for inside perform() when not given.
public struct AddPresetIntent: AppIntent {
    /// "Add Timer".
    public static let title: LocalizedStringResource = "Add Timer"

    /// The new preset's name.
    @Parameter(title: "Name", requestValueDialog: "What's the timer called?") public var name: String
    /// How long it runs, if said.
    @Parameter(title: "Minutes", inclusiveRange: (1, 240)) public var minutes: Int?
    @Dependency var shelf: TimerShelf

    /// An intent with no value given.
    public init() {}

    /// A preset named `name`, its minutes to be asked.
    public init(name: String) {
        self.name = name
    }

    /// Adds the preset, asking for its minutes when they were not given.
    @MainActor
    public func perform() async throws -> some IntentResult & ReturnsValue<TimerPreset> & ProvidesDialog {
        var chosen = minutes
        if chosen == nil { chosen = try await $minutes.requestValue("How many minutes for \(name)?") }
        let preset = TimerPreset(id: name.lowercased(), name: name, minutes: chosen ?? 1)
        shelf.presets.append(preset)
        return .result(value: preset, dialog: "Added \(name), \(preset.minutes) minutes.")
    }
}

/// "Change the sound": offered a page at a time when not said.
public struct SetSoundIntent: AppIntent {
    /// "Set Sound".
    public static let title: LocalizedStringResource = "Set Sound"

    /// The sound, if said.
    @Parameter(title: "Sound") public var sound: TimerSound?
    @Dependency var shelf: TimerShelf

    /// An intent with no value given.
    public init() {}

    /// Does it.
    @MainActor
    public func perform() async throws -> some IntentResult & ProvidesDialog {
        var chosen = sound
        if chosen == nil { chosen = try await $sound.requestDisambiguation(among: TimerSound.allCases, dialog: "Which sound?") }
        shelf.sound = chosen
        return .result(dialog: "Timers now end with \(chosen ?? .chime).")
    }
}

/// What users say.
public struct TimerShortcuts: AppShortcutsProvider {
    /// A phrase or two for each intent.
    public static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: StartTimerIntent(),
            phrases: ["Start a \(\.$preset) timer in \(.applicationName)", "Start a timer in \(.applicationName)"],
            shortTitle: "Start Timer", systemImageName: "timer")
        AppShortcut(intent: StopTimersIntent(), phrases: ["Stop my timers in \(.applicationName)"], shortTitle: "Stop")
        AppShortcut(intent: ShowTimersIntent(), phrases: ["Show my timers in \(.applicationName)"])
        AppShortcut(intent: OpenTimerIntent(), phrases: ["Open the \(\.$target) timer in \(.applicationName)"], shortTitle: "Open")
        AppShortcut(intent: AddPresetIntent(), phrases: ["Add a timer in \(.applicationName)"], shortTitle: "Add")
        AppShortcut(intent: SetSoundIntent(), phrases: ["Change the sound in \(.applicationName)"], shortTitle: "Sound")
    }
}
