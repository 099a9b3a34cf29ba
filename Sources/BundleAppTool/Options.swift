import CommandLineOptions
import SceneIntents

extension Bundler {
    /// `bundle-app`'s command line (and the tool's it runs), declared once: the parser reads it
    /// and `--help` prints it.
    static let syntax = CommandLineSyntax<Bundler>(
        name: "bundle-app", invocation: "swift package --allow-writing-to-directory DIR bundle-app",
        about: [
            "Lays out <Name>.app/: Info.plist, the app's executable, PlugIns/<Ext>.appex/ (each with its",
            "Info.plist and executable) and the intent data files. What the package supplies is its code:",
            "each executable is run as `<executable> --write-bundle-data <bundle folder>` and writes its own",
            "Info.plist (CFBundleName from its name, CFBundleIdentifier from bundleIdentifier:, the scenes and",
            "intents from its AppManifest or IntentsExtension) and intent data there. <Name> is the Info.plist's",
            "CFBundleName. The bundle is made beside DIR's other entries and renamed into place when whole.",
        ],
        options: [
            CommandLineOption(["--product"], value: "APP", "The app's executable product (its main.swift calls AppMain(name:bundleIdentifier:…)).", required: true) {
                options, value in options.product = value
            },
            CommandLineOption(["--extension"], value: "EXT", "An intents extension's executable product (IntentsExtension(name:bundleIdentifier:…)); repeatable.", repeats: true) {
                options, value in options.extensions.append(value)
            },
            CommandLineOption(["--output"], value: "DIR", "Where <Name>.app is written (made if missing; a bundle of that name there is replaced).", required: true) {
                options, value in options.output = value
            },
            CommandLineOption(
                ["--resources"], value: "NAME",
                "A resource bundle in the products' folder (<Package>_<Target>.resources), copied beside each\nexecutable; repeatable (the plugin gives those of the products' targets).",
                repeats: true
            ) { options, value in options.resources.append(value) },
            CommandLineOption(["--products-dir"], value: "DIR", "Where the built executables are (the plugin gives the build's; default: the working directory).") {
                options, value in options.productsDirectory = value
            },
            .seconds("--time-limit", most: 3600, "How long each executable has to write its data before it is killed (default: 60).") {
                $0.timeLimit = $1
            },
            // The plugin takes it before the tool runs.
            CommandLineOption(["--configuration", "-c"], value: "debug|release", "How the plugin builds the products (default: debug).") { _, _ in },
            .help,
        ],
        sections: [
            HelpSection("Limits", lines: [
                "An Info.plist an executable writes is read up to \(AppManifest.fileSizeLimit / 1024) KiB; what an executable",
                "prints is kept up to \(Limits.outputBytes / 1024) KiB for the error naming it.",
            ]),
            .exitStatus([(0, "bundled"), (1, "an executable, its data or the output folder failed (one line says which)"), (64, "a wrong command line")]),
        ])
}

/// The size limits of what the tool reads.
enum Limits {
    /// The most of an executable's output kept for an error message.
    static let outputBytes = 8 << 10
}
