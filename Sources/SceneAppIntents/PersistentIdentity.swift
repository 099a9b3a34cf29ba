import SceneIntents

/// A type known to the system by a name that outlives the type's own: an intent, an enum or an
/// entity keeps its identity when its Swift name changes.
///
/// The engine knows an ``AppIntent`` by its `persistentIdentifier` (the manifest's
/// `INIntentsSupported`, activity types, stored voice shortcuts and donations, requests), and an
/// ``AppEnum`` or ``AppEntity`` parameter type by its own (what a request's value names as its
/// type). The default is the type's name; declare `static let persistentIdentifier = "Old"` to
/// rename a type without losing what users made with it.
public protocol PersistentlyIdentifiable {
    /// The name the system knows the type by. Default: the type's name.
    static var persistentIdentifier: String { get }
}

extension PersistentlyIdentifiable {
    /// The type's name.
    public static var persistentIdentifier: String { TypeNames.name(of: Self.self) }
}

/// An App Intent that replaces a custom intent of the app's `.intentdefinition` file, as App
/// Intents' migration path declares it: it keeps that intent's name.
///
/// ```swift
/// struct LogDrinkIntent: AppIntent, CustomIntentMigratedAppIntent {
///     static let intentClassName = "TrackIntakeIntent"
///     static let title: LocalizedStringResource = "Log a Drink"
///     @Parameter(title: "Ounces") var ounces: Int
///     @Parameter(title: "Drink") var hydrationType: Drink   // persistentIdentifier "HydrationType"
///     …
/// }
/// ```
///
/// Its `persistentIdentifier` is its `intentClassName`, so what knew the old intent finds this
/// one: voice shortcuts and donations stored under the old name, requests from an assistant or
/// a client built against the definition file, activities of that type, the manifest. Keep what
/// a stored request names as the definition file named it: the `@Parameter` properties
/// (`ounces`, `hydrationType`), an enum's type (its `persistentIdentifier`) and its case names;
/// a value is matched by its case's name, not by its position.
///
/// Two intent types of one catalog claiming the same name are a problem the catalog reports
/// (``AppIntentsCatalog/problems``); the first listed is kept.
public protocol CustomIntentMigratedAppIntent: AppIntent {
    /// The name of the custom intent this one replaces: the definition file's intent name with
    /// `Intent` after it, as `intentgen` and Xcode name its class (`TrackIntakeIntent`).
    static var intentClassName: String { get }
}

extension CustomIntentMigratedAppIntent {
    /// The custom intent's name, so every place that knew the old intent finds this one.
    public static var persistentIdentifier: String { intentClassName }
}
