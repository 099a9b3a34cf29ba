import SceneIntents

/// A phrase template compiled for matching: normalised literal words and slot positions.
struct VocabularyPhrase: Sendable {
    /// One element of a template: a literal word or a slot.
    struct Element: Sendable {
        /// The index of the slot in ``VocabularyPhrase/slotNames``, or -1 for a literal word.
        var slot: Int
        /// The normalised literal word; empty for a slot.
        var word: [UInt32]

        /// Whether the element is a slot.
        var isSlot: Bool { slot >= 0 }
    }

    /// The template as added.
    var template: String
    /// The intent the template stands for.
    var intent: String
    /// Literal words and slots, in order; never two slots in a row.
    var elements: [Element]
    /// The slot names in template order.
    var slotNames: [String]
    /// The vocabulary-wide id of each slot name, parallel to ``slotNames``; filled in by
    /// the vocabulary once the template is accepted.
    var slotIDs: [Int] = []
    /// The number of literal words.
    var literalCount: Int
    /// For each element index (and one past the end): how many elements follow from it.
    var remainingElements: [Int]
    /// For each element index (and one past the end): whether a slot follows from it.
    var slotFollows: [Bool]

    /// Parses `template`.
    ///
    /// - Throws: ``VocabularyError`` describing the first mistake found.
    init(template: String, intent: String) throws(VocabularyError) {
        func failure(_ code: VocabularyError.Code, _ message: String) -> VocabularyError {
            VocabularyError(code: code, template: template, message: message)
        }
        guard !intent.isEmpty else {
            throw failure(.emptyIntent, "The intent name is empty; pass the intent's type name.")
        }
        let parsed: Template
        do {
            parsed = try Template.parse(template)
        } catch {
            let code: VocabularyError.Code = switch error.code {
            case .unclosedSlot: .unclosedSlot
            case .emptySlotName: .emptySlotName
            case .invalidSlotName: .invalidSlotName
            }
            throw failure(code, error.description)
        }
        var elements: [Element] = []
        var names: [String] = []
        for segment in parsed.segments {
            switch segment {
            case .text(let text):
                for word in VocabularyNormalizer.words(of: text.unicodeScalars).arrays {
                    elements.append(Element(slot: -1, word: word))
                }
            case .slot(let name):
                if let last = elements.last, last.isSlot {
                    throw failure(
                        .adjacentSlots,
                        "The slots ${\(names[last.slot])} and ${\(name)} are adjacent; put at least one word between them.")
                }
                guard !names.contains(name) else {
                    throw failure(.repeatedSlot, "The slot ${\(name)} appears twice; give each slot its own name.")
                }
                elements.append(Element(slot: names.count, word: []))
                names.append(name)
            }
        }
        guard !elements.isEmpty else {
            throw failure(.emptyTemplate, "The template has no words; write the words a user says, e.g. \"next step\".")
        }

        self.template = template
        self.intent = intent
        self.elements = elements
        self.slotNames = names
        self.literalCount = elements.count - names.count
        var remaining = [Int](repeating: 0, count: elements.count + 1)
        var follows = [Bool](repeating: false, count: elements.count + 1)
        for position in stride(from: elements.count - 1, through: 0, by: -1) {
            remaining[position] = remaining[position + 1] + 1
            follows[position] = follows[position + 1] || elements[position].isSlot
        }
        self.remainingElements = remaining
        self.slotFollows = follows
    }
}
