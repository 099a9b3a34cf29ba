/// Recipes made up from numbers, for searching a catalog of any size.
///
/// Recipe `n` is always the same: a title of three words from fixed lists plus its number, so a
/// catalog is reproducible and its titles share words the way real ones do.
public enum SyntheticCatalog {
    private static let styles = [
        "Smoky", "Zesty", "Crispy", "Creamy", "Spicy", "Golden", "Rustic", "Fluffy", "Tangy", "Hearty",
        "Roasted", "Grilled", "Sticky", "Herby", "Garlicky", "Sweet", "Savory", "Charred", "Silky", "Toasted",
    ]
    private static let ingredients = [
        "Lemon", "Banana", "Apple", "Pumpkin", "Chickpea", "Mushroom", "Tomato", "Spinach", "Salmon", "Chicken",
        "Potato", "Carrot", "Coconut", "Almond", "Ginger", "Fennel", "Lentil", "Pepper", "Cherry", "Walnut",
        "Basil", "Cheddar", "Maple", "Honey", "Sesame", "Leek", "Onion", "Pear", "Plum", "Beetroot",
    ]
    private static let dishes = [
        "Pancakes", "Soup", "Salad", "Tart", "Risotto", "Curry", "Stew", "Bread", "Muffins", "Pie",
        "Noodles", "Omelette", "Fritters", "Gratin", "Crumble", "Dumplings", "Tacos", "Casserole", "Cake", "Waffles",
    ]

    /// The title of synthetic recipe `number`.
    public static func title(_ number: Int) -> String {
        let style = styles[number % styles.count]
        let ingredient = ingredients[(number / styles.count) % ingredients.count]
        let dish = dishes[(number / (styles.count * ingredients.count)) % dishes.count]
        return "\(style) \(ingredient) \(dish) No. \(number + 1)"
    }

    /// Synthetic recipe `number`, complete with ingredients and directions.
    public static func recipe(_ number: Int) -> Recipe {
        let title = title(number)
        let words = title.split(separator: " ")
        return Recipe(
            identifier: "catalog-\(number + 1)", title: title,
            subtitle: "\(15 + number % 60) min · serves \(2 + number % 5)", imageName: "catalog",
            ingredients: ["\(words[1]) (300 g)", "salt", "pepper", "olive oil"],
            directions: [
                "Prepare the \(words[1].lowercased()).",
                "Cook the \(words[2].lowercased()) until \(words[0].lowercased()).",
                "Season and serve.",
            ])
    }

    /// The first `count` synthetic recipes.
    public static func recipes(count: Int) -> [Recipe] {
        (0..<max(0, count)).map(recipe)
    }
}
