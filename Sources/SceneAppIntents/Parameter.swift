import Synchronization

/// `@Parameter`: a parameter of an intent, as App Intents declares one.
///
/// ```swift
/// @Parameter(title: "Ounces", requestValueDialog: "How many ounces?") var ounces: Int
/// @Parameter(title: "Note") var note: String?
/// ```
///
/// A non-optional parameter without a default is required: the assistant asks for it (with
/// `requestValueDialog`, else "What's the <title>?") before `perform()` runs. An optional one
/// is left nil when not given. `$ounces` is the parameter itself, for `requestValue()`,
/// `needsValueError()` and the other requests, and for `Summary("… \(\.$ounces)")`.
///
/// A class, as Apple's is: an intent value holds its parameters by reference, and `perform()`
/// may set one. Reading a required parameter that has no value is a programming error that
/// stops the process (as it does with Apple's module); `perform()` never sees one.
@propertyWrapper
public final class IntentParameter<Value: _IntentValue>: Sendable {
    struct State {
        /// The value; nil when none was given.
        var value: Value?
        /// The parameter's name in its intent (the property's name), once the adapter has read it.
        var name: String?
    }

    let state: Mutex<State>
    /// The parameter's name as people see it.
    public let title: LocalizedStringResource
    /// What the parameter is for, if said.
    public let parameterDescription: LocalizedStringResource?
    /// The value used when none is given, if any.
    let defaultValue: Value?
    /// What the assistant asks when it needs a value.
    let requestValueDialog: IntentDialog?
    /// What the assistant says before offering values to pick from.
    let requestDisambiguationDialog: IntentDialog?
    /// The smallest and largest numbers accepted, if bounded.
    let bounds: (minimum: Double?, maximum: Double?)
    /// The values to offer, when an options provider gives them.
    let options: (@Sendable () async throws -> [Value.ValueType])?
    /// The options provider's `defaultResult()`: the value used when none is given and the
    /// parameter has no `default:`.
    let optionsDefault: (@Sendable () async -> Value.ValueType?)?
    /// The unit a number said alone is taken in (a measurement parameter's `defaultUnit`).
    let spokenUnit: (@Sendable (Double) -> Value.ValueType?)?

    init(
        titled title: LocalizedStringResource?, description: LocalizedStringResource?, default defaultValue: Value.UnwrappedType?,
        requestValueDialog: IntentDialog?, requestDisambiguationDialog: IntentDialog? = nil,
        bounds: (minimum: Double?, maximum: Double?) = (nil, nil), options: (@Sendable () async throws -> [Value.ValueType])? = nil,
        optionsDefault: (@Sendable () async -> Value.ValueType?)? = nil, spokenUnit: (@Sendable (Double) -> Value.ValueType?)? = nil
    ) {
        let initial = defaultValue.flatMap { $0 as? Value }
        state = Mutex(State(value: initial))
        self.title = title ?? ""
        parameterDescription = description
        self.defaultValue = initial
        self.requestValueDialog = requestValueDialog
        self.requestDisambiguationDialog = requestDisambiguationDialog
        self.bounds = bounds
        self.options = options
        self.optionsDefault = optionsDefault
        self.spokenUnit = spokenUnit
    }

    /// A parameter.
    ///
    /// - Parameters:
    ///   - title: its name as people see it.
    ///   - description: what it is for.
    ///   - defaultValue: the value used when none is given (the parameter is then never asked for).
    ///   - requestValueDialog: what the assistant asks when it needs a value.
    ///   - requestDisambiguationDialog: what it says before offering values to pick from.
    ///   - inputConnectionBehavior: how Shortcuts connects a previous action's output (kept).
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value.UnwrappedType? = nil,
        requestValueDialog: IntentDialog? = nil, requestDisambiguationDialog: IntentDialog? = nil,
        inputConnectionBehavior: InputConnectionBehavior = .default
    ) {
        self.init(
            titled: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog,
            requestDisambiguationDialog: requestDisambiguationDialog)
    }

    /// A parameter titled after its property's name.
    public convenience init(
        description: LocalizedStringResource? = nil, default defaultValue: Value.UnwrappedType? = nil,
        requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior = .default
    ) {
        self.init(titled: nil, description: description, default: defaultValue, requestValueDialog: requestValueDialog)
    }

    /// A parameter whose values to offer come from an options provider; with no value given and
    /// no `default:`, the provider's `defaultResult()` is taken (when it has one) instead of asking.
    public convenience init<Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value.UnwrappedType? = nil,
        optionsProvider: Provider, requestValueDialog: IntentDialog? = nil,
        inputConnectionBehavior: InputConnectionBehavior = .default
    ) where Provider.DefaultValue == Value.ValueType, Provider.Result.Result.ValueType == Value.ValueType {
        self.init(
            titled: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog,
            options: { try await optionsProvider.results().items }, optionsDefault: { await optionsProvider.defaultResult() })
    }

    /// The value. Setting it (in `init` or `perform()`) gives the parameter that value.
    public var wrappedValue: Value {
        get {
            let held = state.withLock { $0.value }
            if let held { return held }
            if let none = Value._none { return none }
            preconditionFailure("the required parameter '\(name)' (\(title)) has no value: read it in perform()")
        }
        set { state.withLock { $0.value = newValue } }
    }

    /// The parameter itself (`$ounces`): its requests, and its key path in a summary.
    public var projectedValue: IntentParameter<Value> { self }

    /// The parameter's name in its intent (its title until the adapter has read the intent).
    var name: String { state.withLock { $0.name } ?? title.description }
}

extension IntentParameter where Value.UnwrappedType == Int {
    /// A whole-number parameter accepted only within `inclusiveRange` (the assistant refuses a
    /// number outside it, saying the bounds, before the app sees it); `controlStyle` is kept.
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Int? = nil,
        controlStyle: NumberControlStyle = .stepper, inclusiveRange: (lowerBound: Int, upperBound: Int), requestValueDialog: IntentDialog? = nil,
        inputConnectionBehavior: InputConnectionBehavior = .default
    ) {
        self.init(
            titled: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog,
            bounds: (Double(inclusiveRange.lowerBound), Double(inclusiveRange.upperBound)))
    }
}

extension IntentParameter where Value.UnwrappedType == Double {
    /// A number parameter accepted only within `inclusiveRange`; `controlStyle` is kept.
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Double? = nil,
        controlStyle: NumberControlStyle = .field, inclusiveRange: (lowerBound: Double, upperBound: Double),
        requestValueDialog: IntentDialog? = nil,
        inputConnectionBehavior: InputConnectionBehavior = .default
    ) {
        self.init(
            titled: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog,
            bounds: (inclusiveRange.lowerBound, inclusiveRange.upperBound))
    }
}

extension IntentParameter where Value.UnwrappedType == String {
    /// A text parameter with keyboard options (kept; the assistant takes any words).
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: String? = nil,
        inputOptions: String.IntentInputOptions, requestValueDialog: IntentDialog? = nil,
        inputConnectionBehavior: InputConnectionBehavior = .default
    ) {
        self.init(titled: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog)
    }
}

extension IntentParameter {
    /// A measurement parameter: a number said alone is taken in `defaultUnit` ("5" → 5 miles);
    /// `supportsNegativeNumbers` is kept.
    public convenience init<U: Dimension>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value.UnwrappedType? = nil,
        defaultUnit: U, supportsNegativeNumbers: Bool = true, requestValueDialog: IntentDialog? = nil,
        inputConnectionBehavior: InputConnectionBehavior = .default
    ) where Value.ValueType == Measurement<U> {
        self.init(
            titled: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog,
            spokenUnit: { Measurement(value: $0, unit: defaultUnit) })
    }
}

extension IntentParameter {
    /// How Shortcuts edits a number parameter (kept; the assistant takes spoken numbers).
    public enum NumberControlStyle: Sendable, Hashable {
        /// A text field.
        case field
        /// A slider.
        case slider
        /// A stepper.
        case stepper
    }

    /// Apple's name for a whole-number parameter's control style.
    public typealias IntControlStyle = NumberControlStyle
    /// Apple's name for a number parameter's control style.
    public typealias DoubleControlStyle = NumberControlStyle
}

/// How Shortcuts connects a previous action's output to a parameter (kept; nothing here
/// connects actions).
public enum InputConnectionBehavior: Sendable, Hashable {
    /// Shortcuts decides.
    case `default`
    /// Connect the previous action's output to this parameter.
    case connectToPreviousIntentResult
    /// Never connect it.
    case never
}

extension String {
    /// How a text parameter is typed in Shortcuts (kept; the assistant takes words).
    public struct IntentInputOptions: Sendable, Hashable {
        /// Whether the text may run over several lines.
        public var multiline: Bool
        /// Whether autocorrection is on.
        public var autocorrect: Bool

        /// Options.
        public init(multiline: Bool = false, autocorrect: Bool = true) {
            self.multiline = multiline
            self.autocorrect = autocorrect
        }
    }
}

/// Gives the values a parameter offers, when they are not an entity's query.
///
/// ```swift
/// struct SizeOptions: DynamicOptionsProvider {
///     func results() async throws -> [String] { ["Small", "Medium", "Large"] }
/// }
/// @Parameter(title: "Size", optionsProvider: SizeOptions()) var size: String
/// ```
public protocol DynamicOptionsProvider: Sendable {
    /// What `results()` answers: an array of values, or an ``IntentItemCollection`` in sections.
    associatedtype Result: ResultsCollection
    /// The values' type.
    associatedtype DefaultValue: _AppValue = Result.Result.ValueType
    /// The values to offer.
    func results() async throws -> Result
    /// The value a parameter without one takes (it is then not asked for), if any; a `default:`
    /// declared on the parameter comes first. Default nil.
    func defaultResult() async -> DefaultValue?
}

extension DynamicOptionsProvider {
    /// None.
    public func defaultResult() async -> DefaultValue? { nil }
    /// Options in sections (`ItemCollection { ItemSection("Recent") { "Tea" } }`).
    public typealias ItemCollection<R: _IntentValue> = IntentItemCollection<R>
    /// A section of options.
    public typealias ItemSection<R: _IntentValue> = IntentItemSection<R>
    /// One option with a title of its own.
    public typealias Item<R: _IntentValue> = IntentItem<R>
}
