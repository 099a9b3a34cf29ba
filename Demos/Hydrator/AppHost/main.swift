import Foundation
import HydratorKit
import SceneIntentsHost

/// `hydrator-app`: Hydrator's app as its own process, as the system launches it to handle
/// `TrackIntakeIntent` in the app while a scene is in the foreground, or when the user opens it.
/// It works on the shared container (`$HYDRATOR_CONTAINER`, else the default group container);
/// the `hydrator` shell's app-side lines reach its `HydratorAppDriver`.
exit(
    await AppProcess(
        name: HydratorApp.name,
        commands: { host in
            let driver = HydratorAppDriver(application: host.application)
            return { line in try driver.run(line) }
        },
        makeHost: { try HydratorApp(container: HydrationStore.defaultContainer()).host }
    ).main())
