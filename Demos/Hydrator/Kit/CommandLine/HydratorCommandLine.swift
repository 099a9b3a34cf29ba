import SceneIntentsCommandLine

/// What Hydrator was asked to do: the common session settings and the container. The shell
/// (`HydratorShell.Options`) and the app process (`hydrator-app`) read the same `--container`,
/// declared once, here.
@dynamicMemberLookup
public struct HydratorCommandLine: CLIOptions {
    /// The settings every session CLI has.
    public var session = SessionSettings()
    /// The shared container (nil: `HydrationStore.defaultContainer()`, which reads
    /// `$HYDRATOR_CONTAINER` first).
    public var container: String?

    /// Default options.
    public init() {}

    /// The container used, absolute (a relative `--container` is taken from the working
    /// directory, and the app's processes are told the absolute path).
    public var containerPath: String { HydrationStore.absolutePath(container ?? HydrationStore.defaultContainer()) }

    /// A common setting, read and written through.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<SessionSettings, Value>) -> Value {
        get { session[keyPath: keyPath] }
        set { session[keyPath: keyPath] = newValue }
    }

    /// `--container DIR`: the app group container.
    public static let containerOption = CLIOption<HydratorCommandLine>(
        ["--container"], value: "DIR",
        "Keep the log in DIR, the app group container (default: $HYDRATOR_CONTAINER, else\n$XDG_DATA_HOME/sceneintents/groups/\(HydrationStore.appGroup))."
    ) { options, value in options.container = value }

    /// The options the app process takes (a system gives none: the container comes in
    /// `$HYDRATOR_CONTAINER`).
    public static let appProcess = [containerOption]
}
