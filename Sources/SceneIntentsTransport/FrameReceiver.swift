import Foundation
import Glibc

/// The reading half of a ``FramedConnection``: receives bytes and cuts them into payloads.
///
/// Owned by whichever thread reads the connection (its own reader thread, or the main thread
/// under ``MainLoop``), one at a time, so it needs no lock.
final class FrameReceiver {
    /// What one receive came to.
    enum Step {
        /// Bytes were received (and their complete frames delivered); there may be more.
        case received
        /// Nothing more to read now (only for a non-blocking receive): any bytes there were have
        /// been delivered.
        case drained
        /// The stream ended, for this reason; nothing follows.
        case ended(CloseReason)
    }

    private var decoder: FrameDecoder
    // Enough for dozens of typical messages per read, small enough to keep an idle connection
    // cheap; larger frames take several reads.
    private let capacity = 16 << 10
    private let buffer: UnsafeMutableRawBufferPointer

    init(limit: Int) {
        decoder = FrameDecoder(limit: limit)
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// Receives once from `descriptor` (waiting for bytes unless `blocking` is false) and gives
    /// `deliver` every complete payload, stopping early when `isClosing` turns true.
    func receive(
        _ descriptor: Int32, blocking: Bool, isClosing: () -> Bool, deliver: (Data) -> Void
    ) -> Step {
        let count = recv(descriptor, buffer.baseAddress, capacity, blocking ? 0 : Int32(MSG_DONTWAIT))
        if count > 0 {
            decoder.append(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            do {
                while let payload = try decoder.next() {
                    if isClosing() { break }
                    deliver(payload)
                }
            } catch {
                return .ended(.protocolError(error))
            }
            // A short read emptied the socket: waiting for more (the loop's `poll`) costs no
            // more than asking once more and hearing `EAGAIN`.
            return count < capacity && !blocking ? .drained : .received
        }
        if count == 0 {
            do {
                try decoder.finish()
                return .ended(.peerClosed)
            } catch {
                return .ended(.protocolError(error))
            }
        }
        switch errno {
        case EINTR: return .received
        case EAGAIN where !blocking: return .drained
        default: return .ended(.ioError(SystemError("recv")))
        }
    }
}
