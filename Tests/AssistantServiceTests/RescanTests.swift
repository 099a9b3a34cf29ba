import AssistantService
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A registry read again: only the bundles whose files changed are read, an identifier served
/// stays with its bundle, and a bundle another user could change is refused at the next scan.
@Suite("Registry rescans")
struct RescanTests {
    @Test("a rescan reads only the bundles installed or changed since, and drops the ones removed")
    func onlyChangedBundlesAreRead() throws {
        let sandbox = try Sandbox()
        let soup = try sandbox.app("Soup Chef")
        let healthy = try sandbox.app("Healthy")
        let first = BundleRegistry(appsFolders: [sandbox.path("Apps")])
        #expect(first.bundlesRead == [healthy, soup])
        let unchanged = first.rescanned()
        #expect(unchanged.bundlesRead == [])
        #expect(unchanged.apps == first.apps)
        #expect(unchanged.revision(ofBundle: soup) == first.revision(ofBundle: soup))
        // Rewritten in place (same inode, same size): its times tell.
        try sandbox.plist("Apps/Soup Chef.app/Info.plist", Fixture.app("Soup Chef"))
        let rewritten = unchanged.rescanned()
        #expect(rewritten.bundlesRead == [soup])
        #expect(rewritten.revision(ofBundle: soup) != first.revision(ofBundle: soup))
        // An executable replaced, a bundle installed, another removed.
        try sandbox.file("Apps/Healthy.app/healthy", Data("#!/bin/sh\nexit 1\n".utf8), mode: 0o755)
        let tea = try sandbox.app("Tea")
        try FileManager.default.removeItem(atPath: soup)
        let changed = rewritten.rescanned()
        #expect(changed.bundlesRead == [healthy, tea])
        #expect(changed.apps.map(\.name) == ["Healthy", "Tea"])
        #expect(changed.revision(ofBundle: soup) == nil)
        #expect(changed.rescanned().bundlesRead == [])
        try sandbox.finish()
    }

    @Test("a second bundle declaring an identifier served is skipped naming the first, which stays served though it sorts after")
    func theBundleServedKeepsItsIdentifier() throws {
        let sandbox = try Sandbox()
        let served = try sandbox.app("Zucchini", info: Fixture.app("Zucchini").merging(["CFBundleIdentifier": "com.example.Soup"]) { $1 })
        let registry = BundleRegistry(appsFolders: [sandbox.path("Apps")])
        #expect(registry.apps.map(\.path) == [served])
        let intruder = try sandbox.app("Apple", info: Fixture.app("Apple").merging(["CFBundleIdentifier": "com.example.Soup"]) { $1 })
        let rescanned = registry.rescanned()
        #expect(rescanned.apps.map(\.path) == [served])
        #expect(rescanned.diagnostics.map(\.description) == [
            "\(intruder)/Info.plist: CFBundleIdentifier 'com.example.Soup' is already declared by \(served), which stays served; Apple.app is skipped"
        ])
        // Read afresh, with no bundle served before, the first read wins: Apple sorts first.
        #expect(BundleRegistry(appsFolders: [sandbox.path("Apps")]).apps.map(\.path) == [intruder])
        // The one served removed, the other is served at the next scan.
        try FileManager.default.removeItem(atPath: served)
        let after = rescanned.rescanned()
        #expect(after.apps.map(\.path) == [intruder])
        #expect(after.diagnostics == [])
        try sandbox.finish()
    }

    /// Made-up ids play another user and a group shared with others (the tests run as root,
    /// whose own group would count as private).
    @Test(
        "a bundle made writable by a shared group, or handed to another user, is refused at the next scan naming the path, and served again once fixed",
        .enabled(if: geteuid() == 0, "chown needs root"))
    func permissionsChangedAreSeenAtTheNextScan() throws {
        let sandbox = try Sandbox()
        let bundle = try sandbox.app("Soup Chef")
        let executable = bundle + "/soup-chef"
        let registry = BundleRegistry(appsFolders: [sandbox.path("Apps")])
        #expect(registry.apps.map(\.name) == ["Soup Chef"])
        #expect(chown(executable, 0, 4243) == 0)
        #expect(chmod(executable, 0o775) == 0)
        let groupWritable = registry.rescanned()
        #expect(groupWritable.apps == [])
        #expect(groupWritable.diagnostics.map(\.description) == [
            "\(executable): writable by its group (mode 775); files another user can change are not run; Soup Chef.app is skipped"
        ])
        #expect(chmod(executable, 0o755) == 0)
        let fixed = groupWritable.rescanned()
        #expect(fixed.apps.map(\.name) == ["Soup Chef"])
        #expect(fixed.bundlesRead == [bundle])
        #expect(chown(bundle, 4242, 4242) == 0)
        let owned = fixed.rescanned()
        #expect(owned.apps == [])
        #expect(owned.diagnostics.map(\.description) == [
            "\(bundle): owned by uid 4242, neither root nor this user (uid 0); files another user controls are not run; Soup Chef.app is skipped"
        ])
        #expect(chown(bundle, 0, 0) == 0)
        #expect(owned.rescanned().apps.map(\.name) == ["Soup Chef"])
        try sandbox.finish()
    }

    @Test("an intent an Info.plist lists that the app's data does not declare is reported naming the file and key: the app's skips the app, an extension's only the extension")
    func intentListsAreCheckedAgainstTheIntentData() throws {
        let sandbox = try Sandbox()
        let app = try sandbox.app("Soup Chef")
        let plugIn = try sandbox.plugIn("Menu", of: "Soup Chef")
        let bundle = try #require(BundleRegistry(appsFolders: [sandbox.path("Apps")]).apps.first)
        // The app lists OrderSoupIntent and SendMoneyIntent; its extension OrderSoupIntent and ListMenuIntent.
        let all: Set = ["OrderSoupIntent", "SendMoneyIntent", "ListMenuIntent"]
        #expect(IntentListCheck.problems(in: bundle, declared: all) == [])
        #expect(IntentListCheck.remaining(bundle, after: []) == bundle)
        let withoutMenu = IntentListCheck.problems(in: bundle, declared: ["OrderSoupIntent", "SendMoneyIntent"])
        #expect(withoutMenu.map(\.description) == [
            "\(plugIn)/Info.plist: NSExtension.NSExtensionAttributes.IntentsSupported lists 'ListMenuIntent', which the app's intent data does not declare, so a request for it could never be handled; Menu.appex is skipped"
        ])
        #expect(IntentListCheck.remaining(bundle, after: withoutMenu)?.extensions == [])
        #expect(IntentListCheck.remaining(bundle, after: withoutMenu)?.path == app)
        let withoutSoup = IntentListCheck.problems(in: bundle, declared: ["SendMoneyIntent", "ListMenuIntent"])
        #expect(withoutSoup.map(\.description) == [
            "\(app)/Info.plist: INIntentsSupported lists 'OrderSoupIntent', which the app's intent data does not declare, so a request for it could never be handled; Soup Chef.app is skipped",
            "\(plugIn)/Info.plist: NSExtension.NSExtensionAttributes.IntentsSupported lists 'OrderSoupIntent', which the app's intent data does not declare, so a request for it could never be handled; Menu.appex is skipped",
        ])
        #expect(IntentListCheck.remaining(bundle, after: withoutSoup) == nil)
        try sandbox.finish()
    }
}
