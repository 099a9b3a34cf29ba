import Foundation
import Glibc
import SceneIntentsTransport
import Synchronization

/// The lock that makes one daemon per runtime directory: an exclusive `flock` on
/// `<runtime-dir>/assistantd.lock`, taken before the socket is touched and held for the daemon's
/// life.
///
/// Probing the socket cannot decide between daemons started together: each may find no socket,
/// and between one's `bind` and its `listen` another sees a socket nobody listens on, removes
/// it as stale and binds its own, so two run. The lock closes that gap: the kernel grants it to
/// one process, and releases it when that process ends however it ends (a `kill -9` included),
/// so a dead daemon's lock never blocks its successor.
///
/// An orderly stop removes the file while still holding the lock. A process that opened the
/// file just before could then lock the removed file, so a lock is kept only when the path
/// still names the file locked; otherwise the taker tries again on the new file.
final class DaemonLock: Sendable {
    /// The lock file's name in the runtime directory.
    static let fileName = "assistantd.lock"

    /// The lock file's path.
    let path: String
    private let descriptor: Mutex<Int32?>

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = Mutex(descriptor)
    }

    /// Takes the lock of `directory` without waiting, and writes this process's id in the file
    /// (what a loser names).
    ///
    /// - Throws: `DaemonError` `.alreadyRunning` naming the holder's pid (when it has written it
    ///   yet) and the lock file, or `.cannotListen` when the file cannot be opened or locked.
    static func take(in directory: String) throws(DaemonError) -> DaemonLock {
        let path = (directory as NSString).appendingPathComponent(fileName)
        while true {
            // Close-on-exec: a host the daemon starts must not inherit (and so keep) the lock.
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else {
                throw DaemonError(.cannotListen, value: path, message: "cannot open the lock file \(path): \(String(cString: strerror(errno)))")
            }
            let result = retryingEINTR { flock(descriptor, LOCK_EX | LOCK_NB) }
            guard result == 0 else {
                let code = errno
                let holder = Self.holder(descriptor)
                close(descriptor)
                guard code == EWOULDBLOCK else {
                    throw DaemonError(.cannotListen, value: path, message: "cannot lock \(path): \(String(cString: strerror(code)))")
                }
                let who = holder.map { " (pid \($0))" } ?? ""
                throw DaemonError(
                    .alreadyRunning, value: path,
                    message: "assistantd is already running\(who) in \(directory): it holds \(path); stop it first, or give this one another --runtime-dir")
            }
            guard Self.names(path, descriptor) else {
                // Locked a file its holder removed on stopping: the path's file is the lock now.
                close(descriptor)
                continue
            }
            let pid = Array("\(getpid())\n".utf8)
            _ = ftruncate(descriptor, 0)
            _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            return DaemonLock(path: path, descriptor: descriptor)
        }
    }

    /// Whether `path` names the file open on `descriptor`.
    private static func names(_ path: String, _ descriptor: Int32) -> Bool {
        var named = stat()
        var open = stat()
        guard lstat(path, &named) == 0, fstat(descriptor, &open) == 0 else { return false }
        return named.st_dev == open.st_dev && named.st_ino == open.st_ino
    }

    /// The pid written in the lock file by its holder, if it has written one yet.
    private static func holder(_ descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: bytes[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Removes the lock file and releases the lock (in that order: see the type); idempotent.
    func release() {
        guard let descriptor = descriptor.withLock({ held -> Int32? in
            defer { held = nil }
            return held
        }) else { return }
        if Self.names(path, descriptor) { unlink(path) }
        close(descriptor)
    }

    deinit { release() }
}
