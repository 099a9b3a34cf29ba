import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few path operations the registry needs, on plain strings (what `posix_spawn` takes).
enum Path {
    /// `folder/name`.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The last component: `Recipe Assistant.app` for `/apps/Recipe Assistant.app`.
    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// An absolute path with `.` and `..` resolved (relative paths are taken from the current
    /// directory), so diagnostics and bundles name files the same way whatever the caller gave.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The folder holding `path` (`/` for a top-level entry).
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// Where `path` really is, every link followed; `path` itself when that cannot be said
    /// (it is missing).
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
