/// The command line a bundling tool runs an app's or an intents extension's executable with, to
/// have it write its bundle's data: `<executable> --write-bundle-data <bundle folder>`.
///
/// `AppMain` and `IntentsExtension` answer it (they write the bundle's `Info.plist` and intent
/// data into the folder and exit). An executable that reads its own options before calling
/// `AppMain` lets this command line through unparsed: `folder(in:)` says whether it is one.
public enum BundleDataRequest {
    /// The option: `--write-bundle-data`.
    public static let flag = "--write-bundle-data"

    /// The bundle folder `arguments` (the command line after the program's name) ask the data to
    /// be written to; nil unless they are exactly `--write-bundle-data FOLDER` with a non-empty
    /// folder, so the option never mixes with an app's own.
    public static func folder(in arguments: [String]) -> String? {
        guard arguments.count == 2, arguments[0] == flag, !arguments[1].isEmpty else { return nil }
        return arguments[1]
    }
}
