import DurableFiles
import Glibc

/// The folder a store keeps its logs in.
public enum StoreDirectory {
    /// Creates `path` and its missing parents with `mode` (0700 by default: a store's data is
    /// private to its user); folders that exist are left as they are.
    ///
    /// - Throws: `StoreError` for the first folder that cannot be made, with the system's error
    ///   number (`permissionDenied`, `notAFile` where a file stands on the path, `ioFailed` for a
    ///   name too long, …). A relative path is made relative to the working directory.
    public static func create(_ path: String, mode: mode_t = 0o700) throws(StoreError) {
        do throws(WriteFailure) { try DurableWrite.makeDirectory(path, mode: mode) } catch {
            throw StoreError(operation: error.operation, path: error.path, errno: error.code)
        }
    }
}
