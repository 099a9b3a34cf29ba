import SceneIntents

/// Where a cook is in a scene: the recipe on screen (none on the list) and, on its directions,
/// the step (from 0). Kept in the session's `userInfo` the moment it changes, because
/// `stateRestorationActivity(for:)` is asked only when the scene leaves the screen and a kill
/// asks nothing; a reconnecting scene is rebuilt from it: list, recipe, directions at the step.
public struct RecipePlace: Equatable, Sendable {
    /// The identifier of the recipe on screen, nil on the list.
    public var recipe: String?
    /// The step shown, from 0, when the directions are on screen.
    public var step: Int?

    /// A place.
    public init(recipe: String?, step: Int? = nil) {
        self.recipe = recipe
        self.step = step
    }

    /// The place a screen shows.
    @MainActor
    public init(screen: any RecipeScreen) {
        recipe = screen.displayedRecipe?.identifier
        step = (screen as? DirectionsViewController)?.step
    }

    /// The place kept in `userInfo` (a session's or an activity's); nil when none was kept
    /// there (no `screen`).
    public init?(userInfo: [String: PropertyListValue]) {
        guard userInfo["screen"] != nil else { return nil }
        if case .string(let recipe)? = userInfo["recipe"] { self.recipe = recipe }
        if case .integer(let step)? = userInfo["step"] { self.step = step }
    }

    /// The place a session keeps: its `userInfo`, kept as the place changed (the list too), else
    /// the place its restoration activity saved; nil when neither kept one.
    @MainActor
    public init?(session: SceneSession) {
        guard let place = Self(userInfo: session.userInfo) ?? session.stateRestorationActivity.flatMap({ Self(userInfo: $0.userInfo) })
        else { return nil }
        self = place
    }

    /// The place as `userInfo`: `screen` (list, recipe or directions), then `recipe` (its
    /// identifier) and `step`, each when there is one.
    public var userInfo: [String: PropertyListValue] {
        var info: [String: PropertyListValue] = ["screen": .string(recipe == nil ? "list" : step == nil ? "recipe" : "directions")]
        if let recipe { info["recipe"] = .string(recipe) }
        if let step { info["step"] = .integer(step) }
        return info
    }
}

extension RecipeScreen where Self: ViewController {
    /// Keeps the place this screen shows in its session's `userInfo` (reported to the system at
    /// once), when it changed; a screen not in a scene keeps nothing.
    func keepPlace() {
        guard let session = scene?.session else { return }
        let info = RecipePlace(screen: self).userInfo
        if session.userInfo != info { session.userInfo = info }
    }
}
