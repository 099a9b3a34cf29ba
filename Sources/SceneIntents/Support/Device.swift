import Synchronization

/// The device an app runs on: today only its lock state, shared by the app and the assistant.
///
/// Both sides read the same object, so locking it refuses intents listed in
/// `INIntentsRestrictedWhileLocked` on the assistant's side (before launching anything) and on the
/// app's side (the host refuses them too).
public final class Device: Sendable {
    private let locked: Atomic<Bool>

    /// A device, unlocked unless said otherwise.
    public init(isLocked: Bool = false) {
        locked = Atomic(isLocked)
    }

    /// Whether the device is locked now.
    public var isLocked: Bool {
        get { locked.load(ordering: .acquiring) }
        set { locked.store(newValue, ordering: .releasing) }
    }

    /// Locks the device.
    public func lock() { locked.store(true, ordering: .releasing) }

    /// Unlocks the device.
    public func unlock() { locked.store(false, ordering: .releasing) }
}
