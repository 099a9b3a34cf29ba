/// One option of `bundle-app` (and of the tool it runs): its name, its value's name and what it
/// does, declared once in `BundleOption.all`; the help is printed from that list.
struct BundleOption {
    /// `--product`.
    let name: String
    /// The value's name in the usage (`NAME`), nil for a flag.
    let value: String?
    /// Whether it may be given more than once.
    let repeats: Bool
    /// What it does, one or two lines.
    let summary: String

    /// Every option, in the order the help lists them.
    static let all = [
        BundleOption(
            name: "--product", value: "NAME", repeats: false,
            summary: "the app's executable product (its main.swift calls AppMain(name:bundleIdentifier:…))"),
        BundleOption(
            name: "--extension", value: "NAME", repeats: true,
            summary: "an intents extension's executable product (IntentsExtension(name:bundleIdentifier:…)); repeatable"),
        BundleOption(
            name: "--output", value: "DIR", repeats: false,
            summary: "where <Name>.app is written (made if missing; a bundle of that name there is replaced)"),
        BundleOption(
            name: "--resources", value: "NAME", repeats: true,
            summary: "a resource bundle in the products' folder (<Package>_<Target>.resources), copied beside each\n"
                + "executable; repeatable (the plugin gives those of the products' targets)"),
        BundleOption(
            name: "--products-dir", value: "DIR", repeats: false,
            summary: "where the built executables are (the plugin gives the build's; default: the working directory)"),
        BundleOption(
            name: "--time-limit", value: "SECONDS", repeats: false,
            summary: "how long each executable has to write its data before it is killed (default: 60; at most 3600)"),
        BundleOption(
            name: "--configuration", value: "debug|release", repeats: false,
            summary: "how the plugin builds the products (default: debug); -c is the same"),
        BundleOption(name: "--help", value: nil, repeats: false, summary: "show this help"),
    ]

    /// The help: usage, what the package supplies, the options, limits and exit statuses.
    static var help: String {
        let rows = all.map { option in (option.name + (option.value.map { " \($0)" } ?? ""), option.summary) }
        let width = rows.map(\.0.count).max() ?? 0
        let table = rows.flatMap { name, summary in
            summary.split(separator: "\n").enumerated().map { index, line in
                "  " + (index == 0 ? name : "").padding(toLength: width, withPad: " ", startingAt: 0) + "  " + line
            }
        }
        return ([
            "usage: swift package --allow-writing-to-directory DIR bundle-app --product APP [--extension EXT]... --output DIR",
            "",
            "Lays out <Name>.app/: Info.plist, the app's executable, PlugIns/<Ext>.appex/ (each with its",
            "Info.plist and executable) and the intent data files. What the package supplies is its code:",
            "each executable is run as `<executable> --write-bundle-data <bundle folder>` and writes its own",
            "Info.plist (CFBundleName from its name, CFBundleIdentifier from bundleIdentifier:, the scenes and",
            "intents from its AppManifest or IntentsExtension) and intent data there. <Name> is the Info.plist's",
            "CFBundleName. The bundle is made beside DIR's other entries and renamed into place when whole.",
            "",
            "Options:",
        ] + table + [
            "",
            "Limits: an Info.plist an executable writes is read up to \(Limits.infoPlistBytes / 1024) KiB; what an executable",
            "prints is kept up to \(Limits.outputBytes / 1024) KiB for the error naming it.",
            "Exit status: 0 bundled, 1 an executable, its data or the output folder failed (one line says",
            "which), 64 a wrong command line.",
        ]).joined(separator: "\n")
    }
}

/// The size limits of what the tool reads.
enum Limits {
    /// The largest `Info.plist` read back from a bundle.
    static let infoPlistBytes = 1 << 20
    /// The most of an executable's output kept for an error message.
    static let outputBytes = 8 << 10
}

/// What the command line asks for.
enum BundleRequest: Equatable {
    /// Print the help.
    case help
    /// Bundle as `Bundler` says.
    case bundle(product: String, extensions: [String], Bundler)

    /// Reads `arguments` (after the program's name); a mistake throws a `UsageError` naming it.
    static func parse(_ arguments: [String]) throws(UsageError) -> BundleRequest {
        var values: [String: [String]] = [:]
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard let option = BundleOption.all.first(where: { $0.name == argument }) else {
                throw UsageError("unknown argument '\(argument)'")
            }
            guard let valueName = option.value else { return .help }
            guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError("\(option.name) needs a \(valueName)") }
            guard option.repeats || values[option.name] == nil else { throw UsageError("\(option.name) was given twice") }
            values[option.name, default: []].append(value)
        }
        guard let product = values["--product"]?.first else { throw UsageError("--product NAME is required") }
        guard let output = values["--output"]?.first else { throw UsageError("--output DIR is required") }
        var timeLimit = Duration.seconds(60)
        if let text = values["--time-limit"]?.first {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw UsageError("--time-limit needs a number of seconds above 0, at most 3600, not '\(text)'")
            }
            timeLimit = .milliseconds(Int64((seconds * 1000).rounded(.up)))
        }
        let bundler = Bundler(
            productsDirectory: values["--products-dir"]?.first ?? ".", output: output, resources: values["--resources"] ?? [],
            timeLimit: timeLimit)
        return .bundle(product: product, extensions: values["--extension"] ?? [], bundler)
    }
}

/// A wrong command line: one sentence naming the mistake.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
