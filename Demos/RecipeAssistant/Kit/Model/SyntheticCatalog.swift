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

    private static let styleBytes = styles.map { Array($0.utf8) }
    private static let ingredientBytes = ingredients.map { Array($0.utf8) }
    private static let dishBytes = dishes.map { Array($0.utf8) }

    /// Appends the UTF-8 of `title(number)` without building a `String` (for indexing a large
    /// catalog fast).
    static func appendTitle(_ number: Int, to bytes: inout [UInt8]) {
        bytes += styleBytes[number % styles.count]
        bytes.append(32)
        bytes += ingredientBytes[(number / styles.count) % ingredients.count]
        bytes.append(32)
        bytes += dishBytes[(number / (styles.count * ingredients.count)) % dishes.count]
        bytes += " No. ".utf8
        var digits = number + 1
        let first = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(digits % 10))
            digits /= 10
        } while digits > 0
        bytes[first...].reverse()
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
