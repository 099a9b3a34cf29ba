import SceneIntents

/// What the Add screen holds: the drink picked and the ounces entered. Kept in the session's
/// `userInfo` the moment either changes (a kill asks the app nothing), cleared when Today is
/// back on screen; a reconnecting scene opens the Add screen with them again.
public struct AddForm: Equatable, Sendable {
    /// The drink picked, if any.
    public var drink: HydrationType?
    /// The ounces entered, if any.
    public var ounces: Int?

    /// A form.
    public init(drink: HydrationType?, ounces: Int?) {
        self.drink = drink
        self.ounces = ounces
    }

    /// The form kept in `userInfo` (a session's or an activity's); nil when the Add screen was
    /// not on screen (no `screen: add`). A drink that is not one of the spoken ones is left out.
    public init?(userInfo: [String: PropertyListValue]) {
        guard userInfo["screen"] == "add" else { return nil }
        if case .integer(let raw)? = userInfo["drink"], let drink = HydrationType(rawValue: raw),
            HydrationType.spokenCases.contains(drink)
        {
            self.drink = drink
        }
        if case .integer(let ounces)? = userInfo["ounces"] { self.ounces = ounces }
    }

    /// The form as `userInfo`: `screen: add`, then `drink` (its raw value) and `ounces`, each
    /// when there is one.
    public var userInfo: [String: PropertyListValue] {
        var info: [String: PropertyListValue] = ["screen": "add"]
        if let drink { info["drink"] = .integer(drink.rawValue) }
        if let ounces { info["ounces"] = .integer(ounces) }
        return info
    }
}

extension ViewController {
    /// Keeps `info` in the session's `userInfo` (reported to the system at once) when it changed.
    func keep(_ info: [String: PropertyListValue]) {
        guard let session = scene?.session, session.userInfo != info else { return }
        session.userInfo = info
    }
}
