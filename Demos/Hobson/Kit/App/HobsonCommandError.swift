import SceneIntents

/// Why a Hobson command did nothing.
public typealias HobsonCommandError = FeatureError<HobsonCommandCode>

/// The kinds of `HobsonCommandError`.
public enum HobsonCommandCode: String, FeatureErrorCode {
    /// The app is not showing anything to act on.
    case nothingToActOn
    /// An argument is missing or not understood.
    case badArgument
    /// The app, the dispatcher or the store refused.
    case refused
}
