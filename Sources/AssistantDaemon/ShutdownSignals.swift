import Dispatch
import Glibc

/// Turns SIGTERM and SIGINT into a call, through Dispatch signal sources: the signals' default
/// action is switched off, so the process ends only when the handler says so, and no thread
/// blocks waiting for a signal.
public final class ShutdownSignals {
    private let sources: [any DispatchSourceSignal]

    /// Watches SIGTERM and SIGINT; `handler` gets the signal's number on a Dispatch queue, each
    /// time one arrives. Keep the value: the watch ends when it goes away.
    public init(_ handler: @escaping @Sendable (Int32) -> Void) {
        sources = [SIGTERM, SIGINT].map { number in
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
