import DurableFiles
import Foundation
import SceneIntents

/// Why a bundle could not be made: one line naming the product, file or key.
struct BundleFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Lays out `<Name>.app/` in `output` from built executables: each is copied into its bundle
/// folder with the resource bundles, and run with `--write-bundle-data` to write its
/// `Info.plist` and data; the whole is made in a hidden folder of `output` and renamed into
/// place, replacing an older bundle.
struct Bundler: Equatable {
    /// The app's executable product.
    var product = ""
    /// The intents extensions' executable products.
    var extensions: [String] = []
    var productsDirectory = "."
    var output = ""
    /// The resource bundles (folder names in `productsDirectory`) every executable may load:
    /// a SwiftPM executable looks for them beside itself.
    var resources: [String] = []
    /// How long each executable has to write its data before it is killed.
    var timeLimit = Duration.seconds(60)

    /// Makes the bundle of `product` with `extensions`; answers the path of the `.app`.
    func bundle() throws(BundleFailure) -> String {
        let executables = try ([product] + extensions).map { (name) throws(BundleFailure) in try executable(name) }
        for name in resources where !Self.isFolder(Path.join(productsDirectory, name)) {
            throw BundleFailure("no resource bundle '\(name)' in \(productsDirectory)")
        }
        try prepareOutput()
        let staging = Path.join(output, ".bundle-app-\(getpid())")
        defer { try? FileManager.default.removeItem(atPath: staging) }
        try make(staging)
        let app = Path.join(staging, "app")
        try make(app)
        let name = try fill(app, with: executables[0], product: product)
        if !extensions.isEmpty {
            let plugIns = Path.join(app, "PlugIns")
            try make(plugIns)
            var seen: Set<String> = []
            for (index, name) in extensions.enumerated() {
                let folder = Path.join(plugIns, ".\(index).appex")
                try make(folder)
                let bundleName = try fill(folder, with: executables[index + 1], product: name, isExtension: true)
                guard seen.insert(bundleName).inserted else {
                    throw BundleFailure("two extensions are both named '\(bundleName)' (CFBundleName): rename one")
                }
                try move(folder, to: Path.join(plugIns, bundleName + ".appex"))
            }
            try sync(plugIns)
        }
        let target = Path.join(output, name + ".app")
        try replace(target, with: app, keepingOldIn: Path.join(staging, "old"))
        return target
    }

    /// The built executable of product `name`, which must be a regular executable file.
    private func executable(_ name: String) throws(BundleFailure) -> String {
        let path = Path.join(productsDirectory, name)
        guard FileManager.default.isExecutableFile(atPath: path), !Self.isFolder(path) else { throw BundleFailure("no executable product '\(name)' in \(productsDirectory) (build it first)") }
        return path
    }

    /// Makes `output` if missing and checks it can be written to.
    private func prepareOutput() throws(BundleFailure) {
        do throws(WriteFailure) { try DurableWrite.makeDirectory(output) } catch {
            throw BundleFailure("--output \(output): \(error)")
        }
        guard access(output, W_OK | X_OK) == 0 else {
            throw BundleFailure("--output \(output) cannot be written to: \(String(cString: strerror(errno)))")
        }
    }

    /// Copies the executable of `product` into `folder`, has it write its data there and checks
    /// its `Info.plist`; answers its `CFBundleName`.
    private func fill(_ folder: String, with executable: String, product: String, isExtension: Bool = false)
        throws(BundleFailure) -> String
    {
        let copy = Path.join(folder, product)
        try self.copy(executable, to: copy)
        for name in resources { try self.copy(Path.join(productsDirectory, name), to: Path.join(folder, name)) }
        let run = try ExecutableRun.writeBundleData(copy, into: folder, timeLimit: timeLimit)
        let plist = Path.join(folder, "Info.plist")
        switch run.end {
        case .exited(0): break
        case .exited(let status):
            throw BundleFailure("\(product) \(BundleDataRequest.flag) failed with status \(status): \(Self.firstLines(run.output))")
        case .killedAfter(let limit):
            throw BundleFailure(
                "\(product) \(BundleDataRequest.flag) was still running after \(limit) and was killed: \(Self.firstLines(run.output))")
        }
        guard FileManager.default.fileExists(atPath: plist) else {
            throw BundleFailure(
                "\(product) does not support \(BundleDataRequest.flag) (it exited 0 and wrote no Info.plist): "
                    + "its main.swift must call AppMain or IntentsExtension")
        }
        let keys = try InfoPlistCheck(file: plist, bundleOf: product)
        try keys.requireExecutable(product)
        if isExtension { try keys.requireIntentsExtension() }
        try sync(folder)
        return try keys.bundleName()
    }

    /// Renames `app` to `target`; an older `target` is first renamed to `old` (removed with the
    /// staging folder), so the path never holds half a bundle.
    private func replace(_ target: String, with app: String, keepingOldIn old: String) throws(BundleFailure) {
        try sync(app)
        if FileManager.default.fileExists(atPath: target) { try move(target, to: old) }
        try move(app, to: target)
        try sync(output)
    }

    private func make(_ folder: String) throws(BundleFailure) {
        guard mkdir(folder, 0o755) == 0 else {
            throw BundleFailure("cannot make \(folder): \(String(cString: strerror(errno)))")
        }
    }

    private func move(_ from: String, to: String) throws(BundleFailure) {
        guard rename(from, to) == 0 else {
            throw BundleFailure("cannot rename \(from) to \(to): \(String(cString: strerror(errno)))")
        }
    }

    private func sync(_ folder: String) throws(BundleFailure) {
        do throws(WriteFailure) { try DurableWrite.syncDirectory(folder) } catch { throw BundleFailure("\(error)") }
    }

    /// Copies the file or folder `source` to `target`, then fsyncs every file and folder copied.
    private func copy(_ source: String, to target: String) throws(BundleFailure) {
        do { try FileManager.default.copyItem(atPath: source, toPath: target) } catch {
            throw BundleFailure("cannot copy \(source) to \(target): \(error.localizedDescription)")
        }
        let inside = (FileManager.default.subpaths(atPath: target) ?? []).map { Path.join(target, $0) }
        for path in inside + [target] { try syncEntry(path) }
    }

    /// Whether `path` is a folder.
    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// fsyncs the file or folder at `path`.
    private func syncEntry(_ path: String) throws(BundleFailure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            throw BundleFailure("cannot fsync \(path): \(reason)")
        }
        close(descriptor)
    }

    /// The first lines of an executable's output, joined, for a one-line error.
    static func firstLines(_ output: String) -> String {
        let lines = output.split(separator: "\n").prefix(3).joined(separator: " / ")
        return lines.isEmpty ? "it printed nothing" : lines
    }
}

/// Paths joined as strings.
enum Path {
    static func join(_ folder: String, _ name: String) -> String { (folder as NSString).appendingPathComponent(name) }
}
