import SceneIntentsFeatures

/// Insulting the user: unconditional.
public enum InsultsFeature: Feature {
    /// The feature's name.
    public static let name = "Insults"
    /// Its actions.
    public static var actions: [any Action.Type] { [InsultMeAction.self] }
}

/// Remembering a favourite insult: only while the user has switched favourites on.
public enum FavouritesFeature: Feature {
    /// The feature's name.
    public static let name = "Favourites"
    /// Its actions.
    public static var actions: [any Action.Type] { [SaveFavouriteAction.self, GetFavouriteInsultAction.self] }
    /// The user's setting.
    public static var requirements: [FeatureRequirement] { [.userToggle("favourites")] }
}

/// Jokes: a purchase.
public enum JokesFeature: Feature {
    /// The feature's name.
    public static let name = "Jokes"
    /// Its actions.
    public static var actions: [any Action.Type] { [MakeMeLaughAction.self] }
    /// The purchase that unlocks it.
    public static var requirements: [FeatureRequirement] { [.purchase("jokes")] }
}

/// Hobson's feature groups.
public enum HobsonFeatures {
    /// Everything the app does.
    public static let app = FeatureGroup("Hobson", features: [InsultsFeature.self, FavouritesFeature.self, JokesFeature.self])
    /// What its intents extension does in the background.
    public static let intentsExtension = FeatureGroup("HobsonIntents", features: [InsultsFeature.self, JokesFeature.self])
    /// What a fresh install grants: favourites on; jokes not bought.
    public static let defaultConditions = FeatureConditions(toggles: ["favourites"])
}
