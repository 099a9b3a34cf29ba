/// A titled group of options inside an `ObjectCollection`.
public struct ObjectSection<Item: Sendable & Equatable>: Sendable, Equatable {
    /// The section's title (nil for an untitled section).
    public var title: String?
    /// The options, in the order they are offered.
    public var items: [Item]

    /// A section of options.
    public init(title: String? = nil, items: [Item]) {
        self.title = title
        self.items = items
    }
}

extension ObjectSection: Codable where Item: Codable {}

/// The options a handler offers for a parameter: plain items or titled sections.
///
/// `usesIndexedCollation` asks a visual list to show an A–Z index; a voice front end ignores it.
public struct ObjectCollection<Item: Sendable & Equatable>: Sendable, Equatable {
    /// The sections, in order; a collection made from plain items has one untitled section.
    public var sections: [ObjectSection<Item>]
    /// Whether a visual list shows an alphabetical index.
    public var usesIndexedCollation: Bool
    /// For one page of a longer list: the `OptionsPage.offset` to ask for next. Nil when these
    /// are the last options (or all of them).
    public var nextOffset: Int?

    /// A collection of plain items.
    public init(items: [Item], nextOffset: Int? = nil) {
        self.init(sections: [ObjectSection(items: items)], nextOffset: nextOffset)
    }

    /// A collection of titled sections.
    public init(sections: [ObjectSection<Item>], usesIndexedCollation: Bool = false, nextOffset: Int? = nil) {
        self.sections = sections
        self.usesIndexedCollation = usesIndexedCollation
        self.nextOffset = nextOffset
    }

    /// Every item of every section, in order.
    public var allItems: [Item] { sections.flatMap(\.items) }

    /// The same collection with each item transformed.
    public func map<Other>(_ transform: (Item) -> Other) -> ObjectCollection<Other> {
        ObjectCollection<Other>(
            sections: sections.map { ObjectSection(title: $0.title, items: $0.items.map(transform)) },
            usesIndexedCollation: usesIndexedCollation, nextOffset: nextOffset)
    }

    /// The page of this (complete) collection that `page` asks for: items `offset..<offset +
    /// limit` in order, in their sections, with `nextOffset` set when more follow.
    public func page(_ page: OptionsPage) -> ObjectCollection {
        guard page != .all else { return self }
        let start = max(0, page.offset)
        let end = start.addingReportingOverflow(max(0, page.limit))
        let stop = end.overflow ? Int.max : end.partialValue
        var position = 0
        var kept: [ObjectSection<Item>] = []
        for section in sections {
            let range = position..<(position + section.items.count)
            position = range.upperBound
            let low = max(range.lowerBound, start)
            let high = min(range.upperBound, stop)
            guard low < high else { continue }
            kept.append(ObjectSection(title: section.title, items: Array(section.items[(low - range.lowerBound)..<(high - range.lowerBound)])))
        }
        return ObjectCollection(
            sections: kept, usesIndexedCollation: usesIndexedCollation, nextOffset: stop < position ? stop : nil)
    }
}

extension ObjectCollection: Codable where Item: Codable {}
