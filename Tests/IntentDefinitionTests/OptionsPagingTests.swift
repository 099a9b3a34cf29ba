import IntentGenFixtures
import SceneIntents
import TestFixtures
import Testing

/// What the generated code adds to Xcode's shapes: a custom type shows a subtitle and an image
/// (INObject's `subtitleString` and `displayImage`), and a parameter with dynamic options can be
/// answered a page at a time.
@MainActor
struct OptionsPagingTests {
    /// Answers pages itself, and writes down every call, so a test sees which method the host used.
    final class PagingRecipeHandler: FindRecipeIntentHandling {
        var calls: [String] = []

        func resolveRecipe(for intent: FindRecipeIntent) async -> ResolutionResult<Recipe> { .needsValue }

        func provideRecipeOptionsCollection(for intent: FindRecipeIntent, searchTerm: String?) async
            -> ObjectCollection<Recipe>
        {
            calls.append("all \(searchTerm ?? "-")")
            return ObjectCollection(items: RecipeHandler.book)
        }

        func provideRecipeOptionsCollection(for intent: FindRecipeIntent, searchTerm: String?, page: OptionsPage) async
            -> ObjectCollection<Recipe>
        {
            calls.append("page \(searchTerm ?? "-") \(page.offset) \(page.limit)")
            return ObjectCollection(items: [RecipeHandler.book[page.offset]], nextOffset: page.offset + 1)
        }

        func handle(intent: FindRecipeIntent) async -> FindRecipeIntentResponse { FindRecipeIntentResponse(code: .success) }
    }

    /// One page of options, in a request of its own that is then finished.
    func options(_ host: IntentHost, _ term: String, _ page: OptionsPage, request: UInt64) async -> PhaseAnswer {
        let intent = AnyIntent(FindRecipeIntent())
        let answer = await host.answer(
            PhaseCall(request: request, intent: intent, phase: .provideOptions(parameter: "recipe", searchTerm: term, page: page)))
        #expect(await host.answer(PhaseCall(request: request, intent: intent, phase: .finish)) == .finished)
        return answer
    }

    func makeHost(_ handler: AnyObject) throws -> IntentHost {
        let catalog = try IntentCatalog(IntentGenFixtureCatalog.intentTypes)
        let application = Application(
            manifest: AppManifest(intentsSupported: catalog.typeNames),
            delegate: { HandlerDelegate(handler: handler) })
        return IntentHost(application: application, catalog: catalog)
    }

    @Test func aHandlerWithoutPagingHasItsWholeListPagedForIt() async throws {
        let host = try makeHost(RecipeHandler())
        let first = await options(host, "tomato", OptionsPage(offset: 0, limit: 1), request: 1)
        #expect(first == .options(ObjectCollection(items: [AnyParameterValue(RecipeHandler.book[1])], nextOffset: 1)))
        let second = await options(host, "tomato", OptionsPage(offset: 1, limit: 1), request: 2)
        #expect(second == .options(ObjectCollection(items: [AnyParameterValue(RecipeHandler.book[2])])))
        #expect(host.requestsInFlight == 0)
    }

    @Test func aHandlerThatPagesIsAskedForEachPageAndNeverForTheWholeList() async throws {
        let handler = PagingRecipeHandler()
        let host = try makeHost(handler)
        let first = await options(host, "pan", OptionsPage(offset: 0, limit: 1), request: 1)
        #expect(first == .options(ObjectCollection(items: [AnyParameterValue(RecipeHandler.book[0])], nextOffset: 1)))
        let second = await options(host, "pan", OptionsPage(offset: 2, limit: 1), request: 2)
        #expect(second == .options(ObjectCollection(items: [AnyParameterValue(RecipeHandler.book[2])], nextOffset: 3)))
        #expect(handler.calls == ["page pan 0 1", "page pan 2 1"])
        #expect(host.requestsInFlight == 0)
    }

    @Test func aCustomTypeShowsItsSubtitleAndImageAndTakesTrimmedWords() {
        let soup = Recipe(identifier: "soup", display: "Tomato Soup", subtitle: "20 min", image: "soup")
        #expect(soup.displayItem == DisplayItem(identifier: "soup", title: "Tomato Soup", subtitle: "20 min", imageName: "soup"))
        #expect(Recipe(identifier: nil, display: "Salad").displayItem == DisplayItem(identifier: "Salad", title: "Salad"))
        #expect(Recipe.fromSpoken("  tomato soup ", identifier: "soup") == Recipe(identifier: "soup", display: "tomato soup"))
        #expect(Recipe.fromSpoken("   ", identifier: "soup") == nil)
    }
}
