import Foundation
import Glibc
import SceneIntentsStore

// store-writer: a child process for SceneIntentsStore's process tests.
//
//   store-writer PATH --writer NAME [--count N] [--pad MAX] [--fixed-pad] [--fsize-limit BYTES]
//                [--as-user UID] [--private-tmpfs BYTES [--read-only-after N]]
//
// Appends `Entry(writer, seq, pad)` records to the log at PATH for seq = 0, 1, … (forever when
// --count is 0 or absent) and writes "ack SEQ" on stdout after each append returned, so a parent
// that kills it knows which entries were acknowledged. --pad adds up to MAX padding bytes (exactly
// MAX with --fixed-pad). --fsize-limit sets RLIMIT_FSIZE (with SIGXFSZ ignored, so the kernel
// answers EFBIG); --as-user drops to that user id first. --private-tmpfs mounts a tmpfs of that
// size over PATH's directory in a private mount namespace (so appends end in ENOSPC), and
// --read-only-after remounts it read-only after N appends (EROFS). A failed append prints
// "error {StoreError as JSON}", then what a reader sees ("read RECORDS WARNINGS"), and exits 3.

struct Entry: Codable {
    var writer: String
    var seq: Int
    var pad: String
}

func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    var sent = 0
    while sent < bytes.count {
        let put = bytes[sent...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if put <= 0 { if errno == EINTR { continue } else { exit(4) } }
        sent += put
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("store-writer: \(message)\n".utf8))
    exit(2)
}

func number(_ value: String, for option: String) -> Int {
    guard let number = Int(value), number >= 0 else { fail("\(option) needs a number ≥ 0, not '\(value)'") }
    return number
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard !arguments.isEmpty else { fail("usage: store-writer PATH --writer NAME [options]") }
let path = arguments.removeFirst()
var writer = "writer"
var count = 0
var pad = 0
var fixedPad = false
var readOnlyAfter: Int?
while !arguments.isEmpty {
    let option = arguments.removeFirst()
    if option == "--fixed-pad" {
        fixedPad = true
        continue
    }
    guard !arguments.isEmpty else { fail("\(option) needs a value") }
    let value = arguments.removeFirst()
    switch option {
    case "--writer": writer = value
    case "--count": count = number(value, for: option)
    case "--pad": pad = number(value, for: option)
    case "--fsize-limit":
        let bytes = number(value, for: option)
        signal(SIGXFSZ, SIG_IGN)
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        guard setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0 else { fail("setrlimit failed") }
    case "--private-tmpfs":
        if let problem = PrivateMount.tmpfs(over: (path as NSString).deletingLastPathComponent, bytes: number(value, for: option)) {
            fail(problem)
        }
    case "--read-only-after": readOnlyAfter = number(value, for: option)
    case "--as-user":
        let uid = uid_t(clamping: number(value, for: option))
        guard getuid() != 0 || (setgid(gid_t(uid)) == 0 && setuid(uid) == 0) else { fail("cannot become \(uid)") }
    default: fail("unknown option \(option)")
    }
}

var log = RecordLog<Entry>(path: path)
var seq = 0
while count == 0 || seq < count {
    if seq == readOnlyAfter {
        // A new log value, so the old one's descriptor (open for writing) is closed and the
        // remount is allowed; the next append must open the file again, read-only now.
        log = RecordLog<Entry>(path: path)
        if let problem = PrivateMount.remountReadOnly((path as NSString).deletingLastPathComponent) { fail(problem) }
    }
    let padding = String(repeating: "x", count: fixedPad ? pad : Int.random(in: 0...pad))
    do {
        try log.append(Entry(writer: writer, seq: seq, pad: padding))
    } catch {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = (try? encoder.encode(error)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        say("error \(json)")
        let seen = try? log.read()
        say("read \(seen?.records.count ?? -1) \(seen?.warnings.count ?? -1)")
        exit(3)
    }
    say("ack \(seq)")
    seq += 1
}
say("done")
