import Assistant
import SceneIntents
import Testing

/// Numbers as people say them: a minus sign is kept (so "-5" is never read as 5), and digits or
/// number words make the same `Int`.
@Suite("Spoken numbers")
struct SpokenNumberTests {
    @Test func aMinusSignStartingANumberIsKeptAndAHyphenBetweenWordsIsNot() throws {
        var vocabulary = Vocabulary()
        try vocabulary.addPhrase("log ${ounces} ounces", intent: "LogIntent")
        for (utterance, spoken) in [("log -5 ounces", "-5"), ("log −5 ounces", "-5"), ("log 5 ounces", "5"), ("log 3-4 ounces", "3 4")] {
            guard case .matched(let interpretation) = vocabulary.match(utterance) else {
                Issue.record("\(utterance) did not match")
                continue
            }
            #expect(interpretation.slots["ounces"]?.spoken == spoken)
        }
        #expect(vocabulary.match("next-step") == vocabulary.match("next step"))
    }

    @Test(arguments: [
        ("8", 8), ("-3", -3), ("eight", 8), ("Twenty-Four", 24), ("twenty four", 24), ("a hundred", 100),
        ("one hundred and twenty eight", 128), ("minus five", -5), ("minus 5", -5), ("two thousand and five", 2005), ("zero", 0),
    ])
    func digitsAndWordsMakeTheSameNumber(_ text: String, _ value: Int) {
        #expect(Int.fromSpoken(text, identifier: nil) == value)
    }

    @Test(arguments: ["", "lots", "eight ounces", "one two", "twenty thirty", "a", "hundred", "and five", "a eight", "eight and"])
    func otherWordsAreNoNumber(_ text: String) {
        #expect(Int.fromSpoken(text, identifier: nil) == nil)
    }
}
