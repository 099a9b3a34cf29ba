import Dispatch
import Foundation
import Glibc
import SceneIntentsStore
import Testing

/// A FIFO or a device where the log should be: reading and appending are refused at once as
/// `notAFile`, instead of blocking forever on the FIFO's open or acknowledging appends a device
/// throws away.
@Suite("Store faults: a FIFO or a device in the log's place")
struct SpecialFileFaultTests {
    /// `body`'s error, or nil; a call still blocked after 5 s is recorded as a hang and released
    /// by opening the FIFO's other end.
    static func failure(unblocking fifo: String?, _ body: @escaping @Sendable () throws(StoreError) -> Void) -> StoreError? {
        let outcome = Mutex<StoreError??>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do throws(StoreError) {
                try body()
                outcome.withLock { $0 = .some(nil) }
            } catch {
                outcome.withLock { $0 = .some(error) }
            }
            done.signal()
        }
        if done.wait(timeout: .now() + 5) == .timedOut {
            Issue.record("the call was still blocked after 5 s")
            if let fifo {
                let other = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                done.wait()
                if other >= 0 { close(other) }
            }
        }
        return outcome.withLock { $0 } ?? nil
    }

    @Test func aFIFOInTheLogsPlaceIsRefusedAtOnce() throws {
        try withScratchPath { path in
            #expect(mkfifo(path, 0o600) == 0)
            let log = AppendLog(path: path)
            let read = Self.failure(unblocking: path) { () throws(StoreError) in _ = try log.read() }
            #expect(read == StoreError(.notAFile, path: path, operation: "open", detail: "it is a FIFO"))
            #expect(Self.failure(unblocking: path) { () throws(StoreError) in try log.append(Data("x".utf8)) }?.code == .notAFile)
        }
    }

    @Test func aDeviceInTheLogsPlaceIsRefusedAndNothingIsAcknowledged() throws {
        try withScratchPath { path in
            #expect(symlink("/dev/null", path) == 0)
            let log = AppendLog(path: path)
            let append = Self.failure(unblocking: nil) { () throws(StoreError) in try log.append(Data("x".utf8)) }
            #expect(append == StoreError(.notAFile, path: path, operation: "open", detail: "it is a device"))
            #expect(Self.failure(unblocking: nil) { () throws(StoreError) in _ = try log.read() }?.code == .notAFile)
        }
    }
}

import Synchronization
