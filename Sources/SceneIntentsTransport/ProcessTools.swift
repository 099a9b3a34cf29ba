import Glibc

/// A one-time secret a spawner puts in a child's environment and the child presents when it
/// connects back, so no other process of the same user can pose as that child.
public struct OneTimeToken: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The token as 64 lowercase hexadecimal digits (32 random bytes).
    public let value: String

    /// A fresh token from the system's cryptographic random source (`getrandom`).
    public static func generate() -> OneTimeToken {
        var generator = SystemRandomNumberGenerator()
        var hex = ""
        hex.reserveCapacity(64)
        for _ in 0..<4 {
            let word = generator.next() as UInt64
            let digits = String(word, radix: 16)
            hex += String(repeating: "0", count: 16 - digits.count) + digits
        }
        return OneTimeToken(value: hex)
    }

    /// Wraps a token received from a peer or read from the environment.
    public init(value: String) {
        self.value = value
    }

    /// Whether `candidate` is this token, compared in time independent of where they differ.
    public func matches(_ candidate: String) -> Bool {
        let expected = Array(value.utf8)
        let given = Array(candidate.utf8)
        var difference = UInt8(expected.count == given.count ? 0 : 1)
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }

    /// Redacted, so a token never lands in a log by accident.
    public var description: String { "token(…\(value.suffix(4)))" }
}

/// Counts of what this process holds, for leak tests and benchmarks.
public enum ProcessResources {
    /// How many descriptors this process has open (entries of `/proc/self/fd`, not counting
    /// the one used to list them).
    public static func openDescriptorCount() -> Int {
        openDescriptors().count
    }

    /// This process's open descriptors and what each refers to (`socket:[1234]`,
    /// `anon_inode:[pidfd]`, a path), not counting the one used to list them. A test running
    /// beside others can count only the kinds it makes.
    public static func openDescriptors() -> [Int32: String] {
        var descriptors: [Int32: String] = [:]
        _ = forEachEntry(of: "/proc/self/fd") { name in
            guard let descriptor = Int32(name) else { return }
            var target = [CChar](repeating: 0, count: 256)
            let length = readlink("/proc/self/fd/\(name)", &target, target.count - 1)
            guard length >= 0 else { return }  // the listing's own descriptor, closed by now
            descriptors[descriptor] = String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return descriptors
    }

    /// How many child processes this process has, zombies included (processes in `/proc`
    /// whose parent is this process); with `command`, only those whose command name (the
    /// first 15 bytes of the executable's name) is `command`, so a test counts its own
    /// children while others run beside it.
    public static func childCount(command: String? = nil) -> Int {
        let me = getpid()
        var count = 0
        _ = forEachEntry(of: "/proc") { name in
            guard let pid = pid_t(name), let (parent, comm) = parentAndCommand(of: pid), parent == me else { return }
            if command.map({ $0.utf8.prefix(15).elementsEqual(comm.utf8) }) ?? true { count += 1 }
        }
        return count
    }

    /// The parent pid and command name from `/proc/PID/stat` ("pid (comm) state ppid …"; comm
    /// may hold spaces and parentheses, so parse after the last ')').
    private static func parentAndCommand(of pid: pid_t) -> (pid_t, String)? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = read(descriptor, &bytes, bytes.count)
        guard count > 0, let close = bytes[0..<count].lastIndex(of: UInt8(ascii: ")")),
            let open = bytes[0..<count].firstIndex(of: UInt8(ascii: "("))
        else { return nil }
        let fields = bytes[(close + 1)..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let parent = pid_t(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return (parent, String(decoding: bytes[(open + 1)..<close], as: UTF8.self))
    }

    /// Calls `body` with each entry's name, once the directory is read and closed.
    private static func forEachEntry(of path: String, _ body: (String) -> Void) -> Bool {
        guard let directory = opendir(path) else { return false }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(directory)
        names.forEach(body)
        return true
    }
}
