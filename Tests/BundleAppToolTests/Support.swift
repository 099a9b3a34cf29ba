import Foundation
import SceneIntentsTesting
import Testing

/// A fresh folder under the temporary directory, removed by `remove()`.
struct Scratch {
    let path: String

    init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("bundle-app-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Everything under the folder, sorted: a folder ends in `/`, an executable file in `*`.
    func tree() -> [String] {
        let manager = FileManager.default
        return (manager.subpaths(atPath: path) ?? []).sorted().map { relative in
            let full = (path as NSString).appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            _ = manager.fileExists(atPath: full, isDirectory: &isDirectory)
            if isDirectory.boolValue { return relative + "/" }
            return manager.isExecutableFile(atPath: full) ? relative + "*" : relative
        }
    }
}

/// Runs `bundle-app-tool` with `arguments`, the built products' folder given.
func bundleApp(_ arguments: [String]) async throws -> BuiltProductRun {
    try await BuiltProducts.run("bundle-app-tool", arguments + ["--products-dir", BuiltProducts.directory])
}

/// The property list at `path`, as a dictionary.
func propertyList(_ path: String) throws -> NSDictionary {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? NSDictionary)
}

/// The checkout's `Demos` folder (beside `Tests`).
let demos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Demos").path
