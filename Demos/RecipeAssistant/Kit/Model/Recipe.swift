import Foundation
import SceneIntents

/// A recipe: what the book holds. The ShowDirections intent carries a `RecipeReference` made from
/// one (`reference`).
public struct Recipe: Sendable, Hashable, Codable {
    /// A stable identifier ("banana-pancakes").
    public var identifier: String
    /// The title ("Banana Pancakes").
    public var title: String
    /// Time and servings ("25 min · serves 4").
    public var subtitle: String
    /// The image the app shows.
    public var imageName: String
    /// The ingredients, in order.
    public var ingredients: [String]
    /// The steps, in order; may be empty.
    public var directions: [String]

    /// A recipe.
    public init(
        identifier: String, title: String, subtitle: String = "", imageName: String = "",
        ingredients: [String] = [], directions: [String] = []
    ) {
        self.identifier = identifier
        self.title = title
        self.subtitle = subtitle
        self.imageName = imageName
        self.ingredients = ingredients
        self.directions = directions
    }
}
