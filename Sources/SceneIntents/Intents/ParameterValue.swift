/// A value an intent parameter can hold: shown as a rich item, made from what a user says.
///
/// App types (a recipe, a playlist) conform; `String`, `Int`, `Double` and `Bool` already do.
/// Values cross the boundary between the assistant and the app, so they are `Sendable` and
/// `Codable`; `typeName` names the type on the wire and must be unique within an app's intents.
public protocol ParameterValue: Sendable, Codable, Equatable {
    /// The name that identifies the type when values are encoded (default: the type's name).
    static var typeName: String { get }
    /// The value as a rich item: identifier, title, subtitle, image, pronunciation hint.
    var displayItem: DisplayItem { get }
    /// A value made from what the user said, or nil when the words cannot make one. `identifier`
    /// is set when the words matched a known entity. The default makes none.
    static func fromSpoken(_ text: String, identifier: String?) -> Self?
}

extension ParameterValue {
    /// The type's own name.
    public static var typeName: String { TypeNames.name(of: Self.self) }
    /// Makes no value from words; conform to accept spoken values.
    public static func fromSpoken(_ text: String, identifier: String?) -> Self? { nil }
}

extension String: ParameterValue {
    /// The string itself, as identifier and title.
    public var displayItem: DisplayItem { DisplayItem(identifier: self, title: self) }
    /// The words as spoken.
    public static func fromSpoken(_ text: String, identifier: String?) -> String? { text }
}

extension Int: ParameterValue {
    /// The number, as identifier and title.
    public var displayItem: DisplayItem { DisplayItem(identifier: String(self), title: String(self)) }
    /// The number the words say, in digits or in words ("8", "-3", "eight", "twenty-four"), if
    /// they say one (see `SpokenNumber`).
    public static func fromSpoken(_ text: String, identifier: String?) -> Int? {
        SpokenNumber.value(of: text)
    }
}

extension Double: ParameterValue {
    /// The number, as identifier and title.
    public var displayItem: DisplayItem { DisplayItem(identifier: String(self), title: String(self)) }
    /// The number in the words, if they are one.
    public static func fromSpoken(_ text: String, identifier: String?) -> Double? {
        Double(text.trimmingCharacters(in: .whitespaces))
    }
}

extension Bool: ParameterValue {
    /// "yes" or "no".
    public var displayItem: DisplayItem {
        DisplayItem(identifier: self ? "yes" : "no", title: self ? "yes" : "no")
    }
    /// True for yes/true/on, false for no/false/off.
    public static func fromSpoken(_ text: String, identifier: String?) -> Bool? {
        switch text.lowercased().trimmingCharacters(in: .whitespaces) {
        case "yes", "true", "on", "y": true
        case "no", "false", "off", "n": false
        default: nil
        }
    }
}
