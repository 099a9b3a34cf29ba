import SceneIntents

/// The candidates of a pick as far as they are known: a list given in full, or a parameter's
/// options for a search term, fetched from the app a page at a time as the user asks for more.
struct CandidateList {
    /// The candidates loaded so far, in order.
    var items: [AnyParameterValue] = []
    /// Section titles, keyed by the index of the section's first item.
    var headings: [Int: String] = [:]
    /// The search term the options are for (options only).
    let searchTerm: String?
    /// Where the app's list goes on; nil when every candidate is loaded.
    var nextOffset: Int?
    /// Whether the candidates are the app's options (which words can search), not a given list.
    let isOptions: Bool

    /// A list known in full.
    init(_ items: [AnyParameterValue], headings: [Int: String] = [:]) {
        self.items = items
        self.headings = headings
        searchTerm = nil
        nextOffset = nil
        isOptions = false
    }

    /// A parameter's options for a search term, none loaded yet.
    init(searchTerm: String?) {
        self.searchTerm = searchTerm
        nextOffset = 0
        isOptions = true
    }

    /// Whether there are candidates after the first `count`.
    func hasMore(after count: Int) -> Bool { count < items.count || nextOffset != nil }

    /// Appends a page of options; a section that goes on from the previous page keeps its title
    /// without repeating it.
    mutating func append(_ page: ObjectCollection<AnyParameterValue>) {
        let before = items.count
        for section in page.sections where !section.items.isEmpty {
            let current = headings.filter { $0.key < items.count }.max { $0.key < $1.key }?.value
            if let title = section.title, title != current { headings[items.count] = title }
            items += section.items
        }
        // A page that adds nothing, or an offset that does not move on, ends the list: a
        // provider cannot keep the assistant asking forever.
        nextOffset = page.nextOffset.flatMap { items.count > before && $0 > (nextOffset ?? 0) ? $0 : nil }
    }
}

extension Exchange {
    /// Fetches options until `count` candidates are loaded or the app's list ends.
    mutating func load(_ list: inout CandidateList, upTo count: Int, for parameter: ParameterDescriptor)
        async throws(ExchangeStop)
    {
        while list.items.count < count, let offset = list.nextOffset {
            let page = OptionsPage(offset: offset, limit: count - list.items.count)
            switch try await call(.provideOptions(parameter: parameter.name, searchTerm: list.searchTerm, page: page)) {
            case .options(let collection): list.append(collection)
            case let other: throw .refused(unexpected("provideOptions was answered \(other.summary)"))
            }
        }
    }

    /// The candidates of a disambiguation. For a parameter that offers options: when the user's
    /// words were a search, the options for those words, paged from the app (so a large catalog
    /// is never cut short); otherwise the resolution's values in the order and sections of the
    /// app's default options (SiriKit shows dynamic options in their sections), values the
    /// options do not list last, untitled.
    mutating func candidates(for values: [AnyParameterValue], of parameter: ParameterDescriptor)
        async throws(ExchangeStop) -> CandidateList
    {
        guard parameter.flags.contains(.dynamicOptions) else { return CandidateList(values) }
        let spoken = descriptor.values(of: parameter.name, in: intent)?.first?.displayItem.title
        if parameter.flags.contains(.searchable), let spoken, !spoken.isEmpty {
            var found = CandidateList(searchTerm: spoken)
            try await load(&found, upTo: max(1, configuration.pageSize), for: parameter)
            if !found.items.isEmpty { return found }
        }
        let answer = try await call(.provideOptions(parameter: parameter.name, searchTerm: nil, page: .all))
        guard case .options(let collection) = answer else { return CandidateList(values) }
        var remaining = values
        var ordered = CandidateList([])
        for section in collection.sections {
            let members = section.items.compactMap { item in
                remaining.firstIndex { $0.displayItem.identifier == item.displayItem.identifier }
                    .map { remaining.remove(at: $0) }
            }
            ordered.append(ObjectCollection(sections: [ObjectSection(title: section.title, items: members)]))
        }
        if !ordered.headings.isEmpty && !remaining.isEmpty { ordered.headings[ordered.items.count] = lines.othersHeading }
        ordered.items += remaining
        return ordered
    }

    /// A title further on that `words` misspell, found by the numbers they say (numbers are not
    /// misspelt, and an app's search finds them however the letters around them are written):
    /// the closest of the options those numbers find, if one is.
    private mutating func misspeltTitle(_ words: String, for parameter: ParameterDescriptor)
        async throws(ExchangeStop) -> AnyParameterValue?
    {
        let numbers = Spoken.numbers(in: Spoken.normalized(words))
        guard !numbers.isEmpty else { return nil }
        var found = CandidateList(searchTerm: numbers.joined(separator: " "))
        try await load(&found, upTo: 10 * max(1, configuration.pageSize), for: parameter)
        switch CandidateMatch(.text(words), among: found.items[...]) {
        case .one(let index), .exact(let index): return found.items[index]
        default: return nil
        }
    }

    /// What to say for a number that is not one of the `read` candidates: that it has not been
    /// read yet when the list goes on that far (looked for a few pages ahead at most), else that
    /// the list has no such number.
    private mutating func numberNotRead(_ number: Int, in list: inout CandidateList, read: Int, for parameter: ParameterDescriptor)
        async throws(ExchangeStop) -> String
    {
        guard number > read else { return lines.outOfRange(number, last: read) }
        let pageSize = max(1, configuration.pageSize)
        try await load(&list, upTo: min(number, read + 10 * pageSize), for: parameter)
        let exists = number <= list.items.count || list.hasMore(after: list.items.count)
        return exists ? lines.notReadYet(number, last: read) : lines.outOfRange(number, last: read)
    }

    /// Offers candidates a page at a time and returns the one the user picks.
    ///
    /// The user may say a number (or an ordinal: "3.", "three", "the third"), a title or a part
    /// of one, or a title misspelt; "more" reads the next page, and at the end of the list says
    /// so and starts again. An empty answer repeats the question. Numbers count every candidate
    /// read so far. Words that name no loaded candidate of the app's options search them: one
    /// match is taken, several are offered instead.
    mutating func pick(from list: CandidateList, for parameter: ParameterDescriptor)
        async throws(ExchangeStop) -> AnyParameterValue
    {
        var list = list
        let pageSize = max(1, configuration.pageSize)
        try await load(&list, upTo: pageSize, for: parameter)
        guard !list.items.isEmpty else { return try await askValue(for: parameter) }
        let introduction = lines.pickIntroduction(parameter)
        var start = 0
        var read = 0
        var misses = 0
        while misses <= configuration.maxReasks {
            try await load(&list, upTo: start + pageSize, for: parameter)
            let end = min(start + pageSize, list.items.count)
            read = max(read, end)
            var pageHeadings: [Int: String] = [:]
            for index in start..<end { if let heading = list.headings[index] { pageHeadings[index - start] = heading } }
            let prompt = Prompt.pick(
                parameter: parameter.name, introduction: introduction,
                items: list.items[start..<end].map(\.displayItem), headings: pageHeadings,
                firstNumber: start + 1, more: list.hasMore(after: end) ? lines.sayMore : nil)
            let reply = await ask(prompt)
            if case .more = reply {
                if list.hasMore(after: end) {
                    start = end
                } else {
                    await say(lines.allOfThem)
                    start = 0
                }
                continue
            }
            if case .cancel = reply { throw .cancelled }
            // Only what was read is matched: numbers and names said back are ones the user heard.
            let match = CandidateMatch(reply, among: list.items[..<read])
            // Words that are not a loaded title may be one the app has further on: a whole title
            // found by searching wins over part of a title or a misspelling among those read.
            var searched: CandidateList?
            if list.isOptions, case .text(let words) = reply, !match.isExact {
                var found = CandidateList(searchTerm: words)
                try await load(&found, upTo: pageSize, for: parameter)
                if let exact = CandidateMatch.exactIndex(Spoken.normalized(words), among: found.items[...]) {
                    return found.items[exact]
                }
                searched = found
            }
            switch match {
            case .number(let number) where number >= 1 && number <= read:
                return list.items[number - 1]
            case .number(let number):
                await say(try await numberNotRead(number, in: &list, read: read, for: parameter))
            case .exact(let index), .one(let index):
                return list.items[index]
            case .several(let indices):
                await say(lines.several(reply.description, numbers: indices.map { $0 + 1 }))
            case .nothing:
                break
            case .none:
                if let found = searched {
                    if found.items.count == 1 && !found.hasMore(after: 1) { return found.items[0] }
                    if !found.items.isEmpty {
                        (list, start, read) = (found, 0, 0)
                        continue
                    }
                    if case .text(let words) = reply, let misspelt = try await misspeltTitle(words, for: parameter) {
                        return misspelt
                    }
                }
                await say(lines.notOneOfThem(last: read, example: list.items.first?.displayItem.title))
            }
            misses += 1
        }
        throw .gaveUp(parameter: parameter.name)
    }
}
