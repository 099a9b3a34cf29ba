import Foundation

/// Where `swift build` / `swift test` put the package's executables: beside the running test
/// bundle. Tests that start a host or a demo binary find it here (their test target depends on
/// the executable target, so it is built first).
public enum BuiltProducts {
    /// The directory of the running executable (the test bundle under `swift test`).
    public static let directory: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return (executable as NSString).deletingLastPathComponent
    }()

    /// The path of the built executable `name`.
    public static func executable(_ name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }
}
