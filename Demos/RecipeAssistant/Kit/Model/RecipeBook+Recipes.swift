extension RecipeBook {
    /// The recipes the demo ships: 22 of them, five pancakes among them, and one whose
    /// directions were lost.
    public static let demoRecipes: [Recipe] = [
        Recipe(
            identifier: "banana-pancakes", title: "Banana Pancakes", subtitle: "25 min · serves 4",
            imageName: "banana-pancakes",
            ingredients: ["2 ripe bananas", "2 eggs", "150 g flour", "200 ml milk", "1 tsp baking powder", "butter"],
            directions: [
                "Mash the bananas in a large bowl.",
                "Whisk in the eggs and the milk.",
                "Fold in the flour and the baking powder until just combined.",
                "Cook ladlefuls in a buttered pan, two minutes a side.",
            ]),
        Recipe(
            identifier: "buttermilk-pancakes", title: "Buttermilk Pancakes", subtitle: "20 min · serves 4",
            imageName: "buttermilk-pancakes",
            ingredients: ["250 g flour", "2 tbsp sugar", "1 tsp baking soda", "500 ml buttermilk", "2 eggs", "50 g melted butter"],
            directions: [
                "Mix the flour, sugar and baking soda.",
                "Whisk the buttermilk, eggs and melted butter.",
                "Stir the wet into the dry, leaving a few lumps.",
                "Cook on a hot griddle until bubbles pop, then flip.",
            ]),
        Recipe(
            identifier: "blueberry-pancakes", title: "Blueberry Pancakes", subtitle: "25 min · serves 4",
            imageName: "blueberry-pancakes",
            ingredients: ["200 g flour", "1 tbsp sugar", "2 tsp baking powder", "300 ml milk", "1 egg", "125 g blueberries"],
            directions: [
                "Whisk the flour, sugar and baking powder.",
                "Beat in the milk and the egg.",
                "Pour small rounds into a hot pan and scatter blueberries on top.",
                "Flip once golden underneath.",
            ]),
        Recipe(
            identifier: "potato-pancakes", title: "Potato Pancakes", subtitle: "40 min · serves 4",
            imageName: "potato-pancakes",
            ingredients: ["1 kg potatoes", "1 onion", "2 eggs", "3 tbsp flour", "salt", "oil for frying"],
            directions: [
                "Grate the potatoes and the onion, then squeeze out the liquid.",
                "Mix in the eggs, flour and salt.",
                "Fry flat spoonfuls in hot oil until crisp on both sides.",
            ]),
        Recipe(
            identifier: "scallion-pancakes", title: "Scallion Pancakes", subtitle: "50 min · serves 4",
            imageName: "scallion-pancakes",
            ingredients: ["300 g flour", "180 ml hot water", "1 bunch scallions", "sesame oil", "salt"],
            directions: [
                "Knead the flour and hot water into a soft dough; rest 30 minutes.",
                "Roll thin, brush with sesame oil, salt and scatter scallions.",
                "Roll up, coil and flatten again.",
                "Pan-fry until blistered and golden.",
            ]),
        Recipe(
            identifier: "tomato-soup", title: "Tomato Soup", subtitle: "35 min · serves 4", imageName: "tomato-soup",
            ingredients: ["1 kg tomatoes", "1 onion", "2 garlic cloves", "500 ml stock", "olive oil", "basil"],
            directions: [
                "Soften the onion and garlic in olive oil.",
                "Add the chopped tomatoes and the stock; simmer 20 minutes.",
                "Blend smooth and season; finish with basil.",
            ]),
        Recipe(
            identifier: "guacamole", title: "Guacamole", subtitle: "10 min · serves 4", imageName: "guacamole",
            ingredients: ["3 avocados", "1 lime", "1 small onion", "1 tomato", "coriander", "salt"],
            directions: [
                "Mash the avocados with the lime juice.",
                "Stir in the finely chopped onion, tomato and coriander.",
                "Season with salt and serve at once.",
            ]),
        Recipe(
            identifier: "chocolate-chip-cookies", title: "Chocolate Chip Cookies", subtitle: "30 min · makes 24",
            imageName: "cookies",
            ingredients: ["225 g butter", "200 g brown sugar", "2 eggs", "300 g flour", "1 tsp baking soda", "300 g chocolate chips"],
            directions: [
                "Cream the butter and sugar.",
                "Beat in the eggs.",
                "Mix in the flour and baking soda, then the chocolate chips.",
                "Bake spoonfuls at 180 °C for 10 minutes.",
            ]),
        Recipe(
            identifier: "lemon-risotto", title: "Lemon Risotto", subtitle: "40 min · serves 4", imageName: "risotto",
            ingredients: ["300 g arborio rice", "1 l hot stock", "1 onion", "1 lemon", "50 g parmesan", "butter"],
            directions: [
                "Soften the onion in butter, then toast the rice.",
                "Add the stock a ladle at a time, stirring, for 18 minutes.",
                "Stir in lemon zest and juice, parmesan and a knob of butter.",
            ]),
        Recipe(
            identifier: "greek-salad", title: "Greek Salad", subtitle: "15 min · serves 4", imageName: "greek-salad",
            ingredients: ["4 tomatoes", "1 cucumber", "1 red onion", "200 g feta", "olives", "oregano", "olive oil"],
            directions: [
                "Cut the tomatoes, cucumber and onion into chunks.",
                "Top with feta and olives.",
                "Dress with olive oil and oregano.",
            ]),
        Recipe(
            identifier: "french-toast", title: "French Toast", subtitle: "15 min · serves 2", imageName: "french-toast",
            ingredients: ["4 slices brioche", "2 eggs", "100 ml milk", "cinnamon", "butter", "maple syrup"],
            directions: [
                "Whisk the eggs, milk and cinnamon.",
                "Soak each slice briefly.",
                "Fry in butter until golden; serve with maple syrup.",
            ]),
        Recipe(
            identifier: "mushroom-omelette", title: "Mushroom Omelette", subtitle: "10 min · serves 1", imageName: "omelette",
            ingredients: ["3 eggs", "100 g mushrooms", "butter", "chives", "salt"],
            directions: [
                "Fry the sliced mushrooms in butter and set aside.",
                "Cook the beaten eggs gently, stirring, until just set.",
                "Add the mushrooms and chives, fold and serve.",
            ]),
        Recipe(
            identifier: "chicken-curry", title: "Chicken Curry", subtitle: "50 min · serves 4", imageName: "curry",
            ingredients: ["600 g chicken thighs", "2 onions", "3 garlic cloves", "ginger", "2 tbsp curry paste", "400 ml coconut milk"],
            directions: [
                "Brown the chicken and set aside.",
                "Fry the onions, garlic and ginger; stir in the curry paste.",
                "Return the chicken, add the coconut milk and simmer 25 minutes.",
            ]),
        Recipe(
            identifier: "vegetable-stir-fry", title: "Vegetable Stir-Fry", subtitle: "20 min · serves 2", imageName: "stir-fry",
            ingredients: ["1 pepper", "1 carrot", "150 g broccoli", "2 tbsp soy sauce", "ginger", "sesame oil"],
            directions: [
                "Heat the wok until smoking.",
                "Stir-fry the vegetables hardest first, two minutes each.",
                "Toss with soy sauce, ginger and sesame oil.",
            ]),
        Recipe(
            identifier: "apple-crumble", title: "Apple Crumble", subtitle: "55 min · serves 6", imageName: "crumble",
            ingredients: ["6 apples", "100 g sugar", "150 g flour", "100 g butter", "50 g oats", "cinnamon"],
            directions: [
                "Slice the apples into a dish with half the sugar and the cinnamon.",
                "Rub the flour, butter, oats and remaining sugar into crumbs.",
                "Scatter over the apples and bake at 190 °C for 35 minutes.",
            ]),
        Recipe(
            identifier: "hummus", title: "Hummus", subtitle: "10 min · serves 6", imageName: "hummus",
            ingredients: ["400 g chickpeas", "3 tbsp tahini", "1 lemon", "1 garlic clove", "olive oil", "salt"],
            directions: [
                "Blend the chickpeas, tahini, lemon juice and garlic.",
                "Loosen with a little water and olive oil until smooth.",
                "Season and serve with a drizzle of oil.",
            ]),
        Recipe(
            identifier: "margherita-pizza", title: "Margherita Pizza", subtitle: "2 h · makes 2", imageName: "pizza",
            ingredients: ["500 g flour", "7 g yeast", "325 ml water", "tomato passata", "mozzarella", "basil"],
            directions: [
                "Knead the flour, yeast, water and a pinch of salt; rise for an hour.",
                "Stretch into two rounds and spread with passata.",
                "Top with mozzarella and bake at the highest heat for 8 minutes.",
                "Finish with basil.",
            ]),
        Recipe(
            identifier: "lentil-soup", title: "Lentil Soup", subtitle: "45 min · serves 6", imageName: "lentil-soup",
            ingredients: ["250 g red lentils", "1 onion", "2 carrots", "1 tsp cumin", "1.5 l stock", "lemon"],
            directions: [
                "Soften the onion and carrots with the cumin.",
                "Add the lentils and stock; simmer 25 minutes.",
                "Blend half, season and squeeze in lemon.",
            ]),
        Recipe(
            identifier: "banana-bread", title: "Banana Bread", subtitle: "1 h 10 min · makes 1 loaf", imageName: "banana-bread",
            ingredients: ["3 ripe bananas", "75 g melted butter", "150 g sugar", "1 egg", "190 g flour", "1 tsp baking soda"],
            directions: [
                "Mash the bananas and stir in the butter.",
                "Mix in the sugar, egg, then the flour and baking soda.",
                "Bake in a loaf tin at 175 °C for an hour.",
            ]),
        Recipe(
            identifier: "pesto-pasta", title: "Pesto Pasta", subtitle: "15 min · serves 2", imageName: "pesto",
            ingredients: ["200 g pasta", "1 bunch basil", "30 g pine nuts", "40 g parmesan", "1 garlic clove", "olive oil"],
            directions: [
                "Boil the pasta in salted water.",
                "Blend the basil, pine nuts, parmesan, garlic and oil.",
                "Toss the drained pasta with the pesto and a splash of its water.",
            ]),
        Recipe(
            identifier: "shakshuka", title: "Shakshuka", subtitle: "30 min · serves 2", imageName: "shakshuka",
            ingredients: ["1 onion", "1 red pepper", "400 g tomatoes", "1 tsp paprika", "4 eggs", "parsley"],
            directions: [
                "Soften the onion and pepper with the paprika.",
                "Add the tomatoes and simmer until thick.",
                "Make four wells, crack in the eggs, cover and cook until set.",
            ]),
        Recipe(
            identifier: "grandmas-secret-stew", title: "Grandma's Secret Stew", subtitle: "3 h · serves 8",
            imageName: "stew",
            ingredients: ["1 kg beef", "4 carrots", "2 onions", "1 bottle of red wine", "a secret"],
            directions: []),
    ]
}
