import SceneIntents

/// A soup on the menu: the fixture's custom parameter value.
public struct Soup: ParameterValue, Hashable {
    public var identifier: String
    public var name: String
    public var detail: String

    public init(_ identifier: String, _ name: String, detail: String = "") {
        self.identifier = identifier
        self.name = name
        self.detail = detail
    }

    public var displayItem: DisplayItem {
        DisplayItem(identifier: identifier, title: name, subtitle: detail.isEmpty ? nil : detail)
    }

    public static func fromSpoken(_ text: String, identifier: String?) -> Soup? {
        Soup(identifier ?? "", text)
    }

    public static let menu: [Soup] = [
        Soup("tomato", "Tomato", detail: "vegan"), Soup("lentil", "Lentil", detail: "spicy"),
        Soup("clam", "Clam Chowder", detail: "creamy"), Soup("pea", "Pea", detail: "fresh"),
        Soup("onion", "French Onion", detail: "cheesy"), Soup("miso", "Miso", detail: "light"),
        Soup("pho", "Pho", detail: "hearty"),
    ]
}

/// Why a soup cannot be ordered.
public enum SoupUnsupportedReason: String, Sendable {
    case soldOut
}

/// The fixture intent: a soup (custom value, options, search), a quantity, toppings (multi-value).
public struct OrderSoupIntent: Intent {
    public static let typeName = "OrderSoupIntent"
    public var soup: Soup?
    public var quantity: Int?
    public var toppings: [String]?

    public init() {}
    public init(soup: Soup? = nil, quantity: Int? = nil, toppings: [String]? = nil) {
        self.soup = soup
        self.quantity = quantity
        self.toppings = toppings
    }

    public static let schema = IntentSchema<OrderSoupIntent>(
        handler: (any OrderSoupIntentHandling).self,
        parameters: [
            .value(
                "soup", \.soup, flags: [.resolvable, .configurable, .dynamicOptions, .searchable],
                prompts: ParameterPrompts(
                    value: "Which soup?", disambiguationIntroduction: "Which soup would you like?",
                    confirmation: "Just to confirm, ${soup}?",
                    unsupported: ["soldOut": "Sorry, ${soup} is sold out.", "": "Sorry, we don't serve ${soup}."]),
                resolve: { (handler: any OrderSoupIntentHandling, intent) in try await handler.resolveSoup(for: intent) },
                options: { (handler: any OrderSoupIntentHandling, intent, term) in
                    try await handler.provideSoupOptions(for: intent, searchTerm: term)
                }),
            .value(
                "quantity", \.quantity, prompts: ParameterPrompts(value: "How many?"),
                resolve: { (handler: any OrderSoupIntentHandling, intent) in try await handler.resolveQuantity(for: intent) }),
            .values(
                "toppings", \.toppings, prompts: ParameterPrompts(value: "Which topping?"),
                resolve: { (handler: any OrderSoupIntentHandling, intent) in try await handler.resolveToppings(for: intent) }),
        ],
        responses: [
            ResponseTemplate(custom: 100, name: "ordered", isSuccess: true, dialog: "${quantity} ${soup} coming up."),
            ResponseTemplate(custom: 101, name: "kitchenClosed", isSuccess: false, dialog: "The kitchen closed at ${time}."),
        ],
        confirm: { handler, intent in try await handler.confirm(intent: intent) },
        handle: { handler, intent in try await handler.handle(intent: intent) })
}

/// A soup order's handler.
@MainActor
public protocol OrderSoupIntentHandling: AnyObject {
    func resolveSoup(for intent: OrderSoupIntent) async throws -> ResolutionResult<Soup>
    func provideSoupOptions(for intent: OrderSoupIntent, searchTerm: String?) async throws -> ObjectCollection<Soup>
    func resolveQuantity(for intent: OrderSoupIntent) async throws -> ResolutionResult<Int>
    func resolveToppings(for intent: OrderSoupIntent) async throws -> [ResolutionResult<String>]
    func confirm(intent: OrderSoupIntent) async throws -> IntentResponse
    func handle(intent: OrderSoupIntent) async throws -> IntentResponse
}

/// A second intent, which the fixture manifest restricts while locked.
public struct OpenSafeIntent: Intent {
    public static let typeName = "OpenSafeIntent"
    public init() {}
    public static let schema = IntentSchema<OpenSafeIntent>(
        handler: (any OpenSafeIntentHandling).self, parameters: [],
        handle: { handler, intent in await handler.handle(intent: intent) })
}

/// A safe opener.
@MainActor
public protocol OpenSafeIntentHandling: AnyObject {
    func handle(intent: OpenSafeIntent) async -> IntentResponse
}

/// An intent the catalog defines but the fixture manifest does not list.
public struct UnlistedIntent: Intent {
    public static let typeName = "UnlistedIntent"
    public init() {}
    public static let schema = IntentSchema<UnlistedIntent>(
        handler: (any OpenSafeIntentHandling).self, parameters: [], handle: { _, _ in .success })
}
