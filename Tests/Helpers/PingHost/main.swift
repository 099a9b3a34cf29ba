import Foundation
import PingKit
import SceneIntents
import SceneIntentsHost

/// `ping-host`: the benchmark's ping app as a host process, started by `intent-bench` for the
/// socket metrics (`swift run -c release intent-bench`).
AppMain(name: "Ping") { HostedApp(IntentHost(application: makePingApplication(), catalog: try pingCatalog())) }.run()
