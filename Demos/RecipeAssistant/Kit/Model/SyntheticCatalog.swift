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

    /// The lists' words in UTF-8, each with the text that follows it in a title, one after
    /// another (styles, ingredients, dishes), so a title is copied from one buffer.
    private static let titleText = Array(
        (styles.map { $0 + " " } + ingredients.map { $0 + " " } + dishes.map { $0 + " No. " }).joined().utf8)
    /// Where each word of `titleText` starts, and where the last one ends.
    private static let titleWordStarts = (styles + ingredients + dishes).reduce(into: [0]) { starts, word in
        starts.append(starts.last! + word.utf8.count + (starts.count > styles.count + ingredients.count ? 5 : 1))
    }

    /// Room for any title: the longest word of each list with the text that follows it, and the
    /// digits of any `Int`. The buffer's writes are not bounds-checked in a release build.
    private static let titleCapacity: Int = {
        let lengths = zip(titleWordStarts.dropFirst(), titleWordStarts).map { $0 - $1 }
        var start = 0
        var capacity = 20
        for count in [styles.count, ingredients.count, dishes.count] {
            capacity += lengths[start..<start + count].max() ?? 0
            start += count
        }
        return capacity
    }()

    /// Lends `body` the UTF-8 of `title(number)`, made without a `String` (for indexing a large
    /// catalog fast): written in a small buffer on the stack.
    static func withTitleUTF8(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let words = (
            number % styles.count, styles.count + (number / styles.count) % ingredients.count,
            styles.count + ingredients.count + (number / (styles.count * ingredients.count)) % dishes.count)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: titleCapacity) { title in
            var length = 0
            titleText.withUnsafeBufferPointer { text in
                titleWordStarts.withUnsafeBufferPointer { starts in
                    for word in [words.0, words.1, words.2] {
                        for index in starts[word]..<starts[word + 1] {
                            title[length] = text[index]
                            length += 1
                        }
                    }
                }
            }
            // The digits are written from the buffer's end, then moved after the words.
            var value = number + 1
            var first = title.count
            repeat {
                first -= 1
                title[first] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            } while value > 0
            for index in first..<title.count {
                title[length] = title[index]
                length += 1
            }
            body(UnsafeBufferPointer(rebasing: title[..<length]))
        }
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
