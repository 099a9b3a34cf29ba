import AssistantService
import Foundation
import Testing

@Suite("assistant apps: the listing")
struct AppsListingTests {
    @Test("apps, extensions, intents with restricted ones marked, development executables, diagnostics")
    func listing() throws {
        let sandbox = try Sandbox()
        let soup = try sandbox.app("Soup Chef")
        let menu = try sandbox.plugIn("Menu", of: "Soup Chef")
        var bare = Fixture.app("Bare")
        bare.set("INIntentsSupported", nil)
        bare.set("INIntentsRestrictedWhileLocked", nil)
        try sandbox.app("Bare", info: bare, executable: false)
        try sandbox.executable("bin/bare")
        var broken = Fixture.app("Broken")
        broken.set("CFBundleName", nil)
        let brokenPath = try sandbox.app("Broken", info: broken)
        let registry = BundleRegistry(
            appsFolders: [sandbox.path("Apps"), sandbox.path("Missing")], executableSearchDirectories: [sandbox.path("bin")])
        let root = sandbox.root
        #expect(
            AppsListing.lines(registry) == [
                "Apps folders: \(root)/Apps, \(root)/Missing",
                "Executable search directories: \(root)/bin",
                "",
                "Bare (com.example.Bare)",
                "  executable: \(root)/bin/bare (development build)",
                "  intents: none",
                "",
                "Soup Chef (com.example.SoupChef)",
                "  executable: \(soup)/soup-chef",
                "  intents: OrderSoupIntent, SendMoneyIntent (restricted while locked)",
                "  extension Menu (com.example.SoupChef.Menu)",
                "    executable: \(menu)/menu",
                "    intents: OrderSoupIntent (restricted while locked), ListMenuIntent",
                "",
                "2 problems:",
                "  \(brokenPath)/Info.plist: CFBundleName is missing; Broken.app is skipped",
                "  \(root)/Missing: the folder does not exist",
            ])
        try sandbox.finish()
    }

    @Test("nothing installed, nothing wrong")
    func empty() {
        let registry = BundleRegistry(appsFolders: [])
        #expect(
            AppsListing.lines(registry) == [
                "Apps folders: none",
                "Executable search directories: none",
                "",
                "No apps installed.",
                "",
                "No problems.",
            ])
    }

    @Test("one problem is singular")
    func oneProblem() throws {
        let sandbox = try Sandbox()
        try sandbox.folder("Apps")
        let registry = BundleRegistry(appsFolders: [sandbox.path("Apps")])
        #expect(AppsListing.lines(registry).suffix(3) == ["", "1 problem:", "  \(sandbox.path("Apps")): holds no .app bundle"])
        try sandbox.finish()
    }
}
