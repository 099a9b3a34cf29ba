import DurableFiles
import Foundation
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
            HostExit.log("\(name): \(BundleDataRequest.flag): \(error)")
            return error.status
        }
    }

    /// The `Info.plist` extension point of an intents extension.
    static let intentsExtensionPoint = "com.apple.intents-service"

    /// An app bundle's data: its `Info.plist` (the identity keys, then the manifest's keys, see
    /// `AppManifest.propertyListKeys`) and the intent data of its catalog.
    @MainActor
    static func writeApp(_ app: HostedApp, name: String, bundleIdentifier: String?, executable: String, to folder: String)
        throws(Failure)
    {
        var keys = try identity(name: name, bundleIdentifier: bundleIdentifier, executable: executable)
        keys.merge(app.host.application.manifest.propertyListKeys) { identity, _ in identity }
        try write(keys, catalog: app.host.catalog, to: folder)
    }

    /// An intents extension bundle's data: its `Info.plist` (the identity keys and `NSExtension`
    /// with its intent lists) and the intent data of its catalog.
    static func writeExtension(_ plugIn: IntentsExtension, executable: String, to folder: String) throws(Failure) {
        var keys = try identity(name: plugIn.name, bundleIdentifier: plugIn.bundleIdentifier, executable: executable)
        keys["NSExtension"] = [
            "NSExtensionPointIdentifier": intentsExtensionPoint,
            "NSExtensionAttributes": [
                "IntentsSupported": plugIn.intentsSupported,
                "IntentsRestrictedWhileLocked": plugIn.intentsRestrictedWhileLocked,
            ],
        ] as [String: Any]
        try write(keys, catalog: plugIn.catalog, to: folder)
    }

    /// Writes the intent data files a system reads to converse about the intents of `catalog`
    /// into the bundle folder `folder`, beside its `Info.plist`.
    ///
    /// It writes nothing yet. It will write the intent definition file (as Xcode copies it into
    /// a bundle), `AppIntentVocabulary.plist` (`IntentPhrases`, `ParameterVocabularies`) and the
    /// project's own file of phrase templates with slots, made from the catalog, so an app that
    /// declares its intents in Swift is read the same way as one built from a definition file.
    static func writeIntentDataFiles(for catalog: IntentCatalog, into folder: String) throws(Failure) {}

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

    /// Writes `keys` as `folder/Info.plist`, then the catalog's intent data.
    private static func write(_ keys: [String: Any], catalog: IntentCatalog, to folder: String) throws(Failure) {
        let plist: Data
        do { plist = try PropertyListSerialization.data(fromPropertyList: keys, format: .xml, options: 0) } catch {
            throw Failure(description: "the Info.plist cannot be made: \(error)", status: 70)
        }
        do throws(WriteFailure) {
            try DurableWrite.writeAll([("Info.plist", Array(plist))], directory: folder)
        } catch {
            throw Failure(description: "\(error)", status: 73)
        }
        try writeIntentDataFiles(for: catalog, into: folder)
    }
}
