/// The Swift type a declaration becomes in generated code.
struct MappedType: Equatable {
    /// The element type (`Int`, `HydrationType`, `DisplayItem`…).
    var element: String
    /// Whether it is an array of the element.
    var isMultiple: Bool
    /// Whether the element is one of the file's custom types (its properties feed dialog values).
    var isCustomType: Bool

    /// The declared type (`Int` or `[Int]`).
    var swiftType: String { isMultiple ? "[\(element)]" : element }

    /// Whether a user's words can fail to make a value of it ("lots" for an `Int`): a single
    /// value of a Foundation type. Strings, custom types (made from any words) and enums (whose
    /// `unknown` takes the words no case names) always make one.
    var mayLeaveWordsUnread: Bool {
        !isMultiple && ["Int", "Double", "Bool", "DateComponents", "TimeInterval", "URL"].contains(element)
    }
}

/// How definition types map to SceneIntents value types, for one file.
///
/// | definition | Swift |
/// |---|---|
/// | String, SpeakableString | `String` |
/// | Integer | `Int` |
/// | Decimal | `Double` |
/// | Boolean | `Bool` |
/// | DateComponents | `DateComponents` |
/// | TimeInterval (Duration) | `TimeInterval` (seconds) |
/// | URL, File | `URL` (a file's URL) |
/// | enum of the file | the generated `EnumParameterValue` enum |
/// | Object of a file type | the generated struct |
/// | Object without a type (`INObject`) | `DisplayItem` |
/// | anything else (Placemark, Person, CurrencyAmount, PaymentMethod, System enums and types) | not modelled |
struct TypeMapping {
    /// The file's enums and types that are generated (not skipped for a name clash).
    let enums: Set<String>
    let types: Set<String>

    /// The Swift type, or why there is none.
    func map(_ declaration: ValueDeclaration) -> Result<MappedType, UnmodelledType> {
        func mapped(_ element: String, custom: Bool = false) -> Result<MappedType, UnmodelledType> {
            .success(MappedType(element: element, isMultiple: declaration.supportsMultipleValues, isCustomType: custom))
        }
        // An enum or a type of the file: generated unless it is Apple's, or was skipped.
        func generated(_ reference: TypeReference, _ kind: String, in names: Set<String>, custom: Bool = false) -> Result<MappedType, UnmodelledType> {
            if reference.isSystem { return .failure(UnmodelledType("Apple's \(kind) System.\(reference.name) is not modelled by SceneIntents")) }
            guard names.contains(reference.name) else { return .failure(UnmodelledType("the \(kind) '\(reference.name)' is not generated from this file")) }
            return mapped(reference.name, custom: custom)
        }
        switch declaration.type {
        case .string, .other("SpeakableString"): return mapped("String")
        case .integer: return mapped("Int")
        case .decimal: return mapped("Double")
        case .boolean: return mapped("Bool")
        case .dateComponents: return mapped("DateComponents")
        case .timeInterval: return mapped("TimeInterval")
        case .url, .other("File"): return mapped("URL")
        case .object(nil): return mapped("DisplayItem")
        case .enumeration(let reference): return generated(reference, "enum", in: enums)
        case .object(let reference?): return generated(reference, "type", in: types, custom: true)
        case .other(let name):
            let what = ["Placemark": "a location", "Person": "a person", "CurrencyAmount": "a currency amount",
                        "PaymentMethod": "a payment method"][name].map { " (\($0))" } ?? ""
            return .failure(UnmodelledType("the type '\(name)'\(what) is not modelled by SceneIntents"))
        }
    }
}

/// Why a declaration has no Swift type.
struct UnmodelledType: Error, Equatable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// Top-level names the generated code uses unqualified; a definition may not reuse them.
let reservedTypeNames: Set<String> = [
    "String", "Int", "Double", "Bool", "URL", "DateComponents", "TimeInterval", "DisplayItem", "Intent",
    "IntentSchema", "IntentParameter", "ParameterValue", "EnumParameterValue", "ResolutionResult", "ObjectCollection",
    "IntentResponse", "ResponseCode", "ResponseTemplate", "ParameterPrompts", "ParameterFlags", "UserActivity",
    "IntentConfirmation", "IntentRestriction",
    "Sendable", "Equatable", "Codable", "Hashable", "CaseIterable", "Optional", "Array", "Dictionary", "Never",
    "Foundation", "SceneIntents", "Swift", "Self", "Type", "Any", "AnyObject", "MainActor",
]
