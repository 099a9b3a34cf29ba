import Glibc
import Synchronization

/// A descriptor several threads use, closed exactly once and never while a writer is inside a
/// system call on it (so a write can never land on a reused descriptor number).
///
/// Writers take a lease; ``close()`` closes at once when no lease is out, else it shuts the
/// socket down (which wakes a writer waiting for room) and the last lease closes it. No lock is
/// held across a blocking call except `writing`, which only writers take.
final class SharedDescriptor: Sendable {
    let value: Int32
    private let lifetime = Mutex(Lifetime())
    /// Serializes whole frames from concurrent senders.
    private let writing = Mutex(())

    private struct Lifetime {
        var open = true
        var leases = 0
        var closing = false
    }

    init(_ value: Int32) {
        self.value = value
    }

    /// Runs `body` with the descriptor, one writer at a time; `nil` once closing has begun.
    func withWriteLease<R>(_ body: (Int32) -> R) -> R? {
        let leased = lifetime.withLock { lifetime -> Bool in
            guard lifetime.open, !lifetime.closing else { return false }
            lifetime.leases += 1
            return true
        }
        guard leased else { return nil }
        defer {
            let last = lifetime.withLock { lifetime -> Bool in
                lifetime.leases -= 1
                guard lifetime.leases == 0, lifetime.closing, lifetime.open else { return false }
                lifetime.open = false
                return true
            }
            if last { Glibc.close(value) }
        }
        return writing.withLock { _ in body(value) }
    }

    /// Shuts both directions down, waking a reader blocked in `recv` and writers waiting for
    /// room, if the descriptor is still open.
    func shutdown() {
        lifetime.withLock { lifetime in
            if lifetime.open { _ = Glibc.shutdown(value, Int32(SHUT_RDWR)) }
        }
    }

    /// Closes the descriptor now, or when the last writer leaves. Idempotent.
    func close() {
        let now = lifetime.withLock { lifetime -> Bool in
            guard lifetime.open, !lifetime.closing else { return false }
            lifetime.closing = true
            if lifetime.leases > 0 {
                _ = Glibc.shutdown(value, Int32(SHUT_RDWR))
                return false
            }
            lifetime.open = false
            return true
        }
        if now { Glibc.close(value) }
    }
}

/// Writes every byte to a socket, retrying on `EINTR` and waiting for room on `EAGAIN`, never
/// raising `SIGPIPE`. Called with the descriptor leased (``SharedDescriptor/withWriteLease(_:)``);
/// answers the failure, if any.
func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> SystemError? {
    var offset = 0
    while offset < bytes.count {
        let written = Glibc.send(
            descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        if written >= 0 {
            offset += written
            continue
        }
        switch errno {
        case EINTR: continue
        case EAGAIN:
            var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&poller, 1, -1)
        default:
            return SystemError("send")
        }
    }
    return nil
}
