/// Something the app side noticed that no answer carries: reported to `IntentHost.onReport`.
public struct AppReport: Sendable, Equatable, Codable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Sendable, Codable {
        /// A completion handler was called again after its first answer; the later answer was ignored.
        case secondAnswerIgnored
        /// A completion handler was called after its call was cancelled (its budget ran out or
        /// the request ended); the late answer was ignored.
        case lateAnswerIgnored
        /// The app was launched in the background to answer a call.
        case launchedForIntent
        /// A screen's registered handler had been released (nothing held it) when an intent
        /// came; the detail names the scene and the fix.
        case handlerReleased
        /// A handler said why its call failed (a store refused a write, say): the detail names
        /// the intent, the phase and the handler's reason, which no response dialog carries.
        case handlerFailed
    }

    /// What happened.
    public let kind: Kind
    /// The details (intent, phase, handler type).
    public let detail: String

    /// A report.
    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// One line for logs and messages.
    public var description: String { "\(kind.rawValue): \(detail)" }
}

/// Tells the system why the handler's current call failed: the system's trace records it as a
/// `handlerFailed` report naming the intent and phase. Call it from a handler's resolve,
/// confirm or handle method before answering failure; outside a call it does nothing.
public func reportHandlerFailure(_ reason: String) {
    let context = CallContext.current
    context.sink?(AppReport(.handlerFailed, "\(context.label): \(reason)"))
}
