/// Why a record did not decode, as a short phrase a user can read ("the key “ounces” is
/// missing"), for `LogWarning.undecodable`: the decoder's own description is a debug dump.
public enum DecodingReason {
    /// The phrase for `error` (a `DecodingError`; any other error's own description).
    public static func phrase(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context):
            return "the key “\(path(context.codingPath + [key]))” is missing"
        case .typeMismatch(let type, let context):
            guard !context.codingPath.isEmpty else { return "it is not \(kind(type, json: true))" }
            return "“\(path(context.codingPath))” is not \(kind(type, json: false))"
        case .valueNotFound(let type, let context):
            guard !context.codingPath.isEmpty else { return "it is null" }
            return "“\(path(context.codingPath))” is null, not \(kind(type, json: false))"
        case .dataCorrupted(let context):
            guard !context.codingPath.isEmpty else { return "it is not valid JSON" }
            return "“\(path(context.codingPath))” is not valid: \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// "sizes.1": the keys and positions on the way to the value.
    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    /// What a value of `type` is called: "a whole number", "text", "a list"; at the top
    /// (`json`), "a JSON object" or "a JSON list".
    private static func kind(_ type: Any.Type, json: Bool) -> String {
        let name = String(describing: type)
        let prefix = json ? "a JSON " : "a"
        if name.hasPrefix("Dictionary") { return json ? "a JSON object" : "an object" }
        if name.hasPrefix("Array") { return prefix + (json ? "list" : " list") }
        if type is any BinaryInteger.Type { return "a whole number" }
        if type is any BinaryFloatingPoint.Type { return "a number" }
        if type == String.self { return "text" }
        if type == Bool.self { return "true or false" }
        return "a \(name)"
    }
}
