import AppIntentsFixtures
import Foundation
import HydratorKit
import SceneIntentsHost

/// `appintents-hydrator-intents`: the intents extension of Hydrator with its App Intent
/// (`Hydrator.app/PlugIns/Hydrator Intents.appex`): the intent's own `perform()` logs to the
/// shared store (`$HYDRATOR_CONTAINER`, else the default group container), with no scene.
AppMain(extensionNamed: "Hydrator Intents") {
    let intents = HydratorIntentsApp.extensionIntents(container: HydrationStore.defaultContainer())
    return IntentsExtension(
        name: "Hydrator Intents", bundleIdentifier: "com.example.AppIntentsHydrator.Intents", catalog: intents.catalog,
        handlerFor: { intents.extensionHandler(for: $0) })
}.run()
