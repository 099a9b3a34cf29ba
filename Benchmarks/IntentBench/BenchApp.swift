import Assistant
import PingKit
import SceneIntents

/// A user who is never asked anything (the benchmark's intent needs no dialog).
struct SilentUser: UserAgent {
    func hear(_ line: String) async {}
    func answer(_ prompt: Prompt) async -> Reply { .cancel }
}

/// A ping app with its host, connection and an assistant on the real clock.
@MainActor
struct PingRig {
    let application: Application
    let assistant: Assistant
    let connection: InProcessConnection
    let host: IntentHost

    init(tracing: Bool) throws {
        application = makePingApplication()
        host = IntentHost(application: application, catalog: try pingCatalog())
        connection = InProcessConnection(host: host, appName: "Ping")
        assistant = Assistant(
            connection: connection, user: SilentUser(), device: Device(), clock: .continuous(), isTracing: tracing)
    }

    /// Opens `count` scenes and sends them all to the background.
    func openIdleScenes(_ count: Int) throws {
        try application.launch(.user)
        for _ in 1..<max(1, count) { try application.userOpensNewWindow() }
        try application.moveToBackground()
    }
}

/// One typed request, reused.
let pingRequest = AssistantRequest.intent(PingIntent(word: "hello"))
