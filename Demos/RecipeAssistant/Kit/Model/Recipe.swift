import Foundation
import SceneIntents

/// A recipe: what the book holds and what the ShowDirections intent's `recipe` parameter takes.
public struct Recipe: ParameterValue, Hashable {
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

    /// The recipe as a rich item: title, subtitle, image.
    public var displayItem: DisplayItem {
        DisplayItem(identifier: identifier, title: title, subtitle: subtitle.isEmpty ? nil : subtitle, imageName: imageName)
    }

    /// A reference to a recipe by what the user said (and the identifier, when the words matched
    /// a known recipe); the handler looks the real recipe up.
    public static func fromSpoken(_ text: String, identifier: String?) -> Recipe? {
        let words = text.trimmingCharacters(in: .whitespaces)
        guard !words.isEmpty || identifier != nil else { return nil }
        return Recipe(identifier: identifier ?? "", title: words)
    }

    /// Whether this is only a spoken reference, not a recipe from the book.
    public var isReference: Bool { ingredients.isEmpty && directions.isEmpty && subtitle.isEmpty }
}
