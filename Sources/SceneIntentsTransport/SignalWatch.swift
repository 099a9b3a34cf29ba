import Dispatch
import Glibc

/// Turns signals into a call, through Dispatch signal sources: the signals' default action is
/// switched off, so the process ends only when the handler says so, and no thread blocks
/// waiting for a signal. A daemon watches SIGTERM and SIGINT to stop in order; a shell watches
/// SIGHUP too, so its app's processes are stopped and their sockets removed however it is told
/// to end.
public final class SignalWatch {
    private let sources: [any DispatchSourceSignal]

    /// Watches `signals` (SIGTERM and SIGINT unless given); `handler` gets the signal's number
    /// on a Dispatch queue, each time one arrives. Keep the value: the watch ends when it goes
    /// away (the signals stay ignored).
    public init(_ signals: [Int32] = [SIGTERM, SIGINT], _ handler: @escaping @Sendable (Int32) -> Void) {
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
