#if canImport(Glibc)
import Glibc

/// The system's write(2) (the enum below has its own `write`).
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin

/// The system's write(2) (the enum below has its own `write`).
private let systemWrite = Darwin.write
#endif

/// Why an output could not be written.
struct WriteFailure: Error, CustomStringConvertible {
    let path: String
    let operation: String
    let code: Int32
    var description: String { "cannot write '\(path)': \(operation) failed (\(String(cString: strerror(code))))" }
}

/// Durable file output: `mkdir -p`, then write to a temporary file, fsync, rename over the target
/// and fsync the directory, so a reader never sees half a file and a crash never loses a write
/// that was reported done.
enum DurableWrite {
    static func makeDirectory(_ path: String) throws(WriteFailure) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0 && errno != EEXIST { throw WriteFailure(path: current, operation: "mkdir", code: errno) }
        }
    }

    static func write(_ contents: String, to path: String, directory: String) throws(WriteFailure) {
        let temporary = "\(directory)/.\(path.split(separator: "/").last ?? "output").\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteFailure(path: temporary, operation: "open", code: errno) }
        var failure: WriteFailure?
        let bytes = Array(contents.utf8)
        var written = 0
        while written < bytes.count && failure == nil {
            let count = bytes[written...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno != EINTR { failure = WriteFailure(path: temporary, operation: "write", code: errno) }
            if count > 0 { written += count }
        }
        if failure == nil && fsync(descriptor) != 0 { failure = WriteFailure(path: temporary, operation: "fsync", code: errno) }
        close(descriptor)
        if failure == nil && rename(temporary, path) != 0 { failure = WriteFailure(path: path, operation: "rename", code: errno) }
        if let failure {
            unlink(temporary)
            throw failure
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryDescriptor >= 0 else { throw WriteFailure(path: directory, operation: "open", code: errno) }
        defer { close(directoryDescriptor) }
        guard fsync(directoryDescriptor) == 0 else { throw WriteFailure(path: directory, operation: "fsync", code: errno) }
    }
}
