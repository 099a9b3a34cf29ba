import DurableFiles
import Foundation
import Glibc

/// Why a script cannot be read.
public struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable {
        /// No file has that name.
        case notFound
        /// The name is a directory.
        case isDirectory
        /// The file exists but cannot be read (permissions, an I/O error).
        case unreadable
        /// The file is not UTF-8 text.
        case notUTF8
        /// The file (or what a FIFO gave before its end) is over ``ScriptFile/sizeLimit``.
        case tooLarge
    }

    /// What went wrong.
    public let code: Code
    /// The script's path.
    public let path: String
    /// The offending detail: the system's reason, or the first bad byte's number (from 1).
    public let detail: String

    /// One sentence a user can act on.
    public var description: String {
        switch code {
        case .notFound: "Cannot read the script \(path): there is no such file."
        case .isDirectory: "Cannot read the script \(path): it is a directory, not a file."
        case .unreadable: "Cannot read the script \(path): \(detail)."
        case .notUTF8: "Cannot read the script \(path): it is not UTF-8 text (byte \(detail) is not valid UTF-8)."
        case .tooLarge: "Cannot read the script \(path): it is larger than \(ScriptFile.sizeLimit >> 20) MiB, the most a script may be."
        }
    }
}

/// Reads a script file for `--script`.
public enum ScriptFile {
    /// The most bytes a script may hold (16 MiB): it is read whole, so `/dev/zero` or a runaway
    /// file is refused at this size instead of filling memory.
    public static let sizeLimit = 16 << 20

    /// The script's lines; a clear error when the file is missing, a directory, unreadable, over
    /// ``sizeLimit`` or not UTF-8.
    public static func lines(atPath path: String) throws(ScriptError) -> ScriptLines {
        let bytes = try read(path)
        if let bad = firstInvalidUTF8Byte(bytes) {
            throw ScriptError(code: .notUTF8, path: path, detail: String(bad + 1))
        }
        return ScriptLines(bytes: bytes)
    }

    /// The file's bytes; a FIFO or device is read to its end (`--script /dev/stdin`, a shell's
    /// `<(…)`), a directory is refused.
    private static func read(_ path: String) throws(ScriptError) -> [UInt8] {
        do throws(ReadFailure) { return try FileContents.bytes(atPath: path, limit: sizeLimit, acceptingStreams: true) } catch {
            switch error {
            case .open(let code), .status(let code), .read(let code): throw failure(path, code)
            // With streams accepted, only a directory is refused.
            case .notRegularFile: throw ScriptError(code: .isDirectory, path: path, detail: "")
            case .tooLarge: throw ScriptError(code: .tooLarge, path: path, detail: "")
            }
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> ScriptError {
        switch code {
        case ENOENT, ENOTDIR: ScriptError(code: .notFound, path: path, detail: "")
        case EISDIR: ScriptError(code: .isDirectory, path: path, detail: "")
        default: ScriptError(code: .unreadable, path: path, detail: String(cString: strerror(code)).lowercased())
        }
    }

    /// The offset of the first byte that is not part of valid UTF-8, if any.
    static func firstInvalidUTF8Byte(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
