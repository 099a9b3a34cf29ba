import SceneIntentsTransport

/// The daemon's SIGTERM and SIGINT watch (see `SignalWatch`).
public typealias ShutdownSignals = SignalWatch
