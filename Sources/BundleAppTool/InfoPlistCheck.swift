import DurableFiles
import Foundation
import SceneIntents

/// An `Info.plist` an executable wrote, read back and checked: every problem names the product
/// that wrote it and the key (the file itself is still in a hidden staging folder).
struct InfoPlistCheck {
    /// "the Info.plist PRODUCT wrote", as errors say it.
    let file: String
    let values: [String: PropertyListValue]

    /// Reads `path` (at most `AppManifest.fileSizeLimit`), written by `product`.
    init(file path: String, bundleOf product: String) throws(BundleFailure) {
        file = "the Info.plist \(product) wrote"
        let data: Data
        do throws(ReadFailure) { data = Data(try FileContents.bytes(atPath: path, limit: AppManifest.fileSizeLimit)) } catch {
            guard error == .tooLarge else { throw BundleFailure("\(file) cannot be read") }
            throw BundleFailure("\(file) is larger than \(AppManifest.fileSizeLimit / 1024) KiB")
        }
        let root: PropertyListValue
        do { root = try PropertyListValue.read(data) } catch {
            throw BundleFailure("\(file) is not a property list: \(error)")
        }
        guard let values = root.dictionaryValue else { throw BundleFailure("\(file): the top level is not a dictionary") }
        self.values = values
    }

    /// The non-empty string at `key`.
    func string(_ key: String) throws(BundleFailure) -> String {
        guard let value = values[key] else { throw BundleFailure("\(file) has no \(key)") }
        guard let string = value.stringValue, !string.isEmpty else { throw BundleFailure("\(file): \(key) is not a non-empty string") }
        return string
    }

    /// Checks `CFBundleIdentifier` is there and `CFBundleExecutable` names `executable`.
    func requireExecutable(_ executable: String) throws(BundleFailure) {
        _ = try string("CFBundleIdentifier")
        let named = try string("CFBundleExecutable")
        guard named == executable else {
            throw BundleFailure("\(file): CFBundleExecutable is '\(named)', but the executable is '\(executable)'")
        }
    }

    /// Checks the `.appex` declares an intents extension (`NSExtension`).
    func requireIntentsExtension() throws(BundleFailure) {
        guard values["NSExtension"]?.dictionaryValue != nil else {
            throw BundleFailure("\(file) has no NSExtension dictionary: it is not an intents extension")
        }
    }

    /// `CFBundleName`, which names the bundle's folder: a file name, not a path.
    func bundleName() throws(BundleFailure) -> String {
        let name = try string("CFBundleName")
        guard !name.contains("/"), !name.hasPrefix("."), name.utf8.count <= 200 else {
            throw BundleFailure("\(file): CFBundleName '\(name)' cannot name a folder (no '/', no leading '.', at most 200 bytes)")
        }
        return name
    }
}
