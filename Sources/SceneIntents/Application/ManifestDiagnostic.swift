/// Something a manifest declares that works but cannot do what it promises: reported when the app
/// launches (`LifecycleEvent.diagnostic`), never a refusal.
public struct ManifestDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What is wrong.
    public enum Code: String, Sendable, Codable, CaseIterable {
        /// An intent the app handles is not an activity type it can continue: a `continueInApp`
        /// (or `failureRequiringAppLaunch`) answer for it can never continue in the app, since the
        /// activity the system makes for it has the intent's type name as its type.
        case intentCannotContinueInApp
    }

    /// What is wrong.
    public let code: Code
    /// The key to change.
    public let key: String
    /// The offending value (the intent's type name).
    public let value: String

    /// A diagnostic.
    public init(code: Code, key: String, value: String) {
        self.code = code
        self.key = key
        self.value = value
    }

    /// One line for logs and messages.
    public var description: String {
        switch code {
        case .intentCannotContinueInApp:
            "INIntentsSupported lists '\(value)' but \(key) does not: continueInApp for it can never continue in the app; add '\(value)' to \(key)"
        }
    }
}

extension AppManifest {
    /// What the manifest declares that cannot work as promised, in declaration order; empty when
    /// nothing is wrong. The application reports each at launch.
    public var diagnostics: [ManifestDiagnostic] {
        intentsSupported.filter { !supportsActivityType($0) }.map {
            ManifestDiagnostic(code: .intentCannotContinueInApp, key: "NSUserActivityTypes", value: $0)
        }
    }
}
