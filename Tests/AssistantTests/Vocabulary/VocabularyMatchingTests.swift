import Assistant
import SceneIntents
import Testing

@Suite("Vocabulary matching")
struct VocabularyMatchingTests {
    @Test func exactPhraseWithoutSlots() throws {
        let vocabulary = try VocabularyFixture.recipeVocabulary()
        #expect(vocabulary.match("next step") == .matched(Interpretation(intent: "NextStepIntent", phrase: "next step")))
        #expect(
            vocabulary.match("previous step")
                == .matched(Interpretation(intent: "PreviousStepIntent", phrase: "previous step")))
    }

    @Test func slotWithExactEntity() throws {
        let vocabulary = try VocabularyFixture.recipeVocabulary()
        let expected = Interpretation(
            intent: "ShowDirectionsIntent", phrase: "show directions for ${recipe}",
            slots: ["recipe": SlotValue(spoken: "banana pancakes", entity: VocabularyFixture.bananaPancakes)],
            score: 0)
        #expect(vocabulary.match("show directions for banana pancakes") == .matched(expected))
    }

    @Test func slotInTheMiddleCapturesSeveralWords() throws {
        let vocabulary = try VocabularyFixture.recipeVocabulary()
        guard case .matched(let interpretation) = vocabulary.match("what goes into lemon tart today") else {
            Issue.record("expected a match")
            return
        }
        #expect(interpretation.intent == "ListIngredientsIntent")
        #expect(interpretation.slots["recipe"]?.entity == VocabularyFixture.lemonTart)
        #expect(interpretation.slots["recipe"]?.spoken == "lemon tart")
    }

    @Test func synonymResolvesToItsEntity() throws {
        let vocabulary = try VocabularyFixture.recipeVocabulary()
        guard case .matched(let interpretation) = vocabulary.match("how do I make tarte au citron") else {
            Issue.record("expected a match")
            return
        }
        #expect(interpretation.slots["recipe"] == SlotValue(spoken: "tarte au citron", entity: VocabularyFixture.lemonTart))
        #expect(interpretation.score == 0)
    }

    @Test(arguments: ["Next step!", "NEXT   STEP", "next, step.", "  next-step  "])
    func caseAndPunctuationDoNotMatter(utterance: String) throws {
        let vocabulary = try VocabularyFixture.recipeVocabulary()
        #expect(vocabulary.match(utterance) == .matched(Interpretation(intent: "NextStepIntent", phrase: "next step")))
    }

    @Test func accentsAndApostrophesAreFolded() throws {
        var vocabulary = try VocabularyFixture.recipeVocabulary()
        try vocabulary.addPhrase("don't show ${recipe}", intent: "HideIntent")
        guard case .matched(let creme) = vocabulary.match("Show directions for CREME BRULEE") else {
            Issue.record("expected a match")
            return
        }
        #expect(creme.slots["recipe"]?.entity == VocabularyFixture.cremeBrulee)
        #expect(creme.slots["recipe"]?.editDistance == 0)
        guard case .matched(let hide) = vocabulary.match("Don’t show lemon tart") else {
            Issue.record("expected a match")
            return
        }
        #expect(hide.intent == "HideIntent")
    }

    @Test func misspeltEntityResolvesToTheClosestOne() throws {
        let vocabulary = try VocabularyFixture.recipeVocabulary()
        guard case .matched(let interpretation) = vocabulary.match("show directions for banana pancaks") else {
            Issue.record("expected a match")
            return
        }
        let slot = try #require(interpretation.slots["recipe"])
        #expect(slot.entity == VocabularyFixture.bananaPancakes)
        #expect(slot.spoken == "banana pancaks")
        #expect(slot.editDistance == 1)
        #expect(interpretation.score == 1)
    }

    @Test func swappedLettersCountAsOneEdit() throws {
        let vocabulary = try VocabularyFixture.recipeVocabulary()
        guard case .matched(let interpretation) = vocabulary.match("show directions for lemon trat") else {
            Issue.record("expected a match")
            return
        }
        #expect(interpretation.slots["recipe"]?.entity == VocabularyFixture.lemonTart)
        #expect(interpretation.slots["recipe"]?.editDistance == 1)
    }

    @Test func wordsFarFromEveryEntityStayFreeText() throws {
        let vocabulary = try VocabularyFixture.recipeVocabulary()
        let expected = Interpretation(
            intent: "ShowDirectionsIntent", phrase: "show directions for ${recipe}",
            slots: ["recipe": SlotValue(spoken: "pan")], score: 0)
        #expect(vocabulary.match("show directions for pan") == .matched(expected))
    }

    @Test func slotWithoutEntitiesTakesFreeText() throws {
        var vocabulary = Vocabulary()
        try vocabulary.addPhrase("remind me to ${task}", intent: "RemindIntent")
        guard case .matched(let interpretation) = vocabulary.match("Remind me to buy more Flour") else {
            Issue.record("expected a match")
            return
        }
        #expect(interpretation.slots == ["task": SlotValue(spoken: "buy more flour")])
    }

    @Test func equallyCloseEntitiesAreReportedAsCandidates() throws {
        var vocabulary = Vocabulary()
        try vocabulary.addPhrase("bake ${cake}", intent: "BakeIntent")
        let carrot = Entity(identifier: "carrot", name: "carrot cake")
        let parrot = Entity(identifier: "parrot", name: "parrot cake")
        vocabulary.setEntities([carrot, parrot], forSlot: "cake")
        guard case .matched(let interpretation) = vocabulary.match("bake barrot cake") else {
            Issue.record("expected a match")
            return
        }
        let slot = try #require(interpretation.slots["cake"])
        #expect(slot.entity == nil)
        #expect(slot.candidates == [carrot, parrot])
        #expect(slot.editDistance == 1)
    }

    @Test func samePhraseForTwoIntentsIsAmbiguous() throws {
        var vocabulary = try VocabularyFixture.recipeVocabulary()
        try vocabulary.addPhrase("start ${recipe}", intent: "StartCookingIntent")
        try vocabulary.addPhrase("start ${recipe}", intent: "StartTimerIntent")
        let value = SlotValue(spoken: "lemon tart", entity: VocabularyFixture.lemonTart)
        #expect(
            vocabulary.match("start lemon tart")
                == .ambiguous([
                    Interpretation(intent: "StartCookingIntent", phrase: "start ${recipe}", slots: ["recipe": value]),
                    Interpretation(intent: "StartTimerIntent", phrase: "start ${recipe}", slots: ["recipe": value]),
                ]))
    }

    @Test func equallyGoodPhrasesOfOneIntentMatchTheEarliest() throws {
        var vocabulary = Vocabulary()
        try vocabulary.addPhrase("stop ${thing}", intent: "StopIntent")
        try vocabulary.addPhrase("${thing} stop", intent: "OtherIntent")
        try vocabulary.addPhrase("stop the ${thing}", intent: "StopIntent")
        try vocabulary.addPhrase("stop ${thing}", intent: "StopIntent")
        guard case .matched(let interpretation) = vocabulary.match("stop music") else {
            Issue.record("expected a match")
            return
        }
        #expect(interpretation.phrase == "stop ${thing}")
        #expect(interpretation.intent == "StopIntent")
    }

    @Test func moreLiteralWordsWinOverABroaderSlot() throws {
        var vocabulary = Vocabulary()
        try vocabulary.addPhrase("open ${thing}", intent: "OpenIntent")
        try vocabulary.addPhrase("open the safe", intent: "OpenSafeIntent")
        #expect(vocabulary.match("open the safe") == .matched(Interpretation(intent: "OpenSafeIntent", phrase: "open the safe")))
    }

    @Test func rankingPrefersTheExactOverTheFuzzyInterpretation() throws {
        var vocabulary = Vocabulary()
        try vocabulary.addPhrase("play ${album}", intent: "PlayAlbumIntent")
        try vocabulary.addPhrase("play ${song}", intent: "PlaySongIntent")
        let albums = Entity(identifier: "a", name: "Yesterdays")
        let song = Entity(identifier: "s", name: "Yesterday")
        vocabulary.setEntities([albums], forSlot: "album")
        vocabulary.setEntities([song], forSlot: "song")
        // "yesterday" is exactly the song and one edit from the album.
        guard case .matched(let exact) = vocabulary.match("play yesterday") else {
            Issue.record("expected the exact reading to win")
            return
        }
        #expect(exact.intent == "PlaySongIntent")
        #expect(exact.score == 0)
        guard case .matched(let other) = vocabulary.match("play yesterdays") else {
            Issue.record("expected the exact reading to win")
            return
        }
        #expect(other.intent == "PlayAlbumIntent")
    }

    @Test func oneMisspeltLiteralWordOfFiveLettersIsTolerated() throws {
        let vocabulary = try VocabularyFixture.recipeVocabulary()
        guard case .matched(let interpretation) = vocabulary.match("show direcions for lemon tart") else {
            Issue.record("expected a match")
            return
        }
        #expect(interpretation.intent == "ShowDirectionsIntent")
        #expect(interpretation.score == 1)
        // Two misspelt literal words, or a misspelt short one, are too many.
        #expect(vocabulary.match("show direcions fro lemon tart") != .matched(interpretation))
        #expect(vocabulary.match("nxt step") == .noMatch(suggestions: ["next step", "previous step"]))
    }

    @Test func noMatchSuggestsTheClosestPhrases() throws {
        let vocabulary = try VocabularyFixture.recipeVocabulary()
        #expect(
            vocabulary.match("show me the directions")
                == .noMatch(suggestions: ["show directions for ${recipe}"]))
        #expect(
            vocabulary.match("step back")
                == .noMatch(suggestions: ["next step", "previous step"]))
        #expect(vocabulary.match("tell me a joke") == .noMatch(suggestions: []))
        #expect(vocabulary.match("") == .noMatch(suggestions: []))
        #expect(vocabulary.match("?!") == .noMatch(suggestions: []))
    }

    @Test func suggestionsAreAtMostThreeClosestFirst() throws {
        var vocabulary = Vocabulary()
        for template in ["timer one", "set a timer", "set a timer for ${minutes} minutes", "timer", "cancel the timer now"] {
            try vocabulary.addPhrase(template, intent: "TimerIntent")
        }
        // Word distances: "set a timer" 1, "set a timer for ${minutes} minutes" 2, then
        // "timer one", "timer" and "cancel the timer now" all 3, kept in the order added.
        #expect(
            vocabulary.match("set a timer please")
                == .noMatch(suggestions: ["set a timer", "set a timer for ${minutes} minutes", "timer one"]))
    }

    @Test func phrasesListsTemplatesInOrder() throws {
        let vocabulary = try VocabularyFixture.recipeVocabulary()
        #expect(
            vocabulary.phrases == [
                "show directions for ${recipe}", "how do I make ${recipe}", "what goes into ${recipe} today",
                "next step", "previous step",
            ])
        #expect(Vocabulary().phrases.isEmpty)
        #expect(Vocabulary().match("next step") == .noMatch(suggestions: []))
    }

    @Test func settingEntitiesAgainReplacesThem() throws {
        var vocabulary = try VocabularyFixture.recipeVocabulary()
        vocabulary.setEntities([], forSlot: "recipe")
        guard case .matched(let interpretation) = vocabulary.match("show directions for lemon tart") else {
            Issue.record("expected a match")
            return
        }
        #expect(interpretation.slots["recipe"] == SlotValue(spoken: "lemon tart"))
    }
}
