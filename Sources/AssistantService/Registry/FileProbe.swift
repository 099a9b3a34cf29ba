import DurableFiles
import Foundation
import SceneIntents

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is at a path, following symbolic links (an installed bundle may be a link).
enum FileKind: Equatable {
    /// Nothing (or a dangling link).
    case missing
    /// A folder.
    case directory
    /// A regular file; `executable` says whether this process may run it.
    case regular(executable: Bool)
    /// A FIFO, socket or device: never opened, since reading one could block forever.
    case other
}

/// Why a file could not be read.
struct FileReadFailure: Error, Equatable {
    /// In words, for a diagnostic.
    let reason: String
}

/// The file-system questions the registry asks, answered without ever blocking or trapping.
enum FileProbe {
    /// What is at `path`.
    static func kind(_ path: String) -> FileKind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regular(executable: access(path, X_OK) == 0)
        default: return .other
        }
    }

    /// The names in a folder, sorted; an error in words when it cannot be listed.
    static func entries(_ path: String) -> Result<[String], FileReadFailure> {
        guard kind(path) == .directory else { return .failure(FileReadFailure(reason: "not a folder")) }
        do {
            return .success(try FileManager.default.contentsOfDirectory(atPath: path).sorted())
        } catch {
            return .failure(FileReadFailure(reason: error.localizedDescription))
        }
    }

    /// The contents of a regular file of at most `limit` bytes (see `FileContents`: a FIFO in
    /// the file's place is refused, not waited on).
    static func contents(_ path: String, limit: Int = AppManifest.fileSizeLimit) -> Result<Data, FileReadFailure> {
        do throws(ReadFailure) { return .success(Data(try FileContents.bytes(atPath: path, limit: limit))) } catch {
            switch error {
            case .open(let code), .status(let code), .read(let code): return .failure(FileReadFailure(reason: String(cString: strerror(code))))
            case .notRegularFile: return .failure(FileReadFailure(reason: "not a regular file"))
            case .tooLarge: return .failure(FileReadFailure(reason: "larger than \(limit / 1024) KB"))
            }
        }
    }
}
