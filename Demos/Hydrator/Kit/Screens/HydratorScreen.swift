import SceneIntents

/// A screen of Hydrator, drawn as text: a heading and its rows.
@MainActor
public protocol HydratorScreen: AnyObject {
    /// The screen's heading.
    var heading: String { get }
    /// The screen's rows.
    func lines() -> [String]
}
