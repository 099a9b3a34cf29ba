import Foundation
import HydratorKit
import SceneIntentsHost

// `hydrator-intents`: Hydrator's intents extension (`Hydrator.app/PlugIns/Hydrator Intents.appex`).
// The system launches it for a `TrackIntakeIntent` when the app has no scene in the foreground;
// it logs the drink into the shared container (`$HYDRATOR_CONTAINER`, else the default group
// container) with the same `TrackIntakeHandler` the app uses, with no scene, and exits when idle.
// Logging a drink never launches the app.
AppMain(
    extension: IntentsExtension(
        name: "Hydrator Intents", bundleIdentifier: "com.example.Hydrator.Intents", intents: HydratorIntentDefinition.intentTypes,
        handlerFor: { _ in TrackIntakeHandler(log: HydrationStore(container: HydrationStore.defaultContainer())) })
).run()
