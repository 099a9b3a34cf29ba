import AssistantShortcuts
import Foundation
import Glibc
import Testing

/// Runs blocking `body` on a new thread (never on a cooperative-pool thread) and awaits it.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

@Suite("A kill during a donation write", .serialized)
struct CrashTests {
    /// `donation-writer`, built beside the test bundle because the target depends on it.
    static let writer: String = {
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
            ?? Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return bundle.deletingLastPathComponent().appendingPathComponent("donation-writer").path
    }()

    @Test("30 writers killed with SIGKILL mid-stream lose no acknowledged donation")
    func killed() async throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let runs = 30
        let acknowledged = try await onThread { () throws -> [[String]] in
            var all: [[String]] = []
            for run in 0..<runs {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: Self.writer)
                process.arguments = [scratch.path, "run\(run)"]
                let pipe = Pipe()
                process.standardOutput = pipe
                try process.run()
                let wanted = Int.random(in: 1...8)
                var acks: [String] = []
                var buffer = Data()
                let reader = pipe.fileHandleForReading
                while acks.count < wanted {
                    let chunk = reader.availableData
                    if chunk.isEmpty { break }
                    buffer.append(chunk)
                    let lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                    acks = lines.dropLast().filter { $0.hasPrefix("ack ") }.map { "run\(run)-\($0.dropFirst(4))" }
                }
                usleep(UInt32.random(in: 0...3000))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                buffer.append(reader.readDataToEndOfFile())
                acks = String(decoding: buffer, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("ack ") }
                    .map { "run\(run)-\($0.dropFirst(4))" }
                guard process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL else {
                    throw CocoaError(.featureUnsupported, userInfo: ["run": run, "status": process.terminationStatus])
                }
                all.append(acks)
            }
            return all
        }
        let store = try openStore(scratch.path)
        let kept = Set(store.donations.map(\.interaction.identifier))
        for (run, acks) in acknowledged.enumerated() {
            #expect(!acks.isEmpty, "run \(run) acknowledged nothing")
            for ack in acks { #expect(kept.contains(ack), "run \(run) lost \(ack)") }
        }
        // What a kill can leave is a torn last record, never a damaged one before it.
        #expect(store.openWarnings.allSatisfy { $0.hasPrefix("torn tail") }, "\(store.openWarnings)")
        #expect(store.donations.allSatisfy { $0.interaction.intentHandlingStatus == .success })
    }
}
