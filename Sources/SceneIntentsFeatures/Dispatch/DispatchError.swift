import SceneIntents

/// Why a URL, an activity or an intent could not be turned into a performance: nothing was
/// performed and nothing recorded.
public typealias DispatchError = FeatureError<DispatchErrorCode>

/// The kinds of `DispatchError`.
public enum DispatchErrorCode: String, FeatureErrorCode {
    /// The text is not a URL.
    case malformedURL
    /// The URL's scheme is not the app's.
    case unknownScheme
    /// No action declares the URL's route.
    case unknownRoute
    /// A parameter the route needs is absent.
    case missingParameter
    /// A parameter's value is not one the route accepts.
    case invalidValue
    /// A parameter is given twice.
    case duplicateParameter
    /// A parameter the route does not take.
    case unexpectedParameter
    /// No registered action continues activities of this type.
    case unknownActivityType
    /// The activity carries neither an interaction nor a URL the action can read.
    case activityWithoutInput
    /// The action is not declared by any feature of the dispatcher's group.
    case undeclaredAction
    /// No registered action answers this intent type.
    case unknownIntent
    /// Another registered action already has this route, activity type or intent.
    case duplicateRegistration
}
