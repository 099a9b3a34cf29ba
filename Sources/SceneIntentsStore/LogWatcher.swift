import Dispatch
import Foundation
import Glibc
import Synchronization

/// Calls you back when another process (or thread) changes a log: an append, a truncated tail,
/// a compaction. How an app's screen refreshes at once when an extension logged something.
///
/// Watches the log's directory with inotify (so a compaction's rename is seen too), filters the
/// events to the log's name, and calls `onChange` on `queue` only when the log's `ChangeToken`
/// really moved; several appends in a burst may give one call. The descriptor is `O_CLOEXEC`,
/// and nothing blocks: events arrive through a Dispatch read source.
///
/// Not `Sendable`: one owner (a screen, a model) starts it and cancels it.
public final class LogWatcher {
    private let source: any DispatchSourceRead

    /// Starts watching `log`; `onChange` runs on `queue` with the new token.
    ///
    /// Throws when inotify is unavailable or the log's directory cannot be watched (it must
    /// exist). Call `cancel()` when done; the watcher also stops when released.
    public init(
        log: AppendLog, queue: DispatchQueue, onChange: @escaping @Sendable (ChangeToken) -> Void
    ) throws(StoreError) {
        let directory = directoryName(log.path)
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw StoreError(operation: "inotify_init1", path: directory, errno: errno) }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            let failure = errno
            close(fd)
            throw StoreError(operation: "inotify_add_watch", path: directory, errno: failure)
        }
        let name = log.fileName
        let initial = (try? log.changeToken()) ?? .absent
        let last = LastToken(initial)
        source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler {
            guard Self.drain(fd, mentioning: name) else { return }
            let token = (try? log.changeToken()) ?? .absent
            let moved = last.token.withLock { previous in
                defer { previous = token }
                return previous != token
            }
            if moved { onChange(token) }
        }
        source.setCancelHandler { close(fd) }
        source.resume()
    }

    deinit { source.cancel() }

    /// Stops watching; no call starts after this returns (one already running may finish).
    public func cancel() { source.cancel() }

    /// Reads every pending event; answers whether one of them names the log.
    private static func drain(_ fd: Int32, mentioning name: String) -> Bool {
        var mentioned = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got <= 0 { return mentioned }
            var offset = 0
            buffer.withUnsafeBytes { bytes in
                // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
                while offset + 16 <= got {
                    let length = Int(bytes.load(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = bytes[(offset + 16)..<min(got, offset + 16 + length)].prefix { $0 != 0 }
                    if String(decoding: nameBytes, as: UTF8.self) == name { mentioned = true }
                    offset += 16 + length
                }
            }
        }
    }
}

/// The token a watcher last reported, shared with its event handler.
private final class LastToken: Sendable {
    let token: Mutex<ChangeToken>
    init(_ token: ChangeToken) { self.token = Mutex(token) }
}
