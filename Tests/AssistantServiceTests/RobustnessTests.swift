import AssistantService
import Foundation
import Testing

/// A small seeded generator, so every run mutates the same bytes.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Registry: never stops on any input")
struct RobustnessTests {
    @Test("randomly damaged Info.plists (XML and binary) are served or skipped, never fatal", arguments: [
        PropertyListSerialization.PropertyListFormat.xml, .binary,
    ])
    func damaged(_ format: PropertyListSerialization.PropertyListFormat) throws {
        let sandbox = try Sandbox()
        try sandbox.app("Healthy")
        let bundle = try sandbox.app("Fuzz")
        let valid = try PropertyListSerialization.data(fromPropertyList: Fixture.app("Fuzz"), format: format, options: 0)
        var random = SplitMix64(state: 2020)
        var served = 0
        var skipped = 0
        for _ in 0..<150 {
            var bytes = [UInt8](valid)
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if Bool.random(using: &random) { bytes.removeLast(Int.random(in: 0..<bytes.count, using: &random)) }
            try sandbox.file("Apps/Fuzz.app/Info.plist", Data(bytes))
            let registry = BundleRegistry(appsFolders: [sandbox.path("Apps")])
            #expect(registry.apps.contains { $0.name == "Healthy" })
            if registry.apps.count == 2 {
                served += 1
                #expect(registry.diagnostics == [])
            } else {
                skipped += 1
                #expect(registry.diagnostics.map(\.skipped) == [bundle])
            }
        }
        #expect(served + skipped == 150)
        #expect(skipped > 0)
        try sandbox.finish()
    }

    @Test("an extension claiming its app's identifier is skipped naming the app, which stays served; stray files are ignored")
    func extensionClaimsAppIdentifier() throws {
        let sandbox = try Sandbox()
        let app = try sandbox.app("Soup Chef")
        var info = Fixture.plugIn("Menu", of: "Soup Chef")
        info["CFBundleIdentifier"] = "com.example.SoupChef"
        let menu = try sandbox.plugIn("Menu", of: "Soup Chef", info: info)
        try sandbox.file("Apps/Soup Chef.app/PlugIns/README", Data())
        try sandbox.file("Apps/README.txt", Data())
        try sandbox.app("Healthy")
        let registry = BundleRegistry(appsFolders: [sandbox.path("Apps")])
        #expect(registry.apps.map(\.name) == ["Healthy", "Soup Chef"])
        #expect(registry.apps.last?.extensions == [])
        #expect(
            registry.diagnostics.map(\.description) == [
                "\(menu)/Info.plist: CFBundleIdentifier 'com.example.SoupChef' is already declared by \(app), which stays served; Menu.appex is skipped"
            ])
        try sandbox.finish()
    }
}
