import SceneIntents
import Testing

/// A type's name is what `String(describing:)` writes for it, worked out without the dynamic
/// casts that call makes (see `TypeNames`): a parameter value's wire name, a handler type named
/// in a refusal and a view controller's default name must not change with that.
struct TypeNameTests {
    struct Nested {
        enum Kind: Sendable {}
    }
    struct Box<Value> {}
    final class Screen: ViewController {}
    struct Colour: ParameterValue, Hashable {
        var name: String
        var displayItem: DisplayItem { DisplayItem(identifier: name, title: name) }
        static func fromSpoken(_ text: String, identifier: String?) -> Colour? { Colour(name: text) }
    }

    @Test func everyKindOfTypeIsNamedAsStringDescribingNamesIt() {
        let types: [Any.Type] = [
            String.self, Int.self, Double.self, Bool.self, Nested.self, Nested.Kind.self, Box<Int>.self,
            Box<Nested.Kind>.self, Int?.self, [String].self, [String: Int].self, Set<Int>.self, (Int, String).self,
            ((Int) -> String).self, Any.self, AnyObject.self, (any ParameterValue).self, (any Sendable & Hashable).self,
            Nested.Type.self, (any ParameterValue.Type).self, Screen.self, ViewController.self, Colour.self,
        ]
        #expect(types.map { TypeNames.name(of: $0) } == types.map { String(describing: $0) })
        // The cache answers the same the second time.
        #expect(types.map { TypeNames.name(of: $0) } == types.map { String(describing: $0) })
    }

    @Test @MainActor func publicNamesReadTheTypeNames() {
        #expect(Colour.typeName == "Colour")
        #expect(String.typeName == "String")
        #expect(Screen().name == "Screen")
        #expect(ViewController().name == "ViewController")
        #expect(ViewController(name: "Home").name == "Home")
    }
}
