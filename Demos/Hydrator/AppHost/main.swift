import Foundation
import HydratorKit
import SceneIntentsHost

/// `hydrator-app`: Hydrator's app process over the shared container (`$HYDRATOR_CONTAINER`, else
/// the default group container). A system launches it for `TrackIntakeIntent` or to open the
/// app; from a terminal it runs the app here and takes `HydratorAppDriver`'s lines.
AppMain(name: HydratorApp.name) {
    let app = try HydratorApp(container: HydrationStore.defaultContainer())
    let driver = HydratorAppDriver(application: app.application)
    return HostedApp(app.host, commands: { try await driver.run($0) })
}.run()
