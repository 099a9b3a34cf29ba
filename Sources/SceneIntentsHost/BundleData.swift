import DurableFiles
import Foundation
import IntentDefinition
import SceneIntents

/// What `<executable> --write-bundle-data FOLDER` writes (`BundleDataRequest`): the bundle's
/// `Info.plist` and intent data, from what the executable itself declares, so a bundle can never
/// say something its code does not.
///
/// Every file is written durably (a temporary file, fsync, rename, directory fsync).
enum BundleData {
    /// Why the data could not be written; `status` is the exit status `AppMain` answers.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        let status: Int32
    }

    /// Runs `write` (which answers 0, or 70 once it reported what could not be made) and answers
    /// its status; a failure is reported on standard error under `name`, with its own status.
    @MainActor
    static func status(reportingAs name: String, _ write: () throws(Failure) -> Int32) -> Int32 {
        do throws(Failure) { return try write() } catch {
            ProcessExit.log("\(name): \(BundleDataRequest.flag): \(error)")
            return error.status
        }
    }

    /// The `Info.plist` extension point of an intents extension.
    static let intentsExtensionPoint = "com.apple.intents-service"

    /// An app bundle's data: its `Info.plist` (the identity keys, then the manifest's keys, see
    /// `AppManifest.propertyListKeys`) and the intent data of its catalog.
    @MainActor
    static func writeApp(
        _ app: HostedApp, name: String, bundleIdentifier: String?, words: AppVocabulary, executable: String, to folder: String
    ) throws(Failure) {
        var keys = try identity(name: name, bundleIdentifier: bundleIdentifier, executable: executable)
        let manifest = app.host.application.manifest
        // A manifest a system would refuse is refused here, when the bundle is made, not when it
        // is installed.
        do throws(ManifestError) { try manifest.validate() } catch {
            throw Failure(description: "the app's manifest would be refused in Info.plist: \(error)", status: 70)
        }
        keys.merge(manifest.propertyListKeys) { identity, _ in identity }
        try write(keys, to: folder)
        try writeIntentDataFiles(AppBundleData(catalog: app.host.catalog, vocabulary: words), into: folder)
    }

    /// An intents extension bundle's data: its `Info.plist` (the identity keys and `NSExtension`
    /// with its intent lists). Its intents' data is the app's: the system reads it from the app's
    /// bundle, which lists every intent the app and its extensions handle.
    static func writeExtension(_ plugIn: IntentsExtension, executable: String, to folder: String) throws(Failure) {
        var keys = try identity(name: plugIn.name, bundleIdentifier: plugIn.bundleIdentifier, executable: executable)
        keys["NSExtension"] = [
            "NSExtensionPointIdentifier": intentsExtensionPoint,
            "NSExtensionAttributes": [
                "IntentsSupported": plugIn.intentsSupported,
                "IntentsRestrictedWhileLocked": plugIn.intentsRestrictedWhileLocked,
            ],
        ] as [String: Any]
        try write(keys, to: folder)
    }

    /// Writes the intent data files a system reads to converse about the app (`AppBundleData`:
    /// `Intents.intentdefinition`, `AppIntentVocabulary.plist` and `SceneIntents.plist`) into the
    /// bundle folder `folder`,
    /// beside its `Info.plist`, made from the app's catalog and words, so an app that declares
    /// its intents in Swift is read the same way as one built from a definition file.
    static func writeIntentDataFiles(_ data: AppBundleData, into folder: String) throws(Failure) {
        let files: [String: Data]
        do { files = try data.files() } catch {
            throw Failure(description: "the intent data cannot be made: \(error)", status: 70)
        }
        try write(files.sorted { $0.key < $1.key }.map { ($0.key, Array($0.value)) }, into: folder)
    }

    /// `CFBundleName`, `CFBundleIdentifier` and `CFBundleExecutable`.
    private static func identity(name: String, bundleIdentifier: String?, executable: String) throws(Failure)
        -> [String: Any]
    {
        guard let bundleIdentifier, !bundleIdentifier.isEmpty else {
            throw Failure(
                description: "\(name) has no bundle identifier: pass bundleIdentifier: to AppMain or IntentsExtension",
                status: 78)
        }
        return ["CFBundleName": name, "CFBundleIdentifier": bundleIdentifier, "CFBundleExecutable": executable]
    }

    /// Writes `keys` as `folder/Info.plist`.
    private static func write(_ keys: [String: Any], to folder: String) throws(Failure) {
        let plist: Data
        do { plist = try PropertyListSerialization.data(fromPropertyList: keys, format: .xml, options: 0) } catch {
            throw Failure(description: "the Info.plist cannot be made: \(error)", status: 70)
        }
        try write([("Info.plist", Array(plist))], into: folder)
    }

    /// Writes `files` into `folder` with `DurableWrite`; a failure is status 73 (EX_CANTCREAT).
    private static func write(_ files: [(name: String, contents: [UInt8])], into folder: String) throws(Failure) {
        do throws(WriteFailure) { try DurableWrite.writeAll(files, directory: folder) } catch {
            throw Failure(description: "\(error)", status: 73)
        }
    }
}
