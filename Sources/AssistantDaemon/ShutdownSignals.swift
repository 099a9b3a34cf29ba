import SceneIntentsTransport

/// The daemon's SIGTERM and SIGINT watch (see `SignalWatch`).
public typealias ShutdownSignals = SignalWatch

/// The daemon's SIGHUP watch, to read the apps folders again (see `SignalWatch`, `Daemon.rescan()`).
public typealias RescanSignals = SignalWatch
