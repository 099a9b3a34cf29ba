import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures

/// An intent with no prompts of its own, so every parameter line the assistant says is a
/// default: an item picked among options (in a "Fruit" section), and a count from 1 to 10.
struct StockIntent: Intent {
    static let typeName = "StockIntent"
    var item: DisplayItem?
    var count: Int?
    init() {}
    init(count: Int?) { self.count = count }
    static let schema = IntentSchema<StockIntent>(
        handler: StockHandler.self,
        parameters: [
            .value(
                "item", \.item, flags: [.resolvable, .configurable, .dynamicOptions],
                resolve: { (handler: StockHandler, intent) in handler.item(intent) },
                options: { (handler: StockHandler, _, term) in handler.options(matching: term) }),
            .value("count", \.count, resolve: { (handler: StockHandler, intent) in handler.count(intent) })
                .bounded(minimum: 1, maximum: 10),
        ],
        handle: { _, _ in IntentResponse(code: .success) })
}

/// An intent that asks the user's confirmation with the assistant's own line.
struct RestockIntent: Intent {
    static let typeName = "RestockIntent"
    init() {}
    static let schema = IntentSchema<RestockIntent>(
        handler: StockHandler.self, parameters: [], confirmation: IntentConfirmation(),
        handle: { _, _ in IntentResponse(code: .success) })
}

/// What the stock handler answers, set by each test.
@MainActor
final class StockHandler {
    static let fruit = ["Apple", "Apricot", "Banana", "Cherry", "Date"].map { DisplayItem(identifier: $0, title: $0) }
    var item: (StockIntent) -> ResolutionResult<DisplayItem> = { _ in .notRequired }
    var count: (StockIntent) -> ResolutionResult<Int> = { _ in .notRequired }

    /// The fruit whose title starts with `term` (all of it for none), in a "Fruit" section.
    func options(matching term: String?) -> ObjectCollection<DisplayItem> {
        let term = term?.lowercased() ?? ""
        let items = Self.fruit.filter { term.isEmpty || $0.title.lowercased().hasPrefix(term) }
        return ObjectCollection(sections: [ObjectSection(title: "Fruit", items: items)])
    }

    /// Offers `items` until one is picked.
    func offering(_ items: [DisplayItem]) {
        item = { intent in intent.item.map { .success(with: $0) } ?? .disambiguation(with: items) }
    }
}

/// The stock app, its host and an assistant saying `dialogs`, with a scripted user.
@MainActor
struct StockRig {
    let handler = StockHandler()
    let user: ScriptedUser
    let host: IntentHost
    let assistant: Assistant

    init(_ replies: [Reply], dialogs: DialogTable) throws {
        user = ScriptedUser(replies)
        let handler = handler
        let app = Application(
            manifest: AppManifest(intentsSupported: ["StockIntent", "RestockIntent"]),
            delegate: { HandlerDelegate(handler: handler) })
        host = IntentHost(application: app, catalog: try IntentCatalog([StockIntent.self, RestockIntent.self]))
        var configuration = AssistantConfiguration()
        configuration.dialogs = dialogs
        assistant = Assistant(
            connection: InProcessConnection(host: host, appName: "Stock"), user: user, device: Device(),
            clock: .sleeping(on: ManualClock()), configuration: configuration)
    }
}

/// A connection whose app's process has stopped: every call is refused as `hostStopped`.
final class StoppedConnection: WrappingConnection {
    let base: any AppConnection
    init(_ base: any AppConnection) { self.base = base }

    func continueInApp(_ activity: UserActivity) async throws -> Continuation {
        try await base.continueInApp(activity)
    }
    func beginInterruption() async throws -> Bool { false }
    func endInterruption() async throws -> Bool { false }
    func start(
        _ call: PhaseCall, from isolation: (any Actor)?, progress: @escaping @Sendable (PhaseStep) -> Void,
        reply: @escaping @Sendable (PhaseAnswer) -> Void
    ) -> CallCancellation {
        .task(Task { reply(.refused(IntentHostError(.hostStopped, intent: call.intent.typeName, detail: "exit status 9"))) })
    }
}
