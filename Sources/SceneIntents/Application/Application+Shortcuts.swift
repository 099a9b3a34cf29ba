extension Application {
    /// Tells the system's shortcuts store something (a donation, donations to delete, the app's
    /// suggestions), in order and never answered; false when no system is connected (the app
    /// is not served yet, or runs on its own), and nothing is kept to send later.
    ///
    /// The app's connection to the system (its `AppEndpoint`, in the system's process or in the
    /// app's own) carries it, as it carries everything else the app tells the system.
    @discardableResult
    public func tellShortcuts(_ message: ShortcutsMessage) -> Bool {
        guard let shortcutsOutlet else { return false }
        shortcutsOutlet(message)
        return true
    }
}
