import SceneAppIntents

// A fitness app's intents in Swift 5 mode: an enum with a literal table, a measurement in a
// default unit, a date, `When … otherwise:` in a summary, a transient entity handed back as the
// result, `@Dependency`, errors with localized descriptions, and the app's own `Summary` type
// (a day's totals), which its code means by that name while its intents' summaries mean
// App Intents' (theirs is a member of every intent).

enum WorkoutKind: String, AppEnum {
    case run, ride, swim, walk

    static var typeDisplayRepresentation = TypeDisplayRepresentation(name: "Workout")
    static var caseDisplayRepresentations: [WorkoutKind: DisplayRepresentation] = [
        .run: DisplayRepresentation(title: "Run", image: .init(systemName: "figure.run")),
        .ride: DisplayRepresentation(title: "Ride", synonyms: ["bike", "cycle"]),
        .swim: "Swim",
        .walk: "Walk",
    ]
}

/// The day's totals: the app's own type, with the name of one of App Intents'.
struct Summary {
    var workouts: Int
    var kilometers: Double
}

struct WorkoutReport: TransientAppEntity {
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Workout Report"

    var id = UUID()

    @Property(title: "Kind")
    var kind: String

    @Property(title: "Kilometers")
    var kilometers: Double

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(kind)", subtitle: "\(kilometers, specifier: "%.1f") km")
    }

    init() {
        kind = ""
        kilometers = 0
    }
}

enum WorkoutError: Error, CustomLocalizedStringResourceConvertible {
    case alreadyRunning(WorkoutKind)

    var localizedStringResource: LocalizedStringResource {
        switch self {
        case .alreadyRunning(let kind): return "A \(kind) is already under way."
        }
    }
}

struct LogWorkoutIntent: AppIntent {
    static var title: LocalizedStringResource = LocalizedStringResource("Log Workout", comment: "The title of the intent")
    static var authenticationPolicy = IntentAuthenticationPolicy.requiresAuthentication

    @Parameter(title: "Kind", default: .run)
    var kind: WorkoutKind

    @Parameter(title: "Distance", defaultUnit: .kilometers, supportsNegativeNumbers: false)
    var distance: Measurement<UnitLength>

    @Parameter(title: "Started")
    var started: Date?

    @Dependency
    var tracker: WorkoutTracker

    static var parameterSummary: some ParameterSummary {
        When(\.$kind, .equalTo, WorkoutKind.swim) {
            Summary("Log a swim of \(\.$distance)")
        } otherwise: {
            Summary("Log a \(\.$kind) of \(\.$distance) at \(\.$started)")
        }
    }

    func perform() async throws -> some IntentResult & ReturnsValue<WorkoutReport> & ProvidesDialog {
        if tracker.current == kind { throw WorkoutError.alreadyRunning(kind) }
        let kilometers = distance.converted(to: .kilometers).value
        let today: Summary = tracker.log(kind, kilometers: kilometers, at: started ?? Date())
        let report = WorkoutReport()
        report.kind = String(localized: "\(kind)")
        report.kilometers = kilometers
        return .result(
            value: report,
            dialog: IntentDialog(
                full: "Logged \(kind). That's \(today.workouts) workouts and \(today.kilometers, specifier: "%.1f") km today.",
                supporting: "Logged \(kind).")
        )
    }
}

func registerWorkoutDependencies() {
    AppDependencyManager.shared.add(dependency: WorkoutTracker())
}
