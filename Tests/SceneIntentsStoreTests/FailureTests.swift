import Foundation
import Glibc
import SceneIntentsStore
import Testing

/// Writes the kernel really refuses, each in a `store-writer` child: the error is typed, names
/// the path and the cause, and no part of the failed record is visible afterwards.
extension ProcessTests {
    @Test("A file size limit (RLIMIT_FSIZE) cuts a record in half: EFBIG, and the half is truncated away")
    func fileTooLarge() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = "\(directory.path)/group.log"
        let limit = 10_500
        let report = try await onThread {
            try WriterReport.run([path, "--writer", "w", "--pad", "1000", "--fixed-pad", "--fsize-limit", "\(limit)"])
        }
        let count = report.acknowledged.count
        #expect(report.acknowledged == Array(0..<count))
        #expect(report.error == StoreErrorReport(code: "fileTooLarge", path: path, operation: "write", errno: EFBIG))
        #expect(report.readBack == [count, 0])
        #expect(report.exitCode == 3)

        let log = RecordLog<Entry>(path: path)
        let snapshot = try await log.read()
        #expect(snapshot.warnings.isEmpty)
        #expect(snapshot.records.map(\.seq) == Array(0..<count))
        // The file ends exactly after the last acknowledged record, below the limit, and the
        // next record would have crossed it: the kernel wrote part of it, the log cut it off.
        let fileSize = try size(of: path)
        let next = try log.encode(Entry(writer: "w", seq: count, pad: String(repeating: "x", count: 1000)))
        #expect(fileSize < limit && fileSize + 16 + next.count > limit)
        let last = try #require(try log.log.read().records.last)
        #expect(fileSize == last.offset + 16 + last.payload.count)
        // A writer without the limit carries on from there.
        try await log.append(Entry(writer: "after", seq: 0, pad: ""))
        #expect(try await log.read().records.map(\.writer) == Array(repeating: "w", count: count) + ["after"])
        #expect(noChildLeft())
    }

    @Test("A full file system (a private 64 KiB tmpfs): ENOSPC, and readers see only whole records")
    func noSpace() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = "\(directory.path)/group.log"
        let report = try await onThread {
            try WriterReport.run([path, "--writer", "w", "--pad", "1000", "--fixed-pad", "--private-tmpfs", "65536"])
        }
        #expect(report.other.isEmpty)
        let count = report.acknowledged.count
        #expect(count > 10)
        #expect(report.acknowledged == Array(0..<count))
        #expect(report.error == StoreErrorReport(code: "noSpace", path: path, operation: "write", errno: ENOSPC))
        #expect(report.readBack == [count, 0])
        // The tmpfs lived in the child's own mount namespace: nothing reached this directory.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        #expect(noChildLeft())
    }

    @Test("A container remounted read-only: EROFS on the next append, earlier records still readable")
    func readOnlyFileSystem() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = "\(directory.path)/group.log"
        let report = try await onThread {
            try WriterReport.run([path, "--writer", "w", "--count", "10", "--private-tmpfs", "65536", "--read-only-after", "3"])
        }
        #expect(report.other.isEmpty)
        #expect(report.acknowledged == [0, 1, 2])
        #expect(report.error == StoreErrorReport(code: "readOnly", path: path, operation: "open", errno: EROFS))
        #expect(report.readBack == [3, 0])
        #expect(noChildLeft())
    }

    @Test("A container the writer may not write to: EACCES naming the path; readers still read")
    func permissionDenied() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = "\(directory.path)/group.log"
        let log = RecordLog<Entry>(path: path)
        try log.append(contentsOf: [Entry(writer: "owner", seq: 0, pad: ""), Entry(writer: "owner", seq: 1, pad: "")])
        let before = try bytes(of: path)
        // Readable by everyone, writable by nobody but the owner; the child drops to `nobody`
        // (as root, permission bits would not stop it).
        chmod(path, 0o644)
        chmod(directory.path, 0o755)
        let report = try await onThread { try WriterReport.run([path, "--writer", "w", "--as-user", "65534"]) }
        #expect(report.other.isEmpty)
        #expect(report.acknowledged.isEmpty)
        #expect(report.error == StoreErrorReport(code: "permissionDenied", path: path, operation: "open", errno: EACCES))
        #expect(report.readBack == [2, 0])
        #expect(try bytes(of: path) == before)
        #expect(noChildLeft())
    }

    @Test("Errors name the path, the step and the cause, with advice")
    func errorDescription() {
        let error = StoreError(operation: "write", path: "/data/group.log", errno: ENOSPC)
        #expect(error.code == .noSpace)
        #expect(error.description == "noSpace: write /data/group.log failed (No space left on device, errno 28); free some disk space and try again")
        #expect(StoreError(operation: "open", path: "/x", errno: EROFS).code == .readOnly)
        #expect(StoreError(operation: "open", path: "/x", errno: EPERM).code == .permissionDenied)
        #expect(StoreError(operation: "write", path: "/x", errno: EFBIG).code == .fileTooLarge)
        #expect(StoreError(operation: "fsync", path: "/x", errno: EIO).code == .ioFailed)
        #expect(StoreError(operation: "open", path: "/x", errno: EISDIR).code == .notAFile)
        #expect(StoreError(operation: "mkdir", path: "/x", errno: ENOENT).code == .notFound)
    }
}

/// The advice of an error the store has no code for follows the system's reason: only EIO is
/// called an I/O error.
struct StoreErrorFaultTests {
    @Test func onlyEIOIsCalledAnIOError() {
        #expect(StoreError(operation: "mkdir", path: "/x/y", errno: ELOOP).description
            == "ioFailed: mkdir /x/y failed (Too many levels of symbolic links, errno 40); the system refused it for the reason given")
        #expect(StoreError(operation: "mkdir", path: "/x/y", errno: ENAMETOOLONG).description
            == "ioFailed: mkdir /x/y failed (File name too long, errno 36); the system refused it for the reason given")
        #expect(StoreError(operation: "fsync", path: "/x", errno: EIO).description
            == "ioFailed: fsync /x failed (Input/output error, errno 5); the device reported an I/O error: check the disk")
    }
}
