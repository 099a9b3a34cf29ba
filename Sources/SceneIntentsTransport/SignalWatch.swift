import Dispatch
import Glibc
import Synchronization

/// Turns signals into a call, through Dispatch signal sources: the signals' default action is
/// switched off, so the process ends only when the handler says so, and no thread blocks
/// waiting for a signal. A daemon watches SIGTERM and SIGINT to stop in order; a shell watches
/// SIGHUP too, so its app's processes are stopped and their sockets removed however it is told
/// to end.
///
/// A signal that arrives while the watch is being made is not lost: Dispatch registers a source
/// (and installs its own handler) later, on its manager thread, so until then a handler of the
/// watch's notes the signal, and the source's registration hands what was noted to `handler`.
public final class SignalWatch {
    private let sources: [any DispatchSourceSignal]

    /// Watches `signals` (SIGTERM and SIGINT unless given); `handler` gets the signal's number
    /// on a Dispatch queue, each time one arrives, from the moment this returns. Keep the value:
    /// the watch ends when it goes away (the signals stay ignored).
    public init(_ signals: [Int32] = [SIGTERM, SIGINT], _ handler: @escaping @Sendable (Int32) -> Void) {
        sources = signals.map { number in
            Self.noteUntilRegistered(number)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.setRegistrationHandler {
                // Registered: Dispatch's handler now takes the signal; hand on one noted before.
                let bit = UInt64(1) << UInt64(number)
                if earlySignals.bitwiseAnd(~bit, ordering: .relaxed).oldValue & bit != 0 { handler(number) }
            }
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }

    /// Replaces the default action (or ignoring) of `number` with noting it in `earlySignals`.
    /// A handler already there is Dispatch's, from an earlier watch, and is left in place: the
    /// signal already reaches sources.
    private static func noteUntilRegistered(_ number: Int32) {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else { return }
        // SIG_DFL is 0 and SIG_IGN is 1 on Linux.
        guard unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) <= 1 else { return }
        var noting = sigaction()
        noting.__sigaction_handler.sa_handler = { number in
            // Async-signal-safe: one lock-free atomic operation, nothing else.
            earlySignals.bitwiseOr(UInt64(1) << UInt64(number), ordering: .relaxed)
        }
        noting.sa_flags = SA_RESTART
        sigaction(number, &noting, nil)
    }
}

/// The signals noted before their source was registered, one bit per signal number (all of
/// them are below 64).
private let earlySignals = Atomic<UInt64>(0)
