import Foundation
import SceneIntentsStore
import Testing

/// The built `hydrator` and `hydrator-app` over a damaged log, a log that cannot be written, and
/// containers named by relative paths.
struct HydratorStoreFaultTests {
    /// The lines of `text`.
    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test func aDamagedRecordCostsOnlyItselfAndTodaySaysAnEntryCouldNotBeRead() async throws {
        let container = TemporaryContainer()
        defer { container.remove() }
        let zone = MiddayZone()
        let drinks = "log 8 ounces of water\nlog 4 ounces of juice\nlog 12 ounces of coffee\nlog 6 ounces of tea\n"
        let logged = try await runHydrator(["--container", container.path, "--script", "-"], stdin: drinks, environment: zone.environment)
        #expect(logged.status == 0, "\(logged.stderr)")
        let path = container.path + "/hydration.log"
        var raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let offsets = try AppendLog(path: path).read().records.map(\.offset)
        #expect(offsets.count == 4)
        // A bit of the second record's header (its length, in the first format) flips.
        raw[offsets[1] + 3] ^= 1
        try Data(raw).write(to: URL(fileURLWithPath: path))

        let run = try await runHydrator(
            ["--container", container.path, "--script", "-"], stdin: ":today\nlog 5 ounces of milk\n:today\n", environment: zone.environment)
        #expect(run.status == 0, "\(run.stderr)")
        let out = Self.lines(run.stdout)
        let damage = out.filter { $0.hasPrefix("  1 entry could not be read: ") }
        #expect(damage.count == 2, "\(out)")
        #expect(out.contains("Today — 26 oz") && out.contains("Today — 31 oz"), "\(out)")
        for drink in ["8 oz water", "12 oz coffee", "6 oz tea", "5 oz milk"] {
            #expect(out.contains { $0.hasSuffix(drink) }, "missing \(drink): \(out)")
        }
        // The append kept every intact record: the damaged one stays, reported, until compaction.
        let after = try AppendLog(path: path).read()
        #expect(after.records.count == 4)
        #expect(after.warnings.count == 1)
    }

    @Test func aRelativeContainerIsTakenFromTheWorkingDirectoryAndCreatedPrivate() async throws {
        let container = TemporaryContainer()
        defer { container.remove() }
        let run = try await runBuilt(
            "hydrator", ["--container", "st/x", "--script", "-"], stdin: "log 8 ounces of water\n", workingDirectory: container.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: container.root + "/st/x/hydration.log"))
        let mode = try FileManager.default.attributesOfItem(atPath: container.root + "/st/x")[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    @Test func hydratorAppStartedByHandTakesContainer() async throws {
        let container = TemporaryContainer()
        defer { container.remove() }
        let run = try await runBuilt(
            "hydrator-app", ["--container", "rel/c"], stdin: ":add\n:pick 1\n:ounces 8\n:save\n:quit\n",
            environment: ["HYDRATOR_CONTAINER": container.path], workingDirectory: container.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Item Added!"))
        #expect(FileManager.default.fileExists(atPath: container.root + "/rel/c/hydration.log"))
        #expect(!FileManager.default.fileExists(atPath: container.path))
        let refused = try await runBuilt("hydrator-app", ["--container", "a", "--container", "b"])
        #expect(refused.status == 64)
        #expect(refused.stderr == "hydrator-app: --container is given twice; give it once.\n")
    }

    @Test func aStoreThatCannotBeWrittenSaysWhyInTheTraceAndOnStandardError() async throws {
        let container = TemporaryContainer()
        defer { container.remove() }
        // A directory where the log should be.
        let path = container.path + "/hydration.log"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let run = try await runHydrator(["--container", container.path, "--trace", "--script", "-"], stdin: "log 8 ounces of water\n:today\n:open\n")
        #expect(run.status == 1)
        let out = Self.lines(run.stdout)
        #expect(out.contains("Assistant: Sorry, but I couldn't add your item."))
        let reason = "open \(path) failed (Is a directory, errno 21)"
        #expect(out.contains { $0.contains("report       handlerFailed: TrackIntakeIntent") && $0.contains(reason) }, "\(out)")
        #expect(run.stderr.hasPrefix("hydrator: the drink was not logged: notAFile: \(reason)"), "\(run.stderr)")
        #expect(out.contains { $0.hasPrefix("  The log cannot be read: notAFile: \(reason)") }, "\(out)")
        // The Today screen says it too, instead of "Nothing logged yet".
        #expect(out.contains { $0.hasPrefix("│ The log cannot be read: notAFile: open") }, "\(out)")
        #expect(!out.contains { $0.contains("Nothing logged yet") })
    }
}
