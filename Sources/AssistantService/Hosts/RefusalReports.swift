extension ProcessConnection {
    /// Passes every connection this host socket turns away (a bad or late hello, a wrong
    /// version or token, a peer of another user), as one line, to `report` from now on (on the
    /// transport's thread); nil drops them. They are recorded in the trace either way.
    public func reportRefusals(to report: (@Sendable (String) -> Void)?) {
        refusals.receiver = report
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
