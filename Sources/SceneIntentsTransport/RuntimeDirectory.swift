import Foundation
import Glibc

/// The private directory holding this user's SceneIntents sockets: mode `0700`, owned by the
/// effective user, checked on every use.
public struct RuntimeDirectory: Equatable, Sendable {
    /// The directory's path.
    public let path: String

    /// `$XDG_RUNTIME_DIR/sceneintents` when that variable is set, else `/tmp/sceneintents-<uid>`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return (runtime as NSString).appendingPathComponent("sceneintents")
        }
        return "/tmp/sceneintents-\(geteuid())"
    }

    /// Creates the directory (`0700`) or checks an existing one, at `path` or the default.
    ///
    /// Only the last path component is created. An existing entry must be a real directory
    /// (not a symbolic link) owned by the effective user with no group or world permission
    /// bits; otherwise this throws ``TransportError/Code/unsafeRuntimeDirectory`` and changes
    /// nothing, because a directory another user can enter or replace would let them pose as a
    /// socket.
    public static func prepare(
        _ path: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TransportError) -> RuntimeDirectory {
        let path = path ?? defaultPath(environment: environment)
        if mkdir(path, 0o700) == 0 {
            // The umask can only remove bits; set the exact mode anyway.
            guard chmod(path, 0o700) == 0 else { throw .call("chmod", path) }
        } else if errno != EEXIST {
            throw .call("mkdir", path)
        }
        try check(path)
        return RuntimeDirectory(checkedPath: path)
    }

    private init(checkedPath: String) {
        path = checkedPath
    }

    /// The path of a socket named `name` inside the directory.
    public func socketPath(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// Removes the sockets named `<prefix><pid>-<anything>` whose listening process `pid` no
    /// longer exists (it was killed before it could remove them); answers their names. Sockets of
    /// live processes, and entries that are not sockets, are left alone. (A pid reused by an
    /// unrelated process keeps its socket until that process is gone too: nothing is removed
    /// that might be in use.)
    @discardableResult
    public func removeStaleSockets(prefix: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let owner = pid_t(rest.prefix { $0 != "-" }), owner > 0, owner != getpid() else { continue }
            guard Glibc.kill(owner, 0) != 0 && errno == ESRCH else { continue }
            var status = stat()
            let entry = socketPath(name)
            guard lstat(entry, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK, unlink(entry) == 0 else { continue }
            removed.append(name)
        }
        return removed
    }

    private static func check(_ path: String) throws(TransportError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw .call("lstat", path) }
        let mode = status.st_mode
        func refuse(_ problem: String) -> TransportError {
            TransportError(
                .unsafeRuntimeDirectory, value: path,
                message: "runtime directory '\(path)' \(problem); it must be a directory owned by uid \(geteuid()) with mode 0700 (fix it, or choose another directory)")
        }
        guard mode & S_IFMT == S_IFDIR else { throw refuse("is not a directory") }
        guard status.st_uid == geteuid() else { throw refuse("belongs to uid \(status.st_uid)") }
        guard mode & 0o077 == 0 else {
            throw refuse("has mode \(String(mode & 0o7777, radix: 8)), open to its group or to others")
        }
    }
}
