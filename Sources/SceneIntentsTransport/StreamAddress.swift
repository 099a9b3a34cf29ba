import Glibc

/// Where a ``StreamListener`` listens or a ``StreamConnection`` connects: a Unix socket path, or
/// a TCP address given as a numeric IPv4 or IPv6 address and a port.
///
/// No host name is looked up (that would block on the network): `localhost` is read as
/// 127.0.0.1, and any other name is refused when the address is made (see ``tcp(_:port:)``).
public enum StreamAddress: Sendable, Hashable, CustomStringConvertible {
    /// A Unix stream socket at a path.
    case unix(path: String)
    /// A TCP address: an IPv4 (`127.0.0.1`) or IPv6 (`::1`) address, without brackets.
    case tcp(host: String, port: UInt16)

    /// A TCP address for `host` (a numeric address, or `localhost`), or nil for a host that is
    /// neither.
    public static func tcp(_ host: String, port: UInt16) -> StreamAddress? {
        let host = host == "localhost" ? "127.0.0.1" : host
        guard IPAddress(host) != nil else { return nil }
        return .tcp(host: host, port: port)
    }

    /// Whether only this machine can reach the address: a Unix socket, or a TCP address in
    /// 127.0.0.0/8 or `::1` (not `0.0.0.0` or `::`, which listen on every interface).
    public var isLoopback: Bool {
        switch self {
        case .unix: true
        case .tcp(let host, _): IPAddress(host)?.isLoopback ?? false
        }
    }

    /// `unix:///run/x.sock`, `tcp://127.0.0.1:10700`, `tcp://[::1]:10700`.
    public var description: String {
        switch self {
        case .unix(let path): "unix://\(path)"
        case .tcp(let host, let port): host.contains(":") ? "tcp://[\(host)]:\(port)" : "tcp://\(host):\(port)"
        }
    }
}

/// A numeric IP address, as the socket calls take it.
enum IPAddress {
    case v4(in_addr)
    case v6(in6_addr)

    init?(_ text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self = .v4(v4)
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            self = .v6(v6)
        } else {
            return nil
        }
    }

    var family: Int32 {
        switch self {
        case .v4: AF_INET
        case .v6: AF_INET6
        }
    }

    var isLoopback: Bool {
        switch self {
        case .v4(let address): UInt32(bigEndian: address.s_addr) >> 24 == 127
        case .v6(let address):
            withUnsafeBytes(of: address) { bytes in bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1 }
        }
    }

    /// Calls `body` with the address and `port` as a `sockaddr`.
    func withSocketAddress<R>(port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        switch self {
        case .v4(let address):
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = port.bigEndian
            socketAddress.sin_addr = address
            return asSocketAddress(socketAddress, body)
        case .v6(let address):
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = port.bigEndian
            socketAddress.sin6_addr = address
            return asSocketAddress(socketAddress, body)
        }
    }

    /// The address and port a TCP socket's end has (`getsockname`, or `getpeername` with
    /// `peer`), as `host:port` text and the port; nil when the call fails.
    static func endpoint(of descriptor: Int32, peer: Bool) -> (text: String, port: UInt16)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                peer ? getpeername(descriptor, $0, &length) : getsockname(descriptor, $0, &length)
            }
        }
        guard result == 0 else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        func written() -> String { String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        switch Int32(storage.ss_family) {
        case AF_INET:
            var address = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in.self) }
            inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(text.count))
            return ("\(written()):\(UInt16(bigEndian: address.sin_port))", UInt16(bigEndian: address.sin_port))
        case AF_INET6:
            var address = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in6.self) }
            inet_ntop(AF_INET6, &address.sin6_addr, &text, socklen_t(text.count))
            return ("[\(written())]:\(UInt16(bigEndian: address.sin6_port))", UInt16(bigEndian: address.sin6_port))
        default:
            return nil
        }
    }
}
