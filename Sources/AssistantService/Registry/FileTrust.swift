#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a bundle's files may be trusted to run, by OpenSSH's StrictModes rule: a file or
/// folder another user could change is refused, because whoever can change it chooses what the
/// daemon (perhaps running as root) executes.
///
/// Refused: anything owned by a user other than root and the daemon's own, and anything
/// writable by others. Writable by its group only when that group is its owner's private group
/// (named as the owner, with no other member), as OpenSSH allows where each user has one.
enum FileTrust {
    /// The problem with `path`, in words; nil when it can be trusted (or is missing: that is
    /// reported by whoever needed the file). With `stickyFolderTrusted`, a sticky folder others
    /// can write to is trusted (only what they own in it is theirs to rename or remove).
    static func problem(_ path: String, owner expected: uid_t = geteuid(), stickyFolderTrusted: Bool = false) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let sticky = stickyFolderTrusted && status.st_mode & S_ISVTX != 0
        let mode = String(status.st_mode & 0o7777, radix: 8)
        if status.st_uid != 0 && status.st_uid != expected {
            return "owned by uid \(status.st_uid), neither root nor this user (uid \(expected)); files another user controls are not run"
        }
        if status.st_mode & S_IWOTH != 0 && !sticky {
            return "writable by anyone (mode \(mode)); files another user can change are not run"
        }
        if status.st_mode & S_IWGRP != 0 && !sticky && !isPrivateGroup(status.st_gid, of: status.st_uid) {
            return "writable by its group (mode \(mode)); files another user can change are not run"
        }
        return nil
    }

    /// Whether `group` is `user`'s private group: named as the user, with no member but them.
    private static func isPrivateGroup(_ gid: gid_t, of user: uid_t) -> Bool {
        guard let userName = name(ofUser: user), let members = members(ofGroup: gid, named: userName) else { return false }
        return members.allSatisfy { $0 == userName }
    }

    private static func name(ofUser user: uid_t) -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(user, &entry, &buffer, buffer.count, &result) == 0, result != nil, let name = entry.pw_name else { return nil }
        return String(cString: name)
    }

    /// The supplementary members of `group` when it is named `name`; nil otherwise.
    private static func members(ofGroup gid: gid_t, named name: String) -> [String]? {
        var entry = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 16 << 10)
        guard getgrgid_r(gid, &entry, &buffer, buffer.count, &result) == 0, result != nil,
            let groupName = entry.gr_name, String(cString: groupName) == name
        else { return nil }
        var members: [String] = []
        var cursor = entry.gr_mem
        while let member = cursor?.pointee {
            members.append(String(cString: member))
            cursor = cursor?.advanced(by: 1)
        }
        return members
    }
}
