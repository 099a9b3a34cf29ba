import SceneIntents

/// An app delegate that answers every intent with one handler and keeps it alive (the handler
/// store holds handlers weakly): the delegate of a test app with a single handler.
@MainActor
public final class HandlerDelegate: ApplicationDelegate {
    /// The handler every intent gets.
    public let handler: AnyObject

    /// A delegate answering every intent with `handler`.
    public init(handler: AnyObject) { self.handler = handler }

    /// `handler`, whatever the intent.
    public func application(_ application: Application, handlerFor intent: AnyIntent) -> Any? { handler }
}
