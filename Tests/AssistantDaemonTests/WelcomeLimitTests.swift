import AssistantDaemon
import Foundation
import Testing

/// However many apps are installed, every client is welcomed: the welcome lists their names
/// while they fit in a frame, then says how many more there are.
struct WelcomeLimitTests {
    @Test func aFewNamesAreListedAsTheyAre() {
        let names = ["Hydrator", "Recipe Assistant", "Say \"hi\" \\ Co"]
        #expect(ClientProtocol.welcomeNames(names) == names)
    }

    @Test(arguments: [String(repeating: "x", count: 255), String(repeating: "\"", count: 255), "Soup"])
    func namesPastTheFrameAreCountedAndTheWelcomeIsSent(_ name: String) throws {
        let names = (0..<20_000).map { "\(name) \($0)" }
        let listed = ClientProtocol.welcomeNames(names)
        let more = try #require(listed.last)
        let shown = listed.count - 1
        #expect(shown > 0 && Array(listed.dropLast()) == Array(names.prefix(shown)))
        #expect(more == "… and \(names.count - shown) more (assistant apps lists them all)")
        let frame = try ClientProtocol.encode(DaemonMessage.welcome(version: ClientProtocol.version, apps: listed))
        #expect(frame.count <= ClientProtocol.frameLimit)
        // Nearly full: the names are cut where the frame ends, not long before.
        #expect(frame.count > ClientProtocol.frameLimit - 1024 - 4 * (name.utf8.count + 8))
    }
}
