import Foundation
import CommandLineOptions
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

/// The command line, read with the package's one parser.
struct Options {
    var path = ""
    var writer = "writer"
    var count = 0
    var pad = 0
    var fixedPad = false
    var fileSizeLimit: Int?
    var privateTmpfs: Int?
    var readOnlyAfter: Int?
    var user: Int?

    /// `NAME N`: a whole number ≥ 0 stored at `keyPath`.
    static func number(_ name: String, _ keyPath: WritableKeyPath<Options, Int?> & Sendable) -> CommandLineOption<Options> {
        CommandLineOption([name], value: "N", name) { options, value throws(UsageError) in
            guard let number = Int(value), number >= 0 else {
                throw UsageError(code: .badValue, value: value, message: "\(name) needs a whole number ≥ 0, not \(value).")
            }
            options[keyPath: keyPath] = number
        }
    }

    static let syntax = CommandLineSyntax<Options>(
        name: "store-writer", about: [],
        options: [
            CommandLineOption(["--writer"], value: "NAME", "The writer's name.") { options, value in options.writer = value },
            .wholeNumber("--count", in: 0...Int.max, "Entries to append (0: forever).", \.count),
            .wholeNumber("--pad", in: 0...Int.max, "Up to MAX padding bytes.", \.pad),
            CommandLineOption(["--fixed-pad"], "Exactly MAX padding bytes.") { options, _ in options.fixedPad = true },
            number("--fsize-limit", \.fileSizeLimit), number("--private-tmpfs", \.privateTmpfs),
            number("--read-only-after", \.readOnlyAfter), number("--as-user", \.user),
        ],
        operands: CommandLineOperands("PATH") { options, operands throws(UsageError) in
            guard operands.count == 1 else { throw UsageError(code: .badOperand, value: "", message: "Give one PATH.") }
            options.path = operands[0]
        })
}

let options: Options
do throws(UsageError) {
    guard case .run(let given) = try Options.syntax.parse(Array(CommandLine.arguments.dropFirst()), into: Options()) else { fail("no help") }
    options = given
} catch {
    fail(error.message)
}
let (path, writer, count, pad, fixedPad, readOnlyAfter) = (options.path, options.writer, options.count, options.pad, options.fixedPad, options.readOnlyAfter)
if let bytes = options.fileSizeLimit {
    signal(SIGXFSZ, SIG_IGN)
    var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
    guard setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0 else { fail("setrlimit failed") }
}
if let bytes = options.privateTmpfs, let problem = PrivateMount.tmpfs(over: (path as NSString).deletingLastPathComponent, bytes: bytes) {
    fail(problem)
}
if let user = options.user {
    let uid = uid_t(clamping: user)
    guard getuid() != 0 || (setgid(gid_t(uid)) == 0 && setuid(uid) == 0) else { fail("cannot become \(uid)") }
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
