/// Reading the scalars of a `JSONValue`; a mismatch is a `DecodingError` with an empty coding
/// path (the container that asked puts its key in front).
extension JSONValue {
    func mismatch(_ type: Any.Type) -> DecodingError {
        if case .null = self {
            return .valueNotFound(type, .init(codingPath: [], debugDescription: "expected \(type), found null"))
        }
        return .typeMismatch(type, .init(codingPath: [], debugDescription: "expected \(type), found \(kind)"))
    }

    func bool() throws -> Bool {
        guard case .bool(let flag) = self else { throw mismatch(Bool.self) }
        return flag
    }

    func string() throws -> String {
        guard case .string(let text) = self else { throw mismatch(String.self) }
        return text
    }

    /// An integer of type `T`; `2.0` and `1e2` are integers too, `2.5` and out-of-range
    /// numbers are errors.
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let text) = self else { throw mismatch(type) }
        if let value = T(text, radix: 10) { return value }
        if let double = Double(text), let value = T(exactly: double) { return value }
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the number \(text) is not representable as \(type)"))
    }

    /// A finite floating-point number of type `T`.
    func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
        guard case .number(let text) = self else { throw mismatch(type) }
        guard let value = T(text), value.isFinite else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the number \(text) is not representable as \(type)"))
        }
        return value
    }

    var isNull: Bool {
        if case .null = self { true } else { false }
    }
}
