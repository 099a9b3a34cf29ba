import Foundation
import SceneIntents
import Synchronization

/// What every coder of one message shares: the `userInfo` that types such as `AnyIntent` read
/// (the app's catalog), and the conventions `JSONEncoder` follows for Foundation's own types
/// (a `Date` as milliseconds since 1970, a `URL` as its text, `Data` as Base64), so that these
/// coders write the same bytes as `JSONEncoder` configured as `MessageCodec` once configured it.
///
/// Made once per codec, so messages on any thread share it; what changes (the calls a host is
/// answering) sits behind a `Mutex`. A class, as every conversion passes it down: one reference
/// to pass, not the catalog's three.
final class JSONCoderContext: Sendable {
    /// The app's intent types.
    let catalog: IntentCatalog

    /// The intent of each call this codec read and whose answer it has not written yet, by call
    /// id: a host's answer whose intent is that very value (its visit changed nothing) is
    /// written without it, and the system's link puts back the intent it sent
    /// (`AnyIntent.asCalled`). Nothing is lost if an entry is missing: the intent is written.
    private let calledIntents = Mutex([UInt64: AnyIntent]())

    /// How many calls' intents are kept at the most: far more than a host answers at once. Past
    /// it, they are dropped, and those calls' answers carry their intent.
    private static let calledIntentsLimit = 1024

    init(catalog: IntentCatalog) {
        self.catalog = catalog
    }

    /// Keeps the intent of call `id`, just read.
    func read(call id: UInt64, intent: AnyIntent) {
        calledIntents.withLock { intents in
            if intents.count >= Self.calledIntentsLimit { intents.removeAll() }
            intents[id] = intent
        }
    }

    /// Whether `intent`, in the answer to call `id` about to be written, is the call's own (the
    /// value read with it); the call is forgotten either way, as this is its last message.
    func isCalledIntent(_ intent: AnyIntent?, answering id: UInt64) -> Bool {
        let called = calledIntents.withLock { $0.removeValue(forKey: id) }
        guard let intent, let called else { return false }
        return intent.isSame(as: called)
    }

    /// What `Codable` types see: the catalog under `IntentCatalog.userInfoKey`. Made on demand,
    /// as few types ask for it.
    var userInfo: [CodingUserInfoKey: Any] { [IntentCatalog.userInfoKey: catalog] }

    /// A value as JSON, through `Encodable` with a `LeanEncoder`.
    func box<T: Encodable>(_ value: T) throws -> JSONValue {
        // Each type is compared first, so the cast after it needs no check by the runtime.
        if T.self == Date.self {
            let date = _identityCast(value, to: Date.self)
            return try JSONValue.finite((date.timeIntervalSince1970 * 1000), of: date)
        }
        if T.self == URL.self { return .string(_identityCast(value, to: URL.self).absoluteString) }
        if T.self == Data.self { return .string(_identityCast(value, to: Data.self).base64EncodedString()) }
        if T.self == JSONValue.self { return _identityCast(value, to: JSONValue.self) }
        // The parameter values most messages carry, with no encoder between.
        if T.self == String.self { return .string(_identityCast(value, to: String.self)) }
        if T.self == Int.self { return .number(String(_identityCast(value, to: Int.self))) }
        let node = JSONEncodingNode()
        try value.encode(to: LeanEncoder(node: node, context: self))
        return node.resolved()
    }

    /// A value of type `T` from JSON. A `DecodingError` thrown inside has a coding path relative
    /// to `value`; the containers that called this prefix their key as the error passes them.
    func unbox<T: Decodable>(_ type: T.Type, from value: JSONNode) throws -> T {
        if T.self == Date.self || T.self == URL.self || T.self == Data.self { return try foundationValue(type, from: value) }
        if T.self == JSONValue.self { return _identityCast(try JSONValue(value), to: T.self) }
        // The parameter values most messages carry, with no decoder between (the same errors).
        if T.self == String.self { return _identityCast(try value.string(), to: T.self) }
        if T.self == Int.self { return _identityCast(try value.integer(Int.self), to: T.self) }
        return try T(from: LeanDecoder(value: value, context: self))
    }

    /// A `Date`, `URL` or `Data`, as `JSONEncoder` writes them. Not inlined into `unbox`, so
    /// that decoding any other type asks the runtime for no `Optional<T>`.
    @inline(never)
    private func foundationValue<T>(_ type: T.Type, from value: JSONNode) throws -> T {
        let result: Any
        if T.self == Date.self {
            result = Date(timeIntervalSince1970: try value.floatingPoint(Double.self) / 1000)
        } else if T.self == URL.self {
            let text = try value.string()
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not a URL: '\(text)'"))
            }
            result = url
        } else {
            guard let data = Data(base64Encoded: try value.string()) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not Base64 data"))
            }
            result = data
        }
        return try result as? T ?? Self.unreachable(type)
    }

    private static func unreachable<T>(_ type: T.Type) throws -> T {
        // The callers compared T.self first, so the cast before this cannot fail.
        throw DecodingError.typeMismatch(type, .init(codingPath: [], debugDescription: "internal: cast to \(type) failed"))
    }
}

/// A key of a JSON object or an index of an array, in a coding path.
struct JSONKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init(stringValue: String) { self.init(stringValue) }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

extension DecodingError {
    /// The same error further out: `keys` go in front of its coding path.
    func prefixed(by keys: [any CodingKey]) -> DecodingError {
        func prefixed(_ context: Context) -> Context {
            Context(codingPath: keys + context.codingPath, debugDescription: context.debugDescription, underlyingError: context.underlyingError)
        }
        return switch self {
        case .typeMismatch(let type, let context): .typeMismatch(type, prefixed(context))
        case .valueNotFound(let type, let context): .valueNotFound(type, prefixed(context))
        case .keyNotFound(let missing, let context): .keyNotFound(missing, prefixed(context))
        case .dataCorrupted(let context): .dataCorrupted(prefixed(context))
        @unknown default: self
        }
    }
}

/// Runs `body`, putting `keys` in front of the coding path of any `DecodingError` it throws.
@inline(__always)
func under<T>(_ keys: @autoclosure () -> [any CodingKey], _ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as DecodingError { throw error.prefixed(by: keys()) }
}
