import Foundation
import SceneIntentsTransport

/// Wyoming's addresses, as its own tools write them.
public enum WyomingAddress {
    /// The address a Wyoming URI names: `tcp://HOST:PORT` (HOST a numeric IPv4 or IPv6 address,
    /// the latter in brackets, or `localhost`; PORT 0 lets the system choose) or `unix://PATH`.
    ///
    /// - Throws: `DaemonError` `.cannotListen` saying what a URI must be.
    public static func parse(_ uri: String) throws(DaemonError) -> StreamAddress {
        func refuse(_ why: String) -> DaemonError {
            DaemonError(
                .cannotListen, value: uri,
                message: "\(uri.debugDescription) is not a Wyoming address: \(why) (tcp://HOST:PORT such as tcp://127.0.0.1:10700, or unix://PATH)")
        }
        if uri.hasPrefix("unix://") {
            let path = String(uri.dropFirst("unix://".count))
            guard !path.isEmpty else { throw refuse("a unix:// address needs a path") }
            return .unix(path: path)
        }
        guard uri.hasPrefix("tcp://") else { throw refuse("it is neither tcp:// nor unix://") }
        let rest = uri.dropFirst("tcp://".count)
        guard let colon = rest.lastIndex(of: ":"), let port = UInt16(rest[rest.index(after: colon)...]) else {
            throw refuse("a tcp:// address needs a port from 0 to 65535")
        }
        var host = rest[..<colon]
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        guard let address = StreamAddress.tcp(String(host), port: port) else {
            throw refuse("the host must be a numeric IP address or localhost (no name is looked up)")
        }
        return address
    }
}

extension Daemon {
    /// Where the daemon speaks Wyoming, in the configuration's order, each TCP address with the
    /// port it bound (the one the system chose for port 0).
    public var wyomingAddresses: [StreamAddress] { wyomingListeners.map(\.address) }

    /// Refuses a Wyoming address beyond this machine unless `wyomingAllowsRemote`: Wyoming has
    /// no authentication or encryption.
    static func checkWyoming(_ configuration: DaemonConfiguration) throws(DaemonError) {
        guard !configuration.wyomingAllowsRemote, let remote = configuration.wyoming.first(where: { !$0.isLoopback }) else { return }
        throw DaemonError(
            .cannotListen, value: "\(remote)",
            message: "\(remote) can be reached from other machines, and Wyoming has no authentication or encryption: anyone who reaches it could speak to your apps; listen on 127.0.0.1, or give --wyoming-allow-remote if your network is trusted")
    }

    /// The configuration's Wyoming listeners, bound (all or none).
    static func listenForWyoming(_ configuration: DaemonConfiguration) throws(DaemonError) -> [StreamListener] {
        var listeners: [StreamListener] = []
        for address in configuration.wyoming {
            do {
                listeners.append(try StreamListener(address))
            } catch {
                for listener in listeners { listener.close() }
                throw DaemonError(.cannotListen, value: "\(address)", message: "cannot listen for Wyoming on \(address): \(error.message)")
            }
        }
        return listeners
    }

    /// Starts accepting on every Wyoming listener.
    func startWyoming() {
        for listener in wyomingListeners {
            listener.start { [self] event in
                switch event {
                case .accepted(let connection): admit(connection)
                case .rejected(let rejection): log.write("Wyoming: \(rejection)")
                case .failed(let error): log.write("accepting a Wyoming connection failed: \(error)")
                case .stopped: break
                }
            }
        }
    }

    /// Stops accepting Wyoming connections (a Unix socket's file is removed).
    func closeWyomingListeners() {
        for listener in wyomingListeners { listener.close() }
    }

    /// Serves a Wyoming connection in a session of its own, unless `clientLimit` are open: then
    /// it gets an `error` event saying why and is closed.
    private func admit(_ connection: StreamConnection) {
        let error: DaemonError
        switch admit(.wyoming, { WyomingSession(id: $0, connection: connection, daemon: self) }) {
        case .admitted: return
        case .stopping: return connection.close()
        case .full(let full): error = full
        }
        try? connection.send(WyomingFraming.encode(.error(error)))
        connection.close()
        log.write("refused Wyoming client \(connection.peer): \(error.message)")
    }
}
