import Foundation
import PingKit
import SceneIntentsHost

// `ping-extension`: the benchmark's ping intent served by an intents extension, for
// `launch.extension` (spawn → first answer). It links only SceneIntents, SceneIntentsHost (and
// its transport) and PingKit: no scenes, no assistant, no demo.
AppMain(
    extension: IntentsExtension(
        name: "Ping Intents", intents: [PingIntent.self],
        handlerFor: { _ in PingHandler() })
).run()
