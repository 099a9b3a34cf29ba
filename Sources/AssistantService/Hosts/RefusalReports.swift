import Synchronization

/// Where a connection reports the hosts it turned away (a bad hello, a wrong version, a token
/// no launch waits for, a peer of another user): a daemon writes them in its log. Each is
/// also recorded in the attached trace, as before.
final class RefusalReports: Sendable {
    private let receiver = Mutex<(@Sendable (String) -> Void)?>(nil)

    /// Passes each refusal, as one line, to `report` from now on; nil drops them.
    func receive(_ report: (@Sendable (String) -> Void)?) {
        receiver.withLock { $0 = report }
    }

    /// Reports one refusal.
    func report(_ line: String) {
        receiver.withLock { $0 }?(line)
    }
}

extension ProcessConnection {
    /// Passes every connection this host socket turns away (a bad or late hello, a wrong
    /// version or token, a peer of another user), as one line, to `report` from now on (on the
    /// transport's thread); nil drops them. They are recorded in the trace either way.
    public func reportRefusals(to report: (@Sendable (String) -> Void)?) {
        refusals.receive(report)
    }
}

extension RoutedConnection {
    /// Passes what the app's and its extensions' host sockets turn away to `report`, each line
    /// led by the host's name (see `ProcessConnection.reportRefusals(to:)`).
    public func reportRefusals(to report: (@Sendable (String) -> Void)?) {
        var hosts: [(name: String, connection: ProcessConnection)] = [(bundle.name, app)]
        for plugIn in extensions { hosts.append((plugIn.bundle.name, plugIn.connection)) }
        for host in hosts {
            guard let report else {
                host.connection.reportRefusals(to: nil)
                continue
            }
            let name = host.name
            host.connection.reportRefusals { line in report("\(name)'s socket: \(line)") }
        }
    }
}
