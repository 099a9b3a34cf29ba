/// An intent the system side knows only from data (an installed app's bundle): its type name and
/// its parameters' values.
///
/// `AnyIntent` holds one when its catalog was read from data (`IntentCatalog(descriptions:)`):
/// the assistant converses about it through its `IntentDescriptor` as it does about a typed
/// intent, and it crosses the boundary as the same JSON, so the app decodes its own typed intent
/// from it. It never reaches a handler: no handler can be written for it.
public struct IntentRecord: Intent {
    /// Not a name any app uses: `AnyIntent.typeName` reports the record's `intentTypeName`.
    public static let typeName = "IntentRecord"

    /// The name of the app's intent type this record stands for.
    public var intentTypeName: String
    /// The values given or resolved, by parameter; a parameter not given has no entry.
    public var values: [ParameterName: [AnyParameterValue]]

    /// A record of no type, with no value (the `Intent` requirement; not used by the system).
    public init() {
        self.init(typeName: "", values: [:])
    }

    /// A record of the app's intent type `typeName`.
    public init(typeName: String, values: [ParameterName: [AnyParameterValue]] = [:]) {
        intentTypeName = typeName
        self.values = values
    }

    /// The record of any intent: a record as it is, a typed intent's parameters read through its
    /// schema (a system knowing the app from data may still be handed the app's own intent, say
    /// by a test or an app in its process).
    public init(_ intent: any Intent) {
        // The type compared first: a cast from the existential asks the runtime every time.
        if type(of: intent) == IntentRecord.self {
            self = intent as! IntentRecord
            return
        }
        func read<I: Intent>(_ intent: I) -> IntentRecord {
            var values: [ParameterName: [AnyParameterValue]] = [:]
            for parameter in I.schema.parameters {
                if let given = parameter.read(intent) { values[parameter.descriptor.name] = given }
            }
            return IntentRecord(typeName: I.typeName, values: values)
        }
        self = read(intent)
    }

    /// No parameter, and a handling protocol no type conforms to: records are never handled.
    public static let schema = IntentSchema<IntentRecord>(
        handler: (any RecordHandling).self, parameters: [],
        handle: { (_: any RecordHandling, _: IntentRecord) throws -> IntentResponse in .failure })

    private enum CodingKeys: String, CodingKey { case type, parameters }

    /// Decodes the record's type name and values (see `AnyIntent` for the decoder's catalog).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        intentTypeName = try container.decode(String.self, forKey: .type)
        let values = try container.decodeIfPresent([String: [AnyParameterValue]].self, forKey: .parameters) ?? [:]
        self.values = Dictionary(uniqueKeysWithValues: values.map { (ParameterName($0.key), $0.value) })
    }

    /// Encodes the record's type name and values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(intentTypeName, forKey: .type)
        try container.encode(Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.value) }), forKey: .parameters)
    }
}

/// The handling protocol of `IntentRecord`: nothing conforms, so no object is ever its handler.
@MainActor
protocol RecordHandling: AnyObject {}

/// A parameter value whose type the system side knows only by name (an app's custom type or
/// enum, read from its bundle): what the app sent (kept as JSON, with the display item the app
/// made), or words the user said that only the app can make a value of.
///
/// It goes back to the app as it came, so the app decodes its own type from it; words go as
/// words, and the app makes its value of them with `ParameterValue.fromSpoken(_:identifier:)`
/// (words it cannot read reach the parameter's resolution as `ParameterInput.unread`).
public struct ParameterValueRecord: ParameterValue {
    /// Not a name any app uses: `AnyParameterValue` writes the record's `valueTypeName`.
    public static var typeName: String { "ParameterValueRecord" }

    /// The name of the app's value type (`ParameterValue.typeName`).
    public let valueTypeName: String
    /// The value as the app showed it, or the words as said.
    public let displayItem: DisplayItem
    package let content: Content

    /// What the record holds.
    package enum Content: Sendable, Equatable {
        /// A value the app encoded.
        case encoded(JSONValue)
        /// Words (and the vocabulary entity they matched, if any) for the app to read.
        case spoken(String, identifier: String?)
    }

    package init(typeName: String, displayItem: DisplayItem, content: Content) {
        valueTypeName = typeName
        self.displayItem = displayItem
        self.content = content
    }

    /// Words for the app to make a value of type `typeName` from.
    public init(typeName: String, spoken text: String, identifier: String? = nil) {
        self.init(
            typeName: typeName, displayItem: DisplayItem(identifier: identifier ?? text, title: text),
            content: .spoken(text, identifier: identifier))
    }

    /// The words, when the record holds words rather than a value the app made.
    public var spokenWords: (text: String, identifier: String?)? {
        guard case .spoken(let text, let identifier) = content else { return nil }
        return (text, identifier)
    }

    /// Equal when of the same type and holding the same value (or words).
    public static func == (lhs: ParameterValueRecord, rhs: ParameterValueRecord) -> Bool {
        lhs.valueTypeName == rhs.valueTypeName && lhs.content == rhs.content
    }

    /// Decodes what `AnyParameterValue` writes for a value of an unknown type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ValueCodingKeys.self)
        let typeName = try container.decode(String.self, forKey: .type)
        if let text = try container.decodeIfPresent(String.self, forKey: .spoken) {
            self.init(typeName: typeName, spoken: text, identifier: try container.decodeIfPresent(String.self, forKey: .identifier))
            return
        }
        let value = try container.decode(JSONValue.self, forKey: .value)
        guard let display = try container.decodeIfPresent(DisplayItem.self, forKey: .display) else {
            throw DecodingError.keyNotFound(
                ValueCodingKeys.display,
                .init(codingPath: container.codingPath, debugDescription: "a value of type '\(typeName)' comes with its display item"))
        }
        self.init(typeName: typeName, displayItem: display, content: .encoded(value))
    }

    /// Encodes as `AnyParameterValue` does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ValueCodingKeys.self)
        try container.encode(valueTypeName, forKey: .type)
        try encodeContent(into: &container)
    }

    func encodeContent(into container: inout KeyedEncodingContainer<ValueCodingKeys>) throws {
        switch content {
        case .encoded(let value):
            try container.encode(value, forKey: .value)
            try container.encode(displayItem, forKey: .display)
        case .spoken(let text, let identifier):
            try container.encode(text, forKey: .spoken)
            try container.encodeIfPresent(identifier, forKey: .identifier)
        }
    }
}

/// The members of an encoded parameter value (see `AnyParameterValue`).
enum ValueCodingKeys: String, CodingKey { case type, value, display, spoken, identifier }
