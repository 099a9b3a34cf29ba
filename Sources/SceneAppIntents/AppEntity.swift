import SceneIntents

/// A model object an intent's parameter can name: identified, shown by its display
/// representation, and found by its query.
///
/// ```swift
/// struct RecipeEntity: AppEntity {
///     static let typeDisplayRepresentation: TypeDisplayRepresentation = "Recipe"
///     static let defaultQuery = RecipeQuery()
///     let id: String
///     let name: String
///     var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
/// }
/// ```
///
/// The assistant offers entities with their title, subtitle and image, a page at a time; the
/// words a user says for one are handed to the query (`EntityStringQuery.entities(matching:)`,
/// else a match over `EnumerableEntityQuery.allEntities()`, else over `suggestedEntities()`):
/// one match is taken, several are offered to pick from, none is refused and asked again.
/// Across a process boundary an entity travels as its identifier and display representation;
/// the app's side fetches it again with `entities(for:)` before `perform()`.
public protocol AppEntity: _AppValue, PersistentlyIdentifiable, Identifiable where ID: EntityIdentifierConvertible & Sendable,
    _EngineValue == _AppEntityValue<Self>
{
    /// The query that finds entities of this type.
    associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self
    /// The query that finds entities of this type.
    static var defaultQuery: DefaultQuery { get }
    /// The type's name as people see it.
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// How this entity is shown and said.
    var displayRepresentation: DisplayRepresentation { get }
}

extension AppEntity {
    /// The entity in the engine.
    public var _engineValue: _AppEntityValue<Self> { _AppEntityValue(entity: self) }
    /// The entity an engine value holds; nil for one known only by identifier or by words.
    public static func _value(of engine: _AppEntityValue<Self>) -> Self? {
        if case .entity(let entity) = engine.content { return entity }
        return nil
    }

    /// `@Property`: a property of the entity shown in Shortcuts.
    public typealias Property<Value: Sendable> = EntityProperty<Value>

    /// The entity as a localizable string: its title.
    public var localizedStringResource: LocalizedStringResource { displayRepresentation.title }
}

/// An identifier type entities may have: it is written as text between processes.
public protocol EntityIdentifierConvertible {
    /// The identifier as text.
    var entityIdentifierString: String { get }
    /// The identifier that text stands for, if it is one.
    static func entityIdentifier(for entityIdentifierString: String) -> Self?
}

extension String: EntityIdentifierConvertible {
    /// Itself.
    public var entityIdentifierString: String { self }
    /// The text itself.
    public static func entityIdentifier(for entityIdentifierString: String) -> String? { entityIdentifierString }
}

extension Int: EntityIdentifierConvertible {
    /// The number in digits.
    public var entityIdentifierString: String { String(self) }
    /// The number the digits write.
    public static func entityIdentifier(for entityIdentifierString: String) -> Int? { Int(entityIdentifierString) }
}

extension UUID: EntityIdentifierConvertible {
    /// The UUID's text.
    public var entityIdentifierString: String { uuidString }
    /// The UUID the text writes.
    public static func entityIdentifier(for entityIdentifierString: String) -> UUID? { UUID(uuidString: entityIdentifierString) }
}

/// Finds entities: by identifier (required), and the ones to suggest.
public protocol EntityQuery: Sendable {
    /// The entity type it finds.
    associatedtype Entity: AppEntity
    /// What `suggestedEntities()` and `entities(matching:)` answer: an array of entities, or an
    /// ``IntentItemCollection`` of them in sections.
    associatedtype Result: ResultsCollection = [Entity] where Result.Result.ValueType == Entity
    /// A query.
    init()
    /// The entities with these identifiers (those that exist, in any order).
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    /// The entities to offer before the user says anything. Default: none.
    func suggestedEntities() async throws -> Result
}

extension EntityQuery {
    /// None.
    public func suggestedEntities() async throws -> Result { .empty }
    /// Entities in sections (`ItemCollection { ItemSection("Recent") { tea } }`).
    public typealias ItemCollection<R: _IntentValue> = IntentItemCollection<R>
    /// A section of entities.
    public typealias ItemSection<R: _IntentValue> = IntentItemSection<R>
    /// One entity with a title of its own.
    public typealias Item<R: _IntentValue> = IntentItem<R>
}

/// A query that also finds entities from the words a user said.
public protocol EntityStringQuery: EntityQuery {
    /// The entity type it finds (restated so it is inferred from `entities(matching:)` too).
    associatedtype Entity
    /// The entities the words name.
    func entities(matching string: String) async throws -> Result
}

/// A query that can list every entity (a short list): suggestions and identifiers come from it.
public protocol EnumerableEntityQuery: EntityQuery {
    /// The entity type it lists (restated so a query that only lists is inferred from it).
    associatedtype Entity
    /// Every entity.
    func allEntities() async throws -> [Entity]
}

extension EnumerableEntityQuery where Result == [Entity] {
    /// Every entity.
    public func suggestedEntities() async throws -> [Entity] { try await allEntities() }
}

extension EnumerableEntityQuery {
    /// The entities of `allEntities()` with these identifiers.
    public func entities(for identifiers: [Entity.ID]) async throws -> [Entity] {
        try await allEntities().filter { identifiers.contains($0.id) }
    }
}

/// An entity as the engine holds it: the entity itself, or (before its query found it) its
/// identifier with how it was shown, or the words the user said for one.
public struct _AppEntityValue<Entity: AppEntity>: ParameterValue {
    /// What the value holds.
    public enum Content: Sendable {
        /// The entity.
        case entity(Entity)
        /// An entity known by its identifier, shown as `title`.
        case reference(identifier: String, title: String)
        /// Words that should name one.
        case spoken(String)
    }

    /// What the value holds.
    public let content: Content

    /// The value of an entity.
    public init(entity: Entity) {
        content = .entity(entity)
    }

    init(_ content: Content) {
        self.content = content
    }

    /// The entity type's persistent identifier (its own name unless it declares another).
    public static var typeName: String { Entity.persistentIdentifier }

    /// The entity's identifier, else the words.
    var key: String {
        switch content {
        case .entity(let entity): entity.id.entityIdentifierString
        case .reference(let identifier, _): identifier
        case .spoken(let words): words
        }
    }

    /// The entity's title, subtitle and image; a reference's title; the words.
    public var displayItem: DisplayItem {
        switch content {
        case .entity(let entity): entity.displayRepresentation.displayItem(identifier: key)
        case .reference(let identifier, let title): DisplayItem(identifier: identifier, title: title)
        case .spoken(let words): DisplayItem(identifier: words, title: words)
        }
    }

    /// A reference to the entity the vocabulary matched (`identifier`), else the words, for the
    /// query to find.
    public static func fromSpoken(_ text: String, identifier: String?) -> _AppEntityValue? {
        let words = text.trimmingCharacters(in: .whitespaces)
        if let identifier { return _AppEntityValue(.reference(identifier: identifier, title: words)) }
        return words.isEmpty ? nil : _AppEntityValue(.spoken(words))
    }

    /// Equal when both hold the same identifier (or the same words).
    public static func == (lhs: _AppEntityValue, rhs: _AppEntityValue) -> Bool {
        func isSpoken(_ value: _AppEntityValue) -> Bool { if case .spoken = value.content { true } else { false } }
        return isSpoken(lhs) == isSpoken(rhs) && lhs.key == rhs.key
    }

    private enum CodingKeys: String, CodingKey { case id, title, spoken }

    /// Decodes an identifier and its title, or words.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let words = try container.decodeIfPresent(String.self, forKey: .spoken) {
            content = .spoken(words)
            return
        }
        content = .reference(
            identifier: try container.decode(String.self, forKey: .id), title: try container.decode(String.self, forKey: .title))
    }

    /// Encodes the identifier and the title (words as words).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if case .spoken(let words) = content {
            try container.encode(words, forKey: .spoken)
            return
        }
        try container.encode(key, forKey: .id)
        try container.encode(displayItem.title, forKey: .title)
    }
}
