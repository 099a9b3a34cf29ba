import Foundation
import Testing

/// What `hobson` acknowledges is on disk when it exits.
@Suite("Hobson store faults", .serialized)
struct HobsonStoreFaultTests {
    @Test("in process, “insult me” as a session's last line: its donation is on disk when hobson exits")
    func lastLineDonation() async throws {
        let directory = ScratchDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let script = directory.path + "/last.txt"
        let list = directory.path + "/list.txt"
        try Data("insult me\n".utf8).write(to: URL(fileURLWithPath: script))
        try Data(":donations\n".utf8).write(to: URL(fileURLWithPath: list))
        let data = directory.path + "/data"
        for run in 0..<3 {
            let said = try await runHobson(["--data", data, "--script", script])
            #expect(said.status == 0, "run \(run): \(said.output)")
        }
        let listed = try await runHobson(["--data", data, "--script", list])
        let donations = listed.output.split(separator: "\n").filter { $0.hasPrefix("InsultMe [insults.any]") }
        #expect(donations.count == 3, "\(listed.output)")
    }
}
