import Foundation
import Glibc
import SceneIntentsTransport

/// Sockets left in the runtime directory by processes that died without removing them (a
/// daemon killed with SIGKILL leaves its hosts' sockets behind).
enum StaleSockets {
    /// Removes every socket file in `directory` nobody listens on (a connect is refused), except
    /// `keeping`; a live one, or anything that is not a socket, is left alone. Answers the names
    /// removed.
    @discardableResult
    static func sweep(_ directory: String, keeping kept: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { name in
            let path = (directory as NSString).appendingPathComponent(name)
            guard path != kept, isRefused(path) else { return false }
            return unlink(path) == 0
        }
    }

    /// Whether `path` is a socket whose connect is refused (nobody listens). A live one sees a
    /// peer come and go without a word, which its listener reports and forgets.
    private static func isRefused(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return false }
        do {
            try FramedConnection.connect(to: path).close()
            return false
        } catch {
            return error.system?.code == ECONNREFUSED
        }
    }
}
