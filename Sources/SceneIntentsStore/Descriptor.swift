import Foundation
import Glibc

/// An open file descriptor and the path it was opened from, with the few system calls the log
/// needs, each retried on `EINTR` and each failure turned into a `StoreError` naming the path.
///
/// Every descriptor is opened `O_CLOEXEC`, so a process the app spawns never inherits the log
/// (or, worse, its lock).
struct Descriptor {
    let fd: Int32
    let path: String

    /// Opens `path`; `O_CLOEXEC` is always added. New files get mode 0600 (the app group's data
    /// belongs to its user).
    ///
    /// Only a regular file (a directory with `O_DIRECTORY`) is kept: a FIFO or a device in the
    /// log's place is `notAFile`. The open itself is non-blocking, so a FIFO with no writer
    /// cannot stop the caller there; the flag is cleared again before the descriptor is used.
    static func open(_ path: String, _ flags: Int32) throws(StoreError) -> Descriptor {
        var opened: Int32
        repeat {
            opened = Glibc.open(path, flags | O_CLOEXEC | O_NONBLOCK, mode_t(0o600))
        } while opened < 0 && errno == EINTR
        guard opened >= 0 else { throw StoreError(operation: "open", path: path, errno: errno) }
        let descriptor = Descriptor(fd: opened, path: path)
        do throws(StoreError) {
            let kind = try descriptor.status().st_mode & S_IFMT
            // A directory is refused as a write's open refuses it (EISDIR), so reads and
            // writes say the same.
            if kind == S_IFDIR && flags & O_DIRECTORY == 0 { throw StoreError(operation: "open", path: path, errno: EISDIR) }
            guard kind == (flags & O_DIRECTORY != 0 ? S_IFDIR : S_IFREG) else {
                let what = [S_IFIFO: "a FIFO", S_IFCHR: "a device", S_IFBLK: "a device", S_IFSOCK: "a socket"][kind]
                throw StoreError(.notAFile, path: path, operation: "open", detail: "it is \(what ?? "not a regular file")")
            }
            guard fcntl(opened, F_SETFL, fcntl(opened, F_GETFL) & ~O_NONBLOCK) == 0 else {
                throw StoreError(operation: "fcntl", path: path, errno: errno)
            }
        } catch {
            descriptor.close()
            throw error
        }
        return descriptor
    }

    func close() { _ = Glibc.close(fd) }

    /// `fstat`: the open file's identity and size.
    func status() throws(StoreError) -> stat {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw StoreError(operation: "stat", path: path, errno: errno) }
        return info
    }

    /// Reads `count` bytes from `offset`, or fewer if the file ends first.
    func read(count: Int, at offset: Int) throws(StoreError) -> Data {
        var bytes = Self.buffer(count: count)
        let (got, failure) = bytes.withUnsafeMutableBytes { buffer -> (Int, Int32) in
            var got = 0
            while got < count {
                let read = pread(fd, buffer.baseAddress! + got, count - got, off_t(offset + got))
                if read > 0 {
                    got += read
                } else if read == 0 {
                    break
                } else if errno != EINTR {
                    return (got, errno)
                }
            }
            return (got, 0)
        }
        if failure != 0 { throw StoreError(operation: "read", path: path, errno: failure) }
        if got < count { bytes.count = got }
        return bytes
    }

    /// Writes all of `bytes` at `offset`. A failure after a partial write leaves those bytes in
    /// the file: the caller truncates them away.
    func write(_ bytes: [UInt8], at offset: Int) throws(StoreError) {
        let failure = bytes.withUnsafeBytes { buffer -> Int32 in
            var written = 0
            while written < buffer.count {
                let put = pwrite(fd, buffer.baseAddress! + written, buffer.count - written, off_t(offset + written))
                if put > 0 {
                    written += put
                } else if put < 0 && errno == EINTR {
                    continue
                } else {
                    // pwrite answering 0 for a non-empty buffer means no progress is possible.
                    return put == 0 ? EIO : errno
                }
            }
            return 0
        }
        if failure != 0 { throw StoreError(operation: "write", path: path, errno: failure) }
    }

    /// `fsync`: the file's data and size are on disk when this returns.
    func sync() throws(StoreError) { try retrying("fsync") { fsync(fd) } }

    func truncate(to size: Int) throws(StoreError) { try retrying("truncate") { ftruncate(fd, off_t(size)) } }

    /// Takes the exclusive advisory lock (`flock`), waiting for other holders.
    func lock() throws(StoreError) { try retrying("lock") { flock(fd, LOCK_EX) } }

    /// Calls `call` until it answers 0, again after `EINTR`; any other failure is `operation`'s.
    private func retrying(_ operation: String, _ call: () -> Int32) throws(StoreError) {
        while call() != 0 {
            if errno != EINTR { throw StoreError(operation: operation, path: path, errno: errno) }
        }
    }

    func unlock() { _ = flock(fd, LOCK_UN) }
}

/// `stat` of a path, or nil when nothing is there.
func fileStatus(_ path: String) throws(StoreError) -> stat? {
    var info = stat()
    if stat(path, &info) == 0 { return info }
    if errno == ENOENT { return nil }
    throw StoreError(operation: "stat", path: path, errno: errno)
}

/// `fsync` of the directory holding `path`, so a file created or renamed there survives a crash.
func syncDirectory(of path: String) throws(StoreError) {
    let directory = directoryName(path)
    let descriptor = try Descriptor.open(directory, O_RDONLY | O_DIRECTORY)
    defer { descriptor.close() }
    try descriptor.sync()
}

func directoryName(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// Whether two `stat` results name the same file (device and inode).
func sameFile(_ a: stat, _ b: stat) -> Bool { a.st_dev == b.st_dev && a.st_ino == b.st_ino }

extension Descriptor {
    /// The smallest read given pages of its own: below it, the allocator's memory serves.
    static let mappedReadSize = 8 << 20
    /// A transparent huge page.
    private static let hugePage = 2 << 20

    /// A zeroed buffer for a read of `count` bytes. One as large as a whole log (100 MB for a
    /// million records) is mapped on its own, aligned to 2 MiB and asked for huge pages: filled
    /// 4 KiB at a time it costs a page fault per page (25,000 of them), which was about a third
    /// of `store.read`. The mapping is returned when the last slice of the `Data` goes.
    static func buffer(count: Int) -> Data {
        guard count >= mappedReadSize else { return Data(count: count) }
        let size = (count + hugePage - 1) / hugePage * hugePage
        guard let mapped = mmap(nil, size + hugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED
        else { return Data(count: count) }
        // Keep the 2 MiB-aligned `size` bytes inside the mapping; give back what lies around them.
        let start = Int(bitPattern: mapped)
        let aligned = (start + hugePage - 1) / hugePage * hugePage
        if aligned > start { munmap(mapped, aligned - start) }
        let end = start + size + hugePage
        if end > aligned + size { munmap(UnsafeMutableRawPointer(bitPattern: aligned + size), end - aligned - size) }
        let pointer = UnsafeMutableRawPointer(bitPattern: aligned)!
        // Advice only: without huge pages the read still works, page by page.
        _ = madvise(pointer, size, MADV_HUGEPAGE)
        return Data(bytesNoCopy: pointer, count: count, deallocator: .custom { pointer, _ in munmap(pointer, size) })
    }
}
