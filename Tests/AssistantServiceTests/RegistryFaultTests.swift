import Assistant
import AssistantService
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bundles another user could change, and names that would forge the listing's lines or drive
/// the terminal.
@Suite("Registry faults: untrusted files and hostile names")
struct RegistryFaultTests {
    /// Reads `Apps` beside one healthy app; answers the names served and the diagnostics.
    private func read(_ sandbox: Sandbox) throws -> (served: [String], diagnostics: [String]) {
        try sandbox.app("Healthy")
        let registry = BundleRegistry(appsFolders: [sandbox.path("Apps")])
        return (registry.apps.map(\.name), registry.diagnostics.map(\.description))
    }

    @Test("a bundle folder, Info.plist, PlugIns folder or executable writable by others is refused, naming it")
    func writableByOthers() throws {
        let writable = "writable by anyone (mode 777); files another user can change are not run"
        for (name, target) in [("Folder", ""), ("Plist", "/Info.plist"), ("Binary", "/binary"), ("Plugins", "/PlugIns")] {
            let sandbox = try Sandbox()
            let bundle = try sandbox.app(name, info: Fixture.app(name).merging(["CFBundleExecutable": "binary"]) { $1 })
            if target == "/PlugIns" { try sandbox.plugIn("Extra", of: name) }
            #expect(chmod(bundle + target, 0o777) == 0)
            let (served, diagnostics) = try read(sandbox)
            let skipped = target == "/PlugIns" ? "PlugIns" : "\(name).app"
            #expect(diagnostics == ["\(bundle + target): \(writable); \(skipped) is skipped"], "\(name)")
            // Only the plug-ins go with an untrusted PlugIns folder; the app itself is served.
            #expect(served == (target == "/PlugIns" ? ["Healthy", name] : ["Healthy"]), "\(name)")
            try sandbox.finish()
        }
    }

    @Test("a bundle whose folder (the apps folder, or where a link to it leads) others can change is refused, naming that folder")
    func folderOthersCanChange() throws {
        let writable = "writable by anyone (mode 777); files another user can change are not run"
        // Anyone could rename the bundle away and put another in its place.
        let open = try Sandbox()
        try open.app("Healthy")
        #expect(chmod(open.path("Apps"), 0o777) == 0)
        let registry = BundleRegistry(appsFolders: [open.path("Apps")])
        #expect(registry.apps.map(\.name) == [])
        #expect(registry.diagnostics.map(\.description) == ["\(open.path("Apps")): \(writable); Healthy.app is skipped"])
        // A private apps folder linking to a bundle that lives in such a folder: the same.
        let linked = try Sandbox()
        let elsewhere = try linked.app("Linked")
        try FileManager.default.createDirectory(atPath: linked.path("Open"), withIntermediateDirectories: false)
        try FileManager.default.moveItem(atPath: elsewhere, toPath: linked.path("Open/Linked.app"))
        try FileManager.default.createSymbolicLink(atPath: elsewhere, withDestinationPath: linked.path("Open/Linked.app"))
        #expect(chmod(linked.path("Open"), 0o777) == 0)
        let (served, diagnostics) = try read(linked)
        #expect(served == ["Healthy"])
        #expect(diagnostics == ["\(linked.path("Open")): \(writable); Linked.app is skipped"])
        // A sticky folder (as /tmp) is not: others cannot rename or remove what they do not own.
        #expect(chmod(linked.path("Open"), 0o1777) == 0)
        #expect(try read(linked).served == ["Healthy", "Linked"])
        try open.finish()
        try linked.finish()
    }

    @Test("an executable owned by another non-root user, or writable by its group, is refused")
    func ownedByAnotherUser() throws {
        let sandbox = try Sandbox()
        let bundle = try sandbox.app("Nobody", info: Fixture.app("Nobody").merging(["CFBundleExecutable": "binary"]) { $1 })
        let group = try sandbox.app("Group", info: Fixture.app("Group").merging(["CFBundleExecutable": "binary"]) { $1 })
        let nobody: uid_t = 65_534
        // Made here as the effective user; when that is root, handed to nobody as an attacker would.
        let ownedByOther = geteuid() == 0 && chown(bundle + "/binary", nobody, gid_t(nobody)) == 0
        // Writable by a group that is not the owner's own (nogroup): its members can change it.
        let sharedGroup = geteuid() == 0 && chown(group + "/binary", geteuid(), gid_t(nobody)) == 0
        #expect(chmod(group + "/binary", 0o775) == 0)
        let (served, diagnostics) = try read(sandbox)
        #expect(served == ["Healthy"] + (sharedGroup ? [] : ["Group"]) + (ownedByOther ? [] : ["Nobody"]))
        var expected: [String] = []
        if sharedGroup {
            expected.append("\(group)/binary: writable by its group (mode 775); files another user can change are not run; Group.app is skipped")
        }
        if ownedByOther {
            expected.append(
                "\(bundle)/binary: owned by uid \(nobody), neither root nor this user (uid \(geteuid())); files another user controls are not run; Nobody.app is skipped")
        }
        #expect(diagnostics == expected)
        try sandbox.finish()
    }

    @Test("a name with a control character is refused; folder names and bidi overrides are printed escaped")
    func hostileNames() throws {
        let sandbox = try Sandbox()
        let evil = try sandbox.app("Evil", info: Fixture.app("Evil").merging(["CFBundleName": "Evil\u{1B}[2J\nHealthy (com.example.Healthy)"]) { $1 })
        try sandbox.app("Sly", info: Fixture.app("Sly").merging(["CFBundleName": "Sly\u{202E}yhtlaeH"]) { $1 })
        try sandbox.app("Bad\nFolder", info: ["CFBundleName": 7])
        try sandbox.app("Healthy")
        let lines = AppsListing.lines(BundleRegistry(appsFolders: [sandbox.path("Apps")]))
        #expect(lines.contains("  \(evil)/Info.plist: CFBundleName cannot be used: it holds a control character; Evil.app is skipped"))
        #expect(lines.contains("Sly\\u{202E}yhtlaeH (com.example.Sly)"))
        #expect(lines.contains { $0.contains("/Apps/Bad\\nFolder.app/Info.plist") })
        #expect(!lines.contains { line in line.unicodeScalars.contains { $0.value < 0x20 } })
        #expect(lines.filter { $0.hasPrefix("Healthy (") } == ["Healthy (com.example.Healthy)"])
        try sandbox.finish()
    }

    @Test("the escaping: controls, separators and bidi overrides escaped, the rest as is")
    func escaping() {
        #expect(PrintableText.escaped("Crème brûlée 🥞") == "Crème brûlée 🥞")
        #expect(PrintableText.escaped("a\\b\nc\td\r\u{7}\u{7F}\u{85}\u{2028}\u{202E}") == #"a\\b\nc\td\r\u{7}\u{7F}\u{85}\u{2028}\u{202E}"#)
    }
}
