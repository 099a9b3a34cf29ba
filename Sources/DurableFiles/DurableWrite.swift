#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an output could not be written: the path, the system call that failed and its error.
public struct WriteFailure: Error, CustomStringConvertible {
    /// The file or directory being written.
    public let path: String
    /// The system call that failed (`mkdir`, `open`, `write`, `fsync`, `rename`).
    public let operation: String
    /// Its error number.
    public let code: Int32

    /// A failure of `operation` on `path` with error number `code`.
    public init(path: String, operation: String, code: Int32) {
        self.path = path
        self.operation = operation
        self.code = code
    }

    /// Whether a file stands where a directory was to be made: the caller's mistake (a wrong
    /// option), which it names in its own words, rather than the system's failure.
    public var isFileInPlaceOfDirectory: Bool { operation == "mkdir" && code == ENOTDIR }

    /// One line naming the path, the operation and the system's reason.
    public var description: String {
        if isFileInPlaceOfDirectory { return "cannot make the directory '\(path)': it is a file" }
        return "cannot write '\(path)': \(operation) failed (\(String(cString: strerror(code))))"
    }
}

/// Durable file output: `mkdir -p`, then write every output to a temporary file, fsync, rename
/// them over their targets and fsync the directory, so a reader never sees half a file, a crash
/// never loses a write that was reported done, and a failure leaves the outputs as they were.
public enum DurableWrite {
    /// `mkdir -p path`: every missing directory on the way is made with `mode` (0755 unless
    /// told; the umask applies), those that exist are left as they are; a file on the way fails
    /// with `isFileInPlaceOfDirectory`. A relative path is made from the working directory.
    public static func makeDirectory(_ path: String, mode: mode_t = 0o755) throws(WriteFailure) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, mode) != 0 && errno != EEXIST { throw WriteFailure(path: current, operation: "mkdir", code: errno) }
            var status = stat()
            if stat(current, &status) == 0 && status.st_mode & S_IFMT != S_IFDIR {
                throw WriteFailure(path: current, operation: "mkdir", code: ENOTDIR)
            }
        }
    }

    /// Writes all of `bytes` to `descriptor`, resuming after a signal or a short write; the
    /// error number when it cannot (nil when written).
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            // A write that takes nothing would take nothing again: a failure, never a retry.
            guard count > 0 else { return count == 0 ? EIO : errno }
            written += count
        }
        return nil
    }

    /// Writes every file of `files` (name, contents) into `directory`, or none: each goes to a
    /// temporary file first (written and fsynced); only when all are written are they renamed
    /// over their targets, and a rename that fails puts back what the earlier ones replaced.
    /// Nothing temporary is left either way.
    public static func writeAll(_ files: [(name: String, contents: [UInt8])], directory: String) throws(WriteFailure) {
        let suffix = ".\(getpid())"
        let targets = files.map { "\(directory)/\($0.name)" }
        let temporaries = files.map { "\(directory)/.\($0.name)\(suffix).tmp" }
        let backups = files.map { "\(directory)/.\($0.name)\(suffix).old" }
        defer { for path in temporaries + backups { unlink(path) } }
        for (file, temporary) in zip(files, temporaries) { try writeFile(file.contents, to: temporary) }
        for index in targets.indices {
            // The target as it was, kept (by a second link) until every rename has succeeded.
            let kept = link(targets[index], backups[index]) == 0
            guard rename(temporaries[index], targets[index]) == 0 else {
                let failure = WriteFailure(path: targets[index], operation: "rename", code: errno)
                for earlier in 0..<index {
                    if rename(backups[earlier], targets[earlier]) != 0 { unlink(targets[earlier]) }
                }
                if kept { unlink(backups[index]) }
                throw failure
            }
        }
        try syncDirectory(directory)
    }

    /// fsyncs `directory`, so the entries made, renamed or removed in it last through a crash.
    public static func syncDirectory(_ directory: String) throws(WriteFailure) {
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryDescriptor >= 0 else { throw WriteFailure(path: directory, operation: "open", code: errno) }
        defer { close(directoryDescriptor) }
        guard fsync(directoryDescriptor) == 0 else { throw WriteFailure(path: directory, operation: "fsync", code: errno) }
    }

    /// Writes `contents` to a new file at `path` and fsyncs it; a failure removes it.
    private static func writeFile(_ contents: [UInt8], to path: String) throws(WriteFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteFailure(path: path, operation: "open", code: errno) }
        var failure = writeAll(contents, to: descriptor).map { WriteFailure(path: path, operation: "write", code: $0) }
        if failure == nil && fsync(descriptor) != 0 { failure = WriteFailure(path: path, operation: "fsync", code: errno) }
        close(descriptor)
        if let failure {
            unlink(path)
            throw failure
        }
    }
}
