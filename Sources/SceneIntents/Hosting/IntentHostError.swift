/// Why the app could not answer a phase call. Every case names the intent; none crashes the app.
public struct IntentHostError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Codable, CaseIterable {
        /// The manifest's INIntentsSupported does not list the intent.
        case notInManifest
        /// The app's intent catalog has no such intent type.
        case unknownIntent
        /// In-app handling needs multiple scenes, which the manifest turns off.
        case multipleScenesRequired
        /// The intent is restricted while the device is locked, and it is.
        case restrictedWhileLocked
        /// The app could not be launched.
        case launchFailed
        /// `handlerFor` returned nil: the app cannot handle the intent now.
        case notHandled
        /// `handlerFor` returned an object that does not conform to the intent's handling protocol.
        case wrongHandlerType
        /// The intent has no parameter of that name.
        case unknownParameter
        /// The parameter offers no options.
        case noOptionsProvider
        /// The handler threw.
        case handlerThrew
        /// The call was cancelled (the budget ran out, or the user cancelled).
        case cancelled
        /// The host process stopped (exited, was killed, or broke the protocol) before answering.
        case hostStopped
        /// The request has finished (handled, refused, cancelled or timed out): no later call of
        /// it reaches a handler.
        case requestFinished
        /// A phase answered a code it may not: confirm answers `ready` or a failure code, handle
        /// answers anything but `ready` and `unspecified`.
        case invalidResponseCode
        /// An answer the protocol does not allow for the call (the assistant's side).
        case unexpectedAnswer
        /// A call of a request carried another intent type than the request's first call: a
        /// request's handler is bound to one intent. The request ends.
        case intentChanged
        /// The app's process could not be started, or did not connect within its launch budget:
        /// the detail says what is wrong, naming the executable's path where that is the cause.
        case hostNotStarted
    }

    /// What went wrong.
    public let code: Code
    /// The intent's type name.
    public let intent: String
    /// The detail: the type returned, the parameter, the error thrown.
    public let detail: String?

    /// An error.
    public init(_ code: Code, intent: String, detail: String? = nil) {
        self.code = code
        self.intent = intent
        self.detail = detail
    }

    /// One line for logs and messages.
    public var description: String {
        let detail = detail ?? ""
        return switch code {
        case .notInManifest: "the app does not list \(intent) in INIntentsSupported"
        case .unknownIntent: "the app does not define an intent named \(intent)"
        case .multipleScenesRequired: "the app cannot handle \(intent) in process: multiple scenes are off"
        case .restrictedWhileLocked: "\(intent) needs the device to be unlocked"
        case .launchFailed: "the app could not be launched for \(intent): \(detail)"
        case .notHandled: "the app cannot handle \(intent) right now"
        case .wrongHandlerType: "handlerFor returned a \(detail) for \(intent), which is not a handler of it"
        case .unknownParameter: "\(intent) has no parameter named '\(detail)'"
        case .noOptionsProvider: "\(intent) offers no options for '\(detail)'"
        case .handlerThrew: "the handler of \(intent) failed: \(detail)"
        case .cancelled: "the call to the handler of \(intent) was cancelled"
        case .hostStopped: "the app stopped before answering \(intent): \(detail)"
        case .requestFinished: "request \(detail) of \(intent) has finished"
        case .invalidResponseCode: "the handler of \(intent) answered \(detail)"
        case .unexpectedAnswer: "the app answered \(intent) out of turn: \(detail)"
        case .intentChanged: "request \(detail); a call of it for \(intent) is refused"
        case .hostNotStarted: "the app's process could not be started for \(intent): \(detail)"
        }
    }
}
