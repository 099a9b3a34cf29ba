#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a bundle's files looked like when it was read: for every file and folder in it (and the
/// executables it takes from search directories), its identity, size, times, mode and owner.
///
/// Two equal revisions mean nothing the registry reads (or checks the trust of) has changed, so
/// a rescan reuses the bundle's last reading instead of parsing it again; any write, rename,
/// replacement, `chmod` or `chown` changes the inode, a time or the mode, and the bundle is read
/// again. Only `stat` is called: a rescan of unchanged bundles reads no file.
public struct BundleRevision: Sendable, Hashable {
    /// One file's state; the change time moves on any write, `chmod` or `chown`.
    struct Entry: Sendable, Hashable {
        let path: String
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: Int
        let modifiedNanoseconds: Int
        let changed: Int
        let changedNanoseconds: Int
        let mode: UInt32
        let owner: UInt32
        let group: UInt32

        /// Only what trust reads: identity, mode and owner.
        var trustOnly: Entry {
            Entry(
                path: path, device: device, inode: inode, size: 0, modified: 0, modifiedNanoseconds: 0, changed: 0,
                changedNanoseconds: 0, mode: mode, owner: owner, group: group)
        }
    }

    /// The most files and folders looked at in one bundle: past it, the bundle has no revision
    /// and is read again on every scan (real bundles hold tens of files).
    static let entryLimit = 4096
    /// How deep the walk goes (`<App>.app/PlugIns/<Ext>.appex/<file>` is depth 3), so a link
    /// loop inside a bundle cannot make it endless.
    static let depthLimit = 6

    private let entries: [Entry]

    /// The revision of the bundle at `path` now, with `outside` (files the last reading took
    /// from elsewhere: executables in search directories) and the trust of `folders` (the
    /// search directories) included; nil when the bundle holds more than `entryLimit` entries
    /// (then it is simply read each time).
    static func of(bundle path: String, outside: [String], folders: [String]) -> BundleRevision? {
        // The folder really holding the bundle, and the search directories, are checked for
        // trust: their mode and owner count, not their times (they move whenever anything
        // beside the bundle changes, as a build writing its products).
        var entries = ([Path.parent(Path.resolved(path))] + folders).map { folder in
            entry(folder).map { $0.trustOnly } ?? missing(folder)
        }
        guard walk(path, depth: 0, into: &entries) else { return nil }
        for file in outside { entries.append(entry(file) ?? missing(file)) }
        return BundleRevision(entries: entries)
    }

    /// Adds `path` and, for a folder, everything under it; false once past `entryLimit`.
    private static func walk(_ path: String, depth: Int, into entries: inout [Entry]) -> Bool {
        guard entries.count < entryLimit else { return false }
        guard let found = entry(path) else {
            entries.append(missing(path))
            return true
        }
        entries.append(found)
        guard found.mode & UInt32(S_IFMT) == UInt32(S_IFDIR), depth < depthLimit,
            case .success(let names) = FileProbe.entries(path)
        else { return true }
        for name in names where !walk(Path.join(path, name), depth: depth + 1, into: &entries) { return false }
        return true
    }

    /// `path`'s state, following links (what the reader sees); nil when it is missing.
    private static func entry(_ path: String) -> Entry? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Entry(
            path: path, device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modified: Int(status.st_mtim.tv_sec), modifiedNanoseconds: Int(status.st_mtim.tv_nsec),
            changed: Int(status.st_ctim.tv_sec), changedNanoseconds: Int(status.st_ctim.tv_nsec),
            mode: UInt32(status.st_mode), owner: UInt32(status.st_uid), group: UInt32(status.st_gid))
    }

    private static func missing(_ path: String) -> Entry {
        Entry(
            path: path, device: 0, inode: 0, size: -1, modified: 0, modifiedNanoseconds: 0, changed: 0,
            changedNanoseconds: 0, mode: 0, owner: 0, group: 0)
    }
}
