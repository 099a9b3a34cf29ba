import SceneIntents

/// A type a `@Parameter` can hold: a value type (`_AppValue`), an optional of one, or an array.
///
/// The underscored members are the engine's plumbing: an app never implements them (the value
/// types this module lists, and every `AppEnum` and `AppEntity`, already do).
public protocol _IntentValue: Sendable {
    /// The type without its optional (`[Drink]` for `[Drink]?`).
    associatedtype UnwrappedType: Sendable = Self
    /// One element's type (`Drink` for `[Drink]` and `Drink?`).
    associatedtype ValueType: _AppValue = Self
    /// Whether nil is a value of the type (an optional parameter).
    static var _isOptional: Bool { get }
    /// Whether the type holds several elements (an array parameter).
    static var _isArray: Bool { get }
    /// The value holding these elements (one for a single value), if they make one.
    static func _make(_ elements: [ValueType]) -> Self?
    /// The value's elements; nil for an optional holding nothing.
    var _elements: [ValueType]? { get }
    /// The value that means "none given": nil for an optional; no such value otherwise.
    static var _none: Self? { get }
}

/// One value of a parameter (not an optional or an array of them): it has a value in the
/// engine, `_EngineValue`, which the assistant reads from words and offers to pick from.
public protocol _AppValue: _IntentValue where ValueType == Self, UnwrappedType == Self {
    /// The engine's value type for it.
    associatedtype _EngineValue: ParameterValue
    /// The value in the engine.
    var _engineValue: _EngineValue { get }
    /// The value an engine value stands for; nil when it is not known yet (an entity the
    /// assistant knows by its identifier or by the words the user said, which its query
    /// resolves first).
    static func _value(of engine: _EngineValue) -> Self?
}

extension _AppValue {
    /// Not optional.
    public static var _isOptional: Bool { false }
    /// One value.
    public static var _isArray: Bool { false }
    /// The one element.
    public static func _make(_ elements: [Self]) -> Self? { elements.count == 1 ? elements[0] : nil }
    /// Itself.
    public var _elements: [Self]? { [self] }
    /// No value means none given.
    public static var _none: Self? { nil }
}

/// A value type the engine already reads and shows (`String`, `Int`, …): its own engine value.
public protocol _PlainAppValue: _AppValue, ParameterValue where _EngineValue == Self {}

extension _PlainAppValue {
    /// Itself.
    public var _engineValue: Self { self }
    /// Itself.
    public static func _value(of engine: Self) -> Self? { engine }
}

extension String: _PlainAppValue {}
extension Int: _PlainAppValue {}
extension Double: _PlainAppValue {}
extension Bool: _PlainAppValue {}
extension URL: _PlainAppValue {}
extension Date: _PlainAppValue {}
extension Measurement: _IntentValue, _AppValue, _PlainAppValue where UnitType: Dimension {}

extension Optional: _IntentValue where Wrapped: _IntentValue {
    /// The wrapped type.
    public typealias UnwrappedType = Wrapped
    /// The wrapped type's element.
    public typealias ValueType = Wrapped.ValueType
    /// Optional.
    public static var _isOptional: Bool { true }
    /// As the wrapped type.
    public static var _isArray: Bool { Wrapped._isArray }
    /// The wrapped value the elements make.
    public static func _make(_ elements: [Wrapped.ValueType]) -> Self? { Wrapped._make(elements).map { .some($0) } }
    /// The wrapped value's elements; nil for nil.
    public var _elements: [Wrapped.ValueType]? { self?._elements }
    /// Nil.
    public static var _none: Self? { .some(.none) }
}

extension Array: _IntentValue where Element: _AppValue {
    /// The element type.
    public typealias ValueType = Element
    /// Not optional (an empty array is a value).
    public static var _isOptional: Bool { false }
    /// Several values.
    public static var _isArray: Bool { true }
    /// The elements themselves.
    public static func _make(_ elements: [Element]) -> [Element]? { elements }
    /// The elements.
    public var _elements: [Element]? { self }
    /// No value means none given.
    public static var _none: [Element]? { nil }
}
