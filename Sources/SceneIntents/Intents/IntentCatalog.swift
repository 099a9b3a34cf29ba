import Foundation

/// Why a set of intent types cannot form a catalog.
public struct IntentCatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Code: String, Sendable, Codable {
        case duplicateIntentType, duplicateParameter, customCodeOutOfRange, conflictingValueType
        /// A parameter's closures take another handler type than the schema's handling protocol.
        case parameterHandlerMismatch
        /// An intent's or a parameter type's name is empty, longer than `IntentCatalog.nameLimit`
        /// bytes or holds a control character (a manifest, a bundle and a terminal carry it).
        case invalidName
    }
    /// What is wrong.
    public let code: Code
    /// The intent type concerned.
    public let intent: String
    /// The offending name or value.
    public let value: String

    /// An error.
    public init(code: Code, intent: String, value: String) {
        self.code = code
        self.intent = intent
        self.value = value
    }

    /// One line for logs and messages.
    public var description: String {
        switch code {
        case .duplicateIntentType: "two intent types are named '\(intent)'"
        case .duplicateParameter: "\(intent) declares the parameter '\(value)' twice"
        case .customCodeOutOfRange: "\(intent) declares the custom response code \(value); custom codes start at 100"
        case .conflictingValueType: "\(intent) uses a second parameter type named '\(value)'; ParameterValue.typeName must be unique"
        case .parameterHandlerMismatch:
            "\(intent)'s parameter \(value); write its closures for the schema's handling protocol"
        case .invalidName: "\(intent.debugDescription) cannot be a name: \(value)"
        }
    }
}

/// The intent types an app defines, by name: what decodes intents and values at the boundary and
/// what gives the assistant each intent's descriptor.
public struct IntentCatalog: Sendable {
    /// The descriptors, by intent type name.
    public let descriptors: [String: IntentDescriptor]
    private let valueTypes: [String: any ParameterValue.Type]
    /// The enums among them, found once here rather than by a cast per decoded value.
    private let enumTypes: [String: any EnumParameterValue.Type]
    /// The value types known only by name (a catalog read from data): their values stay records.
    private let recordTypes: Set<String>

    /// The problems found building the catalog, in the order of the types given; each names the
    /// intent type it left out. Empty when every type is in.
    public let problems: [IntentCatalogError]

    /// A catalog of the given intent types (a static list needs no `try`).
    ///
    /// Each type is checked as it is added: a unique type name, unique parameter names, every
    /// parameter written for the schema's handling protocol, custom codes from 100, one type per
    /// value type name. A type that breaks a rule is left out (so no request for it is ever
    /// admitted: the host refuses it as an unknown intent) and the reason is kept in `problems`,
    /// which the host executables (`AppMain`, `IntentsExtension`) report when they start.
    public init(intents types: [any Intent.Type]) {
        var descriptors: [String: IntentDescriptor] = [:]
        var valueTypes: [String: any ParameterValue.Type] = [:]
        var problems: [IntentCatalogError] = []
        for type in types {
            let descriptor = IntentDescriptor(type)
            if let problem = Self.problem(of: descriptor, among: descriptors, valueTypes: valueTypes) {
                problems.append(problem)
                continue
            }
            for (valueName, valueType) in descriptor.valueTypes { valueTypes[valueName] = valueType }
            descriptors[descriptor.typeName] = descriptor
        }
        self.descriptors = descriptors
        self.valueTypes = valueTypes
        enumTypes = valueTypes.compactMapValues { $0 as? any EnumParameterValue.Type }
        self.recordTypes = []
        self.keepsRecords = false
        self.problems = problems
    }

    /// A catalog of intent types known from data (an installed app's bundle): its intents are
    /// `IntentRecord`s and its values of the app's own types `ParameterValueRecord`s.
    ///
    /// Checked as `init(intents:)` checks types (unique names, unique parameters, custom codes
    /// from 100): a description that breaks a rule is left out, the reason kept in `problems`.
    public init(description: CatalogDescription) {
        let enums = Dictionary(description.enums.map { ($0.typeName, $0) }, uniquingKeysWith: { first, _ in first })
        var descriptors: [String: IntentDescriptor] = [:]
        var problems: [IntentCatalogError] = []
        for intent in description.intents {
            let descriptor = IntentDescriptor(intent, enums: enums)
            if let problem = Self.problem(of: descriptor, among: descriptors, valueTypes: [:]) {
                problems.append(problem)
                continue
            }
            descriptors[descriptor.typeName] = descriptor
        }
        self.descriptors = descriptors
        self.valueTypes = [:]
        enumTypes = [:]
        self.recordTypes = Set(
            descriptors.values.flatMap { $0.parameters.map(\.valueTypeName) }.filter { Self.builtInValueTypes[$0] == nil })
        self.keepsRecords = true
        self.problems = problems
    }

    /// The catalog as data: each intent's description and the enums their parameters use, sorted
    /// by name. A catalog made from it (`init(description:)`) converses the same.
    public var catalogDescription: CatalogDescription {
        let sorted = descriptors.values.sorted { $0.typeName < $1.typeName }
        let enums = Dictionary(sorted.flatMap(\.enums), uniquingKeysWith: { first, _ in first })
        return CatalogDescription(intents: sorted.map(\.intentDescription), enums: enums.values.sorted { $0.typeName < $1.typeName })
    }

    /// A catalog of the given intent types, checked: refused with the first problem
    /// `init(intents:)` would report, for code that wants no catalog short of every type.
    public init(_ types: [any Intent.Type]) throws(IntentCatalogError) {
        self.init(intents: types)
        if let problem = problems.first { throw problem }
    }

    /// The longest name of an intent or a parameter type, in UTF-8 bytes: as long as a file name
    /// (an installed app's registry holds the strings of its `Info.plist` to the same rule).
    public static let nameLimit = 255

    /// Why `name` cannot be a name a manifest, a bundle or a terminal carries, if it cannot:
    /// "it is empty", "it is N bytes long, over the limit of 255", "it holds a control character".
    /// The one rule for intent and parameter type names and an installed app's `Info.plist` strings.
    public static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        if name.utf8.count > nameLimit { return "it is \(name.utf8.count) bytes long, over the limit of \(nameLimit)" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return "it holds a control character" }
        return nil
    }

    /// Why `descriptor` cannot join a catalog holding `descriptors` and `valueTypes`, if it cannot.
    private static func problem(
        of descriptor: IntentDescriptor, among descriptors: [String: IntentDescriptor],
        valueTypes: [String: any ParameterValue.Type]
    ) -> IntentCatalogError? {
        let name = descriptor.typeName
        for typeName in [name] + descriptor.parameters.map(\.valueTypeName) {
            if let reason = nameProblem(typeName) { return IntentCatalogError(code: .invalidName, intent: typeName, value: reason) }
        }
        guard descriptors[name] == nil else {
            return IntentCatalogError(code: .duplicateIntentType, intent: name, value: name)
        }
        var seen = Set<ParameterName>()
        for parameter in descriptor.parameters where !seen.insert(parameter.name).inserted {
            return IntentCatalogError(code: .duplicateParameter, intent: name, value: parameter.name.rawValue)
        }
        if let (parameter, handlerType) = descriptor.mismatchedParameter {
            return IntentCatalogError(
                code: .parameterHandlerMismatch, intent: name,
                value: "'\(parameter)' takes \(handlerType), not \(descriptor.handlerTypeName)")
        }
        for template in descriptor.responses where template.name != template.code.description && !template.code.isCustom {
            return IntentCatalogError(code: .customCodeOutOfRange, intent: name, value: String(template.code.rawValue))
        }
        for (valueName, valueType) in descriptor.valueTypes.sorted(by: { $0.key < $1.key }) {
            if let known = valueTypes[valueName], known != valueType {
                return IntentCatalogError(code: .conflictingValueType, intent: name, value: valueName)
            }
        }
        return nil
    }

    /// The descriptor of the intent type with this name.
    public func descriptor(named typeName: String) -> IntentDescriptor? { descriptors[typeName] }

    /// The intent type names, sorted.
    public var typeNames: [String] { descriptors.keys.sorted() }

    func intentType(named typeName: String) -> (any Intent.Type)? { descriptors[typeName]?.intentType }

    package func valueType(named typeName: String) -> (any ParameterValue.Type)? {
        Self.builtInValueTypes[typeName] ?? valueTypes[typeName]
    }

    package func enumType(named typeName: String) -> (any EnumParameterValue.Type)? { enumTypes[typeName] }

    /// Whether values of this type are kept as records (the catalog knows the type by name only).
    package func keepsRecords(of typeName: String) -> Bool { recordTypes.contains(typeName) }

    /// Whether the catalog was read from data: its intents are records, and words for its
    /// values go to the app as words.
    let keepsRecords: Bool

    /// The value types every catalog knows, by wire name.
    package static let builtInValueTypes: [String: any ParameterValue.Type] = Dictionary(
        uniqueKeysWithValues: [String.self, Int.self, Double.self, Bool.self].map { ($0.typeName, $0 as any ParameterValue.Type) })

    /// The `userInfo` key under which decoders find the catalog.
    public static let userInfoKey = CodingUserInfoKey(rawValue: "SceneIntents.IntentCatalog")!

    /// A JSON decoder that can decode `AnyIntent`, `AnyParameterValue` and everything holding them.
    public func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[Self.userInfoKey] = self
        return decoder
    }

    static func from(_ decoder: any Decoder) throws -> IntentCatalog {
        guard let catalog = decoder.userInfo[userInfoKey] as? IntentCatalog else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "decoding intents needs the app's IntentCatalog in userInfo (use IntentCatalog.makeDecoder())"))
        }
        return catalog
    }
}
