#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read: the system call that failed with its error number, or what
/// stands at the path. Each reader words it its own way.
public enum ReadFailure: Error, Equatable, Sendable {
    /// `open` failed with this error number.
    case open(Int32)
    /// `fstat` of the open file failed with this error number.
    case status(Int32)
    /// Not a file to read: a directory, or (unless streams are accepted) a FIFO, socket or
    /// device. Its `st_mode & S_IFMT`.
    case notRegularFile(mode_t)
    /// Larger than the limit given.
    case tooLarge
    /// `read` failed with this error number.
    case read(Int32)
}

/// A whole file's bytes, read through one open descriptor, so the type and size checked are
/// those of the file read (a file swapped under the reader is still refused).
public enum FileContents {
    /// The bytes of the file at `path`, at most `limit` of them.
    ///
    /// By default only a regular file is read, opened `O_NONBLOCK` so a FIFO in its place is
    /// refused instead of waited on; with `acceptingStreams` a FIFO or device is read (blocking)
    /// to its end, and only a directory is refused. Opened `O_CLOEXEC`, so a child spawned
    /// meanwhile does not inherit it; reads resume after a signal.
    public static func bytes(atPath path: String, limit: Int = .max, acceptingStreams: Bool = false) throws(ReadFailure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (acceptingStreams ? 0 : O_NONBLOCK))
        guard descriptor >= 0 else { throw .open(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .status(errno) }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG || (acceptingStreams && kind != S_IFDIR) else { throw .notRegularFile(kind) }
        guard Int(status.st_size) <= limit else { throw .tooLarge }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw .read(errno) }
            if count == 0 { return bytes }
            // It may have grown since it was measured.
            guard count <= limit - bytes.count else { throw .tooLarge }
            bytes += chunk[0..<count]
        }
    }
}
