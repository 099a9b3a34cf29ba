import Assistant
import RecipeAssistantKit
import SceneIntents
import Testing

/// Answers at "Which recipe?" in a large catalog: a whole title wins wherever it is in the list,
/// a misspelt title is the closest one on any page, a number not read yet is said to be so, and
/// accents are kept in what is said back and folded when searching.
@MainActor
struct PickAnswerTests {
    typealias Session = ConversationInputTests.Session

    @Test func aWholeTitleFurtherOnWinsOverAShownTitleItStartsLike() async throws {
        let session = try await Session(catalogSize: 12_001, ":open\nshow directions for pan\nmore\nmore\nSmoky Lemon Pancakes No. 12001")
        #expect(session.detail?.recipe.title == "Smoky Lemon Pancakes No. 12001")
        session.expectSettled()
    }

    @Test func aMisspeltTitleOnALaterPageIsTheClosestOne() async throws {
        let session = try await Session(catalogSize: 100, ":open\nshow directions for pan\nmore\nmore\nZesty Lemon Pancaks No. 2")
        #expect(session.detail?.recipe.title == "Zesty Lemon Pancakes No. 2")
        #expect(!session.spoken.contains { $0.contains("matches") })
        session.expectSettled()
    }

    @Test func aMisspeltTitleWithAnotherNumberIsNotTakenForAShownOne() async throws {
        let session = try await Session(catalogSize: 100, ":open\nshow directions for pan\nmore\nSmoky Lemon Pancaks No. 12001\ncancel")
        #expect(session.spoken.dropFirst(2).first
            == "Sorry, that isn't one of them. You can say a number from 1 to 6, a name such as \"Banana Pancakes\" or \"more\".")
        #expect(session.detail == nil)
        session.expectSettled()
    }

    @Test func aMisspeltTitleNotYetReadIsFoundByItsNumber() async throws {
        let session = try await Session(catalogSize: 12_001, ":open\nshow directions for pan\nCrispy Banana Pancaks No. 23")
        #expect(session.detail?.recipe.title == "Crispy Banana Pancakes No. 23")
        session.expectSettled()
    }

    @Test func aNumberNotReadYetIsSaidToBeSoAndOneBeyondTheListIsNot() async throws {
        let session = try await Session(":open\nshow directions for pancakes\n4\n9\n2")
        #expect(session.spoken.prefix(5) == [
            ConversationInputTests.pancakes,
            "I haven't read number 4 yet. Say a number from 1 to 3, or \"more\" to hear more.", ConversationInputTests.pancakes,
            "There's no number 9 on the list. Say a number from 1 to 3, or \"more\".", ConversationInputTests.pancakes,
        ])
        #expect(session.detail?.recipe.title == "Buttermilk Pancakes")
        session.expectSettled()
    }

    @Test func wordsNameOnlyTheCandidatesRead() async throws {
        let session = try await Session(":open\nshow directions for pancakes\n4\npancakes\n1")
        #expect(session.spoken.dropFirst(3).first == "\"pancakes\" matches 1, 2 and 3. Say the number.")
        #expect(session.detail?.recipe.title == "Banana Pancakes")
        session.expectSettled()
    }

    @Test func wordsAreSaidBackWithTheirAccents() async throws {
        let session = try await Session(":open\nshow directions for Crème Brûlée\ncancel")
        #expect(session.spoken.first == "I couldn't find a recipe called 'Crème Brûlée'.")
        session.expectSettled()
    }

    @Test func searchingFoldsAccentsBothWays() {
        let index = RecipeSearchIndex(titles: ["Crème Brûlée", "Creme Caramel", "Straße Pie"])
        #expect(index.search("creme brulee", limit: 5) == [0])
        #expect(index.search("CRÈME", limit: 5) == [0, 1])
        #expect(index.search("crème caramel", limit: 5) == [1])
        #expect(index.search("strasse", limit: 5) == [2])
    }
}
