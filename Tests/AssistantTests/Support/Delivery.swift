import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures

/// A delivery that needs the user's word before it is handled: its own confirmation question,
/// a quantity within bounds (with the app's own line above the maximum), and a restriction
/// while the device is locked.
struct DeliverIntent: Intent {
    static let typeName = "DeliverIntent"
    var soup: String?
    var quantity: Int?
    var extras: [Int]?
    init() {}
    init(soup: String? = nil, quantity: Int? = nil, extras: [Int]? = nil) {
        self.soup = soup
        self.quantity = quantity
        self.extras = extras
    }
    static let schema = IntentSchema<DeliverIntent>(
        handler: DeliveryHandler.self,
        parameters: [
            .value(
                "soup", \.soup, prompts: ParameterPrompts(value: "Which soup?"),
                resolve: { (handler: DeliveryHandler, intent) in handler.resolve("soup", .accepting(intent.soup)) }),
            .value(
                "quantity", \.quantity,
                prompts: ParameterPrompts(
                    value: "How many?", unsupported: ["greaterThanMaximumValue": "We deliver ${maximumValue} at most, not ${quantity}."]),
                resolve: { (handler: DeliveryHandler, intent) in handler.resolve("quantity", .accepting(intent.quantity)) }
            ).bounded(minimum: 1, maximum: 10),
            .values(
                "extras", \.extras, flags: [.configurable], prompts: ParameterPrompts(value: "How many spoons?"),
                resolve: { (_: DeliveryHandler, intent) in (intent.extras ?? []).map { .success(with: $0) } }
            ).bounded(minimum: 0),
        ],
        confirmation: IntentConfirmation(prompt: "Deliver ${quantity} ${soup}?"),
        restriction: .whileLocked,
        confirm: { handler, _ in handler.confirm() },
        handle: { handler, intent in handler.handle(intent) })
}

/// A pickup that needs the user's word too, asked with the assistant's own line.
struct PickUpIntent: Intent {
    static let typeName = "PickUpIntent"
    init() {}
    static let schema = IntentSchema<PickUpIntent>(
        handler: DeliveryHandler.self, parameters: [], confirmation: IntentConfirmation(),
        handle: { handler, _ in handler.calls.append("handle"); return .success })
}

/// Records each phase; `readiness` is what confirm answers.
@MainActor
final class DeliveryHandler {
    var calls: [String] = []
    var readiness = IntentResponse(code: .ready)

    func resolve<Value>(_ name: String, _ result: ResolutionResult<Value>) -> ResolutionResult<Value> {
        calls.append("resolve \(name)")
        return result
    }
    func confirm() -> IntentResponse {
        calls.append("confirm")
        return readiness
    }
    func handle(_ intent: DeliverIntent) -> IntentResponse {
        calls.append("handle \(intent.quantity ?? 0) \(intent.soup ?? "?")\(intent.extras.map { " \($0)" } ?? "")")
        return IntentResponse(code: .success, dialog: "On its way.")
    }
}

/// The delivery app in a harness: both intents listed, the scripted `replies`.
@MainActor
func deliveryHarness(
    _ replies: [Reply], locked: Bool = false, configuration: AssistantConfiguration = AssistantConfiguration(),
    asInstalled: Bool = false
) throws -> (IntentTestHarness, DeliveryHandler) {
    let handler = DeliveryHandler()
    let app = Application(
        manifest: AppManifest(
            supportsMultipleScenes: true,
            sceneConfigurations: [
                .windowApplication: [SceneConfiguration(name: "Default", delegateClassName: "KitchenSceneDelegate")]
            ],
            intentsSupported: ["DeliverIntent", "PickUpIntent"], userActivityTypes: ["DeliverIntent", "PickUpIntent"]),
        device: Device(isLocked: locked), sceneDelegates: Kitchen.sceneDelegates,
        delegate: { HandlerDelegate(handler: handler) })
    let harness = IntentTestHarness(
        application: app, catalog: try IntentCatalog([DeliverIntent.self, PickUpIntent.self]), appName: "Deli",
        replies: replies, configuration: configuration, asInstalled: asInstalled)
    return (harness, handler)
}

/// The callbacks of a launch for an intent of type `typeName`.
func launch(_ typeName: String) -> [String] {
    ["app willFinishLaunching intent", "app didFinishLaunching intent", "app handlerFor \(typeName)"]
}
