import Assistant
import Testing

@Suite("Vocabulary template errors")
struct VocabularyTemplateErrorTests {
    @Test(arguments: [
        ("", VocabularyError.Code.emptyTemplate),
        ("   ", .emptyTemplate),
        ("?!", .emptyTemplate),
        ("show ${recipe", .unclosedSlot),
        ("show ${recipe and ${time}", .unclosedSlot),
        ("show ${}", .emptySlotName),
        ("show ${two words}", .invalidSlotName),
        ("show ${recipe}${time}", .adjacentSlots),
        ("show ${recipe}, ${time}", .adjacentSlots),
        ("from ${a} to ${a}", .repeatedSlot),
    ])
    func invalidTemplateThrows(template: String, code: VocabularyError.Code) {
        var vocabulary = Vocabulary()
        #expect {
            try vocabulary.addPhrase(template, intent: "SomeIntent")
        } throws: { error in
            guard let error = error as? VocabularyError else { return false }
            return error.code == code && error.template == template && !error.message.isEmpty
        }
        #expect(vocabulary.phrases.isEmpty, "a rejected template must not be added")
    }

    @Test func emptyIntentThrows() {
        var vocabulary = Vocabulary()
        #expect(throws: VocabularyError.self) {
            try vocabulary.addPhrase("next step", intent: "")
        }
    }

    @Test func validTemplatesAreAccepted() throws {
        var vocabulary = Vocabulary()
        try vocabulary.addPhrase("${recipe}", intent: "OpenIntent")
        try vocabulary.addPhrase("from ${start_1} to ${end}", intent: "RouteIntent")
        try vocabulary.addPhrase("costs $5 {maybe}", intent: "PriceIntent")
        #expect(vocabulary.phrases.count == 3)
    }

    @Test func descriptionNamesTheTemplateAndTheFix() {
        var vocabulary = Vocabulary()
        do {
            try vocabulary.addPhrase("show ${recipe}${time}", intent: "ShowIntent")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .adjacentSlots)
            #expect(error.description.contains("show ${recipe}${time}"))
            #expect(error.message.contains("${recipe}") && error.message.contains("${time}"))
        }
    }
}
