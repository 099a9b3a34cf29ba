/// What an options provider's `results()` or an entity query answers: an array of values, or an
/// ``IntentItemCollection`` of them in sections.
///
/// The assistant offers ``items``, the sections' one after another, a page at a time: speech has
/// no sections, so their titles, the items' own titles and images, ``promptLabel`` and
/// ``usesIndexedCollation`` are kept for a screen and not said (each value is offered as its own
/// display representation shows it).
public protocol ResultsCollection<Result>: Sendable {
    /// The values' type.
    associatedtype Result: _IntentValue
    /// Every value, in order.
    var items: [Result.ValueType] { get }
    /// What a screen shows above the options (kept, not said).
    var promptLabel: LocalizedStringResource? { get }
    /// Whether a screen shows an alphabetical index beside the options (kept).
    var usesIndexedCollation: Bool { get }
    /// No values.
    static var empty: Self { get }
}

extension ResultsCollection {
    /// None.
    public var promptLabel: LocalizedStringResource? { nil }
    /// No index.
    public var usesIndexedCollation: Bool { false }
}

extension Array: ResultsCollection where Element: _AppValue {
    /// The element type.
    public typealias Result = Element
    /// The elements.
    public var items: [Element] { self }
    /// The empty array.
    public static var empty: [Element] { [] }
}

/// One value of an ``IntentItemCollection``, with the title, subtitle and image a screen shows
/// for it (kept: the assistant offers the value as its own display representation shows it).
public struct IntentItem<Result: _IntentValue>: Sendable {
    /// The value.
    public var value: Result.ValueType
    /// Its title on a screen, if not its own.
    public var title: LocalizedStringResource?
    /// Its subtitle on a screen.
    public var subtitle: LocalizedStringResource?
    /// Its image on a screen.
    public var image: DisplayRepresentation.Image?

    /// An item.
    public init(
        _ value: Result.ValueType, title: LocalizedStringResource? = nil, subtitle: LocalizedStringResource? = nil,
        image: DisplayRepresentation.Image? = nil
    ) {
        self.value = value
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }
}

/// A titled group of items in an ``IntentItemCollection``.
public struct IntentItemSection<Result: _IntentValue>: Sendable {
    /// The section's title on a screen (kept, not said).
    public var title: LocalizedStringResource?
    /// Its subtitle on a screen.
    public var subtitle: LocalizedStringResource?
    /// Its image on a screen.
    public var image: DisplayRepresentation.Image?
    /// Its items, in order.
    public var items: [IntentItem<Result>]

    /// A section of items built in a closure: values, ``IntentItem``s, `if` and `for`.
    public init(
        _ title: LocalizedStringResource? = nil, subtitle: LocalizedStringResource? = nil, image: DisplayRepresentation.Image? = nil,
        @IntentItemBuilder<Result> itemsBuilder: () -> [IntentItem<Result>]
    ) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        items = itemsBuilder()
    }

    /// A section of these items.
    public init(_ title: LocalizedStringResource, items: [IntentItem<Result>]) {
        self.init(title) { items }
    }

    /// A section of these values.
    public init(_ title: LocalizedStringResource, items: [Result.ValueType]) {
        self.init(title) { items.map { IntentItem($0) } }
    }
}

/// Options in sections, as App Intents returns them from `results()` or a query
/// (`ItemCollection { ItemSection("Recent") { "Tea" } }`).
public struct IntentItemCollection<Result: _IntentValue>: ResultsCollection {
    /// The sections, in order.
    public var sections: [IntentItemSection<Result>]
    /// What a screen shows above the options (kept, not said).
    public var promptLabel: LocalizedStringResource?
    /// Whether a screen shows an alphabetical index (kept).
    public var usesIndexedCollation: Bool

    /// A collection of these sections.
    public init(sections: [IntentItemSection<Result>], promptLabel: LocalizedStringResource? = nil, usesIndexedCollation: Bool = false) {
        self.sections = sections
        self.promptLabel = promptLabel
        self.usesIndexedCollation = usesIndexedCollation
    }

    /// A collection of sections built in a closure.
    public init(
        promptLabel: LocalizedStringResource? = nil, usesIndexedCollation: Bool = false,
        @IntentItemSectionBuilder<Result> sectionsBuilder: () -> [IntentItemSection<Result>]
    ) {
        self.init(sections: sectionsBuilder(), promptLabel: promptLabel, usesIndexedCollation: usesIndexedCollation)
    }

    /// A collection of one untitled section of these values.
    public init(items: [Result.ValueType], promptLabel: LocalizedStringResource? = nil, usesIndexedCollation: Bool = false) {
        self.init(sections: [IntentItemSection { items.map { IntentItem($0) } }], promptLabel: promptLabel, usesIndexedCollation: usesIndexedCollation)
    }

    /// Every section's values, one section after another.
    public var items: [Result.ValueType] { sections.flatMap { $0.items.map(\.value) } }

    /// No sections.
    public static var empty: IntentItemCollection { IntentItemCollection(sections: []) }
}

/// Builds a section's items: values, ``IntentItem``s, `if`, `if`/`else` and `for`.
@resultBuilder
public enum IntentItemBuilder<Result: _IntentValue> {
    /// A value.
    public static func buildExpression(_ value: Result.ValueType) -> [IntentItem<Result>] { [IntentItem(value)] }
    /// An item.
    public static func buildExpression(_ item: IntentItem<Result>) -> [IntentItem<Result>] { [item] }
    /// Items.
    public static func buildExpression(_ items: [IntentItem<Result>]) -> [IntentItem<Result>] { items }
    /// The items of each line, in order.
    public static func buildBlock(_ parts: [IntentItem<Result>]...) -> [IntentItem<Result>] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [IntentItem<Result>]?) -> [IntentItem<Result>] { part ?? [] }
    /// An `if`'s branch.
    public static func buildEither(first part: [IntentItem<Result>]) -> [IntentItem<Result>] { part }
    /// An `else` branch.
    public static func buildEither(second part: [IntentItem<Result>]) -> [IntentItem<Result>] { part }
    /// A `for` loop's items.
    public static func buildArray(_ parts: [[IntentItem<Result>]]) -> [IntentItem<Result>] { parts.flatMap { $0 } }
}

/// Builds a collection's sections: ``IntentItemSection``s, `if`, `if`/`else` and `for`.
@resultBuilder
public enum IntentItemSectionBuilder<Result: _IntentValue> {
    /// A section.
    public static func buildExpression(_ section: IntentItemSection<Result>) -> [IntentItemSection<Result>] { [section] }
    /// The sections of each line, in order.
    public static func buildBlock(_ parts: [IntentItemSection<Result>]...) -> [IntentItemSection<Result>] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [IntentItemSection<Result>]?) -> [IntentItemSection<Result>] { part ?? [] }
    /// An `if`'s branch.
    public static func buildEither(first part: [IntentItemSection<Result>]) -> [IntentItemSection<Result>] { part }
    /// An `else` branch.
    public static func buildEither(second part: [IntentItemSection<Result>]) -> [IntentItemSection<Result>] { part }
    /// A `for` loop's sections.
    public static func buildArray(_ parts: [[IntentItemSection<Result>]]) -> [IntentItemSection<Result>] { parts.flatMap { $0 } }
}
