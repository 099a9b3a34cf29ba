import Foundation
import Glibc

/// A small tmpfs mounted over `directory` in a mount namespace of this process's own, so a test
/// can fill a real file system (`ENOSPC`) or make it read-only (`EROFS`) without touching the
/// machine: the mount disappears with the process.
///
/// As root this needs only a new mount namespace; otherwise a user namespace maps the caller to
/// root inside it first.
enum PrivateMount {
    // unshare(2) and its flags are behind _GNU_SOURCE, which Swift's Glibc module does not
    // define: look the function up in libc and spell the two flags (linux/sched.h).
    private static let newMountNamespace: Int32 = 0x0002_0000  // CLONE_NEWNS
    private static let newUserNamespace: Int32 = 0x1000_0000  // CLONE_NEWUSER

    private static func unshare(_ flags: Int32) -> Int32 {
        typealias Unshare = @convention(c) (Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "unshare") else { return -1 }
        return unsafeBitCast(symbol, to: Unshare.self)(flags)
    }

    static func tmpfs(over directory: String, bytes: Int) -> String? {
        if unshare(newMountNamespace) != 0 {
            let uid = getuid()
            let gid = getgid()
            guard unshare(newUserNamespace | newMountNamespace) == 0 else { return "unshare: \(String(cString: strerror(errno)))" }
            for (file, text) in [("setgroups", "deny"), ("uid_map", "0 \(uid) 1"), ("gid_map", "0 \(gid) 1")] {
                guard (try? text.write(toFile: "/proc/self/\(file)", atomically: false, encoding: .utf8)) != nil else {
                    return "cannot write /proc/self/\(file)"
                }
            }
        }
        // Keep our mounts from propagating back to the parent namespace.
        guard mount("none", "/", nil, UInt(MS_REC | MS_PRIVATE), nil) == 0 else { return "make / private: \(String(cString: strerror(errno)))" }
        guard mount("tmpfs", directory, "tmpfs", 0, "size=\(bytes),mode=0700") == 0 else {
            return "mount tmpfs: \(String(cString: strerror(errno)))"
        }
        return nil
    }

    static func remountReadOnly(_ directory: String) -> String? {
        guard mount("tmpfs", directory, nil, UInt(MS_REMOUNT | MS_RDONLY), nil) == 0 else {
            return "remount read-only: \(String(cString: strerror(errno)))"
        }
        return nil
    }
}
