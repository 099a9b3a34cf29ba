import SceneIntents

/// What `hydrator-app`'s command line asks for. A system launches it with no arguments (the
/// container in `$HYDRATOR_CONTAINER`); a user starting it by hand may name the container.
public enum HydratorAppArguments: Equatable, Sendable {
    /// Run the app over this container (absolute), or over the default one when nil.
    case run(container: String?)
    /// Print this help and exit 0.
    case help(String)
    /// The arguments are wrong: print this sentence and the usage, exit 64.
    case usage(String)

    /// The one-line usage.
    public static let usage = "usage: hydrator-app [--container DIR]"

    /// The help text.
    public static let help = """
        \(usage)
        Hydrator's app process. From a terminal it runs the app and reads its commands from
        standard input; a system launches it to handle TrackIntakeIntent.
          --container DIR  keep the log in DIR (relative to the working directory; default:
                           $HYDRATOR_CONTAINER, else $XDG_DATA_HOME/sceneintents/groups/\(HydrationStore.appGroup))
          --help           show this help
        Exit status: 0 ended in order, 1 the system's connection failed, 64 bad arguments,
        70 the app cannot be made, 74 standard output cannot be written.
        """

    /// Reads the arguments after the executable's name. A bundling tool's
    /// `--write-bundle-data FOLDER` is left to `AppMain` (`.run` with the default container).
    public static func parse(_ arguments: [String]) -> HydratorAppArguments {
        if BundleDataRequest.folder(in: arguments) != nil { return .run(container: nil) }
        var container: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            let value: String
            switch argument {
            case "--help", "-h":
                return .help(help)
            case "--container":
                guard let next = rest.popFirst() else { return .usage("--container needs a directory path.") }
                value = next
            case _ where argument.hasPrefix("--container="):
                value = String(argument.dropFirst("--container=".count))
            default:
                return .usage("unknown argument “\(argument)”.")
            }
            guard container == nil else { return .usage("--container was given twice.") }
            guard !value.isEmpty else { return .usage("--container needs a directory path, not an empty one.") }
            container = HydrationStore.absolutePath(value)
        }
        return .run(container: container)
    }
}
