import AppIntentsFixtures
import Foundation
import HydratorKit
import SceneIntentsHost

/// `appintents-hydrator`: Hydrator with its intent declared as an App Intent, as its own host
/// process: a system launches it for `TrackIntakeIntent` (the store in `$HYDRATOR_CONTAINER`,
/// else the default group container); `--write-bundle-data FOLDER` writes its bundle's data,
/// from the App Intents declarations.
AppMain(name: HydratorIntentsApp.name, bundleIdentifier: "com.example.AppIntentsHydrator", words: HydratorIntentsApp.words) {
    HostedApp(HydratorIntentsApp(container: HydrationStore.defaultContainer()).host)
}.run()
