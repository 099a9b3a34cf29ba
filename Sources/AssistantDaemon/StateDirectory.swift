import Foundation
import Glibc

/// Where `assistantd` keeps what outlives its process and its apps' processes: each app's scene
/// sessions, in `sessions/` (a `SessionStore`, one file per bundle identifier, given to the
/// daemon as `DaemonConfiguration.sessionsFolder`), and each app's donations, suggestions and
/// voice shortcuts, in `shortcuts/` (a `ShortcutsStore` in a folder per bundle identifier,
/// `DaemonConfiguration.shortcutsFolder`).
public enum StateDirectory {
    /// The folders `prepare(_:)` made or checked.
    public struct Folders: Sendable, Equatable {
        /// `<state>/sessions`: `DaemonConfiguration.sessionsFolder`.
        public let sessions: String
        /// `<state>/shortcuts`: `DaemonConfiguration.shortcutsFolder`.
        public let shortcuts: String
    }

    /// `$XDG_STATE_HOME/sceneintents`, else `~/.local/state/sceneintents` (an `XDG_STATE_HOME`
    /// that is empty or relative is ignored, as the XDG base directory specification says).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return (state as NSString).appendingPathComponent("sceneintents")
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/state/sceneintents")
    }

    /// Makes `path` and its `sessions` and `shortcuts` folders (every folder made has mode
    /// `0700`: they hold what the user's apps saved and what the user did) or checks existing
    /// ones; answers both.
    ///
    /// - Throws: `DaemonError` `.cannotKeepState` naming the folder when one cannot be made, is
    ///   not a directory, belongs to another user or can be written by another user (who could
    ///   plant sessions or shortcuts in it).
    public static func prepare(_ path: String) throws(DaemonError) -> Folders {
        guard !path.isEmpty, path.utf8.count <= Int(PATH_MAX) - 64 else {
            throw DaemonError(.cannotKeepState, value: path, message: "the state directory must be a path of 1 to \(Int(PATH_MAX) - 64) bytes")
        }
        let folders = Folders(
            sessions: (path as NSString).appendingPathComponent("sessions"),
            shortcuts: (path as NSString).appendingPathComponent("shortcuts"))
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            try make(current)
        }
        try check(path)
        for folder in [folders.sessions, folders.shortcuts] {
            try make(folder)
            try check(folder)
        }
        return folders
    }

    private static func make(_ folder: String) throws(DaemonError) {
        if mkdir(folder, 0o700) == 0 {
            // The umask can only remove bits; the mode is exact anyway.
            _ = chmod(folder, 0o700)
        } else if errno != EEXIST {
            throw refusal(folder, "cannot be made: \(String(cString: strerror(errno)))")
        }
    }

    private static func check(_ folder: String) throws(DaemonError) {
        var status = stat()
        guard stat(folder, &status) == 0 else { throw refusal(folder, "cannot be read: \(String(cString: strerror(errno)))") }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw refusal(folder, "is not a directory") }
        guard status.st_uid == geteuid() else { throw refusal(folder, "belongs to uid \(status.st_uid)") }
        guard status.st_mode & 0o022 == 0 else {
            throw refusal(folder, "can be written by other users (mode \(String(status.st_mode & 0o777, radix: 8)))")
        }
    }

    private static func refusal(_ folder: String, _ problem: String) -> DaemonError {
        DaemonError(
            .cannotKeepState, value: folder,
            message: "state directory '\(folder)' \(problem); it must be a directory of uid \(geteuid()) no other user can write (fix it, or give another --state-dir)")
    }
}
