/// A scene's activation state, with UIKit's raw values.
public enum ActivationState: Int, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Not connected: every scene starts here and returns here when disconnected.
    case unattached = -1
    /// On screen and receiving events.
    case foregroundActive = 0
    /// On screen, not receiving events (passed through on the way in and out, or interrupted).
    case foregroundInactive = 1
    /// Off screen; the system may disconnect it at any time.
    case background = 2

    /// Whether the scene is on screen.
    public var isForeground: Bool { self == .foregroundActive || self == .foregroundInactive }

    /// One line for logs and messages.
    public var description: String {
        switch self {
        case .unattached: "unattached"
        case .foregroundActive: "foregroundActive"
        case .foregroundInactive: "foregroundInactive"
        case .background: "background"
        }
    }
}
