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

    /// A collection of plain items.
    public init(items: [Item]) {
        sections = [ObjectSection(items: items)]
        usesIndexedCollation = false
    }

    /// A collection of titled sections.
    public init(sections: [ObjectSection<Item>], usesIndexedCollation: Bool = false) {
        self.sections = sections
        self.usesIndexedCollation = usesIndexedCollation
    }

    /// Every item of every section, in order.
    public var allItems: [Item] { sections.flatMap(\.items) }

    /// The same collection with each item transformed.
    public func map<Other>(_ transform: (Item) -> Other) -> ObjectCollection<Other> {
        ObjectCollection<Other>(
            sections: sections.map { ObjectSection(title: $0.title, items: $0.items.map(transform)) },
            usesIndexedCollation: usesIndexedCollation)
    }
}

extension ObjectCollection: Codable where Item: Codable {}
