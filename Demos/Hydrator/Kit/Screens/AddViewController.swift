import SceneIntents
import SceneIntentsCommandLine

/// The Add screen: the user picks a drink and an amount and saves, through the same handler
/// (and so the same checks and the same words) as a spoken request.
@MainActor
public final class AddViewController: ViewController, TextScreen {
    private let handler: TrackIntakeHandler
    /// The drink picked, if any.
    public private(set) var drink: HydrationType? {
        didSet { keep(form.userInfo) }
    }
    /// The amount entered, if any.
    public private(set) var ounces: Int? {
        didSet { keep(form.userInfo) }
    }

    /// The screen, saving through `handler`, with `form` already filled in (as restored).
    public init(handler: TrackIntakeHandler, form: AddForm = AddForm(drink: nil, ounces: nil)) {
        self.handler = handler
        drink = form.drink
        ounces = form.ounces
        super.init(name: "Add")
    }

    /// What the screen holds.
    public var form: AddForm { AddForm(drink: drink, ounces: ounces) }

    /// Keeps what the screen holds in the session, as the screen shows.
    override public func viewDidAppear() {
        keep(form.userInfo)
    }

    /// "Add a drink".
    public var heading: String { "Add a drink" }

    /// The drinks to pick from, numbered, then what is entered.
    public func lines() -> [String] {
        HydrationType.spokenCases.enumerated().map { index, type in
            "[\(index + 1)] \(type.displayName)\(type == drink ? " ✓" : "")"
        } + ["Ounces: \(ounces.map(String.init) ?? "–")"]
    }

    /// Picks drink `number` of the list; an error message when there is none.
    /// `said` is the number as typed, for the refusal (a number past `Int`'s range arrives
    /// clamped to it).
    public func pick(_ number: Int, said: String? = nil) -> String? {
        let drinks = HydrationType.spokenCases
        guard drinks.indices.contains(number - 1) else { return "There is no drink \(said ?? "\(number)"); pick 1 to \(drinks.count)." }
        drink = drinks[number - 1]
        return nil
    }

    /// Enters the amount.
    public func enter(ounces: Int) { self.ounces = ounces }

    /// Saves: what the user hears, the resolution's reason or the handler's answer.
    public func save() async -> String {
        let intent = TrackIntakeIntent(ounces: ounces, hydrationType: drink)
        for check in [await handler.resolveOunces(for: intent).problem(prompts: Self.ouncesPrompts),
                      await handler.resolveHydrationType(for: intent).problem(prompts: Self.drinkPrompts)] {
            if let check { return check }
        }
        let response = await handler.handle(intent: intent)
        if response.code == .success { _ = navigationController?.pop() }
        return TrackIntakeIntentResponse.line(for: response)
    }

    private static let ouncesPrompts = TrackIntakeIntent.schema.parameter(named: "ounces")?.descriptor.prompts
    private static let drinkPrompts = TrackIntakeIntent.schema.parameter(named: "hydrationType")?.descriptor.prompts
}

extension ResolutionResult {
    /// What a form says about this result: the prompt for a missing value, the reason's dialog
    /// for an unsupported one; nil when the value is fine.
    func problem(prompts: ParameterPrompts?) -> String? {
        switch self {
        case .needsValue: prompts?.value ?? "Pick a drink."
        case .unsupported(let reason): prompts?.unsupported[reason ?? ""] ?? "That can't be logged."
        case .success, .notRequired, .disambiguation, .confirmationRequired: nil
        }
    }
}

extension TrackIntakeIntentResponse {
    /// The words of a response: its code's dialog from the definition file.
    static func line(for response: TrackIntakeIntentResponse) -> String {
        templates.first { $0.code == response.intentResponse.code }?.dialog ?? "Done."
    }
}
