/// How Shortcuts shows an intent with its parameters: a sentence with slots
/// (`Summary("Log \(\.$ounces) of \(\.$drink)")`), or one chosen by a parameter's value (`When`).
///
/// `AppIntentsCatalog.summary(of:)` renders it for an intent's values.
public protocol ParameterSummary: Sendable {}

/// Renders a summary for an intent of type `I`; nil when it is of another intent type.
protocol RenderedSummary {
    func rendered<I: AppIntent>(for intent: I) -> String?
}

/// A summary sentence: text with a slot per parameter.
public struct IntentParameterSummary<Intent: AppIntent>: ParameterSummary, RenderedSummary {
    let sentence: ParameterSummaryString<Intent>?

    /// No sentence: Shortcuts lists the parameters.
    public init() {
        sentence = nil
    }

    /// A sentence (`table` is kept; the development language is used).
    public init(_ string: ParameterSummaryString<Intent>, table: String? = nil) {
        sentence = string
    }

    /// A sentence, with the parameters Shortcuts shows under it (kept).
    public init(
        _ string: ParameterSummaryString<Intent>, table: String? = nil,
        @ParameterKeyPathsBuilder _ additionalParameterKeyPaths: () -> [PartialKeyPath<Intent>]
    ) {
        sentence = string
    }

    func rendered<I: AppIntent>(for intent: I) -> String? {
        guard let intent = intent as? Intent else { return nil }
        return sentence?.rendered(for: intent)
    }

    /// Builds the list of parameters shown under a summary.
    @resultBuilder
    public enum ParameterKeyPathsBuilder {
        /// One parameter.
        public static func buildExpression(_ keyPath: PartialKeyPath<Intent>) -> [PartialKeyPath<Intent>] { [keyPath] }
        /// The parameters, in order.
        public static func buildBlock(_ parts: [PartialKeyPath<Intent>]...) -> [PartialKeyPath<Intent>] { parts.flatMap { $0 } }
    }
}

/// A summary sentence's text: literals and parameter slots (`\(\.$drink)`).
public struct ParameterSummaryString<Intent: AppIntent>: Sendable, ExpressibleByStringInterpolation {
    enum Segment: Sendable {
        case text(String)
        /// A parameter: its value's words for an intent (`${name}` when it has none).
        case parameter(@Sendable (Intent) -> String)
    }

    let segments: [Segment]

    /// A sentence with no slot.
    public init(stringLiteral value: String) {
        segments = [.text(value)]
    }

    /// A sentence with slots.
    public init(stringInterpolation: StringInterpolation) {
        segments = stringInterpolation.segments
    }

    /// The sentence for `intent`'s values.
    func rendered(for intent: Intent) -> String {
        segments.map { segment in
            switch segment {
            case .text(let text): text
            case .parameter(let words): words(intent)
            }
        }.joined()
    }

    /// Builds a sentence.
    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Segment] = []

        /// An empty sentence.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Text.
        public mutating func appendLiteral(_ literal: String) {
            segments.append(.text(literal))
        }

        /// A parameter's slot.
        public mutating func appendInterpolation<Value>(_ keyPath: KeyPath<Intent, IntentParameter<Value>> & Sendable) {
            segments.append(.parameter { intent in ParameterNames.words(of: intent[keyPath: keyPath], in: intent) })
        }
    }
}

/// `When(\.$p, .equalTo, value) { … } otherwise: { … }`: one of two summaries, by a parameter's value.
public struct ParameterSummaryWhenCondition<Intent: AppIntent, Condition: ParameterSummary, Otherwise: ParameterSummary>:
    ParameterSummary, RenderedSummary
{
    let holds: @Sendable (Intent) -> Bool
    let condition: Condition
    let otherwise: Otherwise

    /// Chosen by whether `holds` for the parameter's values (nil: it has none).
    init<Value>(
        _ keyPath: KeyPath<Intent, IntentParameter<Value>> & Sendable, holds: @escaping @Sendable ([Value.ValueType]?) -> Bool,
        _ when: () -> Condition, _ otherwise: () -> Otherwise
    ) {
        self.holds = { intent in holds(intent[keyPath: keyPath].currentElements) }
        condition = when()
        self.otherwise = otherwise()
    }

    /// Chosen by whether the parameter's value is (or is not) `value`.
    public init<Value>(
        _ keyPath: KeyPath<Intent, IntentParameter<Value>> & Sendable, _ comparisonOperator: EquatableComparisonOperator,
        _ value: Value.ValueType, @ParameterSummaryBuilder<Intent> _ when: () -> Condition,
        @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise
    ) where Value.ValueType: Equatable {
        self.init(keyPath, holds: { ($0?.first == value) == (comparisonOperator == .equalTo) }, when, otherwise)
    }

    /// Chosen by how the parameter's value compares with `value`.
    public init<Value>(
        _ keyPath: KeyPath<Intent, IntentParameter<Value>> & Sendable, _ comparisonOperator: ComparableComparisonOperator,
        _ value: Value.ValueType, @ParameterSummaryBuilder<Intent> _ when: () -> Condition,
        @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise
    ) where Value.ValueType: Comparable {
        self.init(keyPath, holds: { $0?.first.map { comparisonOperator.compares($0, value) } ?? false }, when, otherwise)
    }

    /// Chosen by whether the parameter has a value.
    public init<Value>(
        _ keyPath: KeyPath<Intent, IntentParameter<Value>> & Sendable, _ comparisonOperator: HasValueComparisonOperator,
        @ParameterSummaryBuilder<Intent> _ when: () -> Condition, @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise
    ) {
        self.init(keyPath, holds: { ($0 != nil) == (comparisonOperator == .hasAnyValue) }, when, otherwise)
    }

    /// Chosen by whether the parameter's value is one of `values`.
    public init<Value>(
        _ keyPath: KeyPath<Intent, IntentParameter<Value>> & Sendable, _ comparisonOperator: OneOfComparisonOperator,
        _ values: [Value.ValueType], @ParameterSummaryBuilder<Intent> _ when: () -> Condition,
        @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise
    ) where Value.ValueType: Equatable {
        self.init(keyPath, holds: { ($0?.first.map(values.contains) ?? false) == (comparisonOperator == .oneOf) }, when, otherwise)
    }

    func rendered<I: AppIntent>(for intent: I) -> String? {
        guard let typed = intent as? Intent else { return nil }
        let chosen: any ParameterSummary = holds(typed) ? condition : otherwise
        return (chosen as? any RenderedSummary)?.rendered(for: intent)
    }
}

/// Builds a parameter summary.
@resultBuilder
public enum ParameterSummaryBuilder<Intent: AppIntent> {
    /// The summary.
    public static func buildBlock<Summary: ParameterSummary>(_ block: Summary) -> Summary { block }
    /// The summary.
    public static func buildExpression<Summary: ParameterSummary>(_ expression: Summary) -> Summary { expression }
}

/// Equal or not.
public enum EquatableComparisonOperator: Sendable, Hashable {
    case equalTo, notEqualTo
}

/// How two ordered values compare.
public enum ComparableComparisonOperator: Sendable, Hashable {
    case equalTo, notEqualTo, lessThan, lessThanOrEqualTo, greaterThan, greaterThanOrEqualTo

    func compares<T: Comparable>(_ left: T, _ right: T) -> Bool {
        switch self {
        case .equalTo: left == right
        case .notEqualTo: left != right
        case .lessThan: left < right
        case .lessThanOrEqualTo: left <= right
        case .greaterThan: left > right
        case .greaterThanOrEqualTo: left >= right
        }
    }
}

/// Whether a value is given.
public enum HasValueComparisonOperator: Sendable, Hashable {
    case hasAnyValue, hasNoValue
}

/// In a list of values, or not.
public enum OneOfComparisonOperator: Sendable, Hashable {
    case oneOf, noneOf
}

/// The names and words of an intent's parameters, found from the parameter objects themselves.
enum ParameterNames {
    /// The name of `parameter` in `intent` (the property's name), if it is one of its parameters.
    static func name<I: AppIntent>(of parameter: AnyObject, in intent: I) -> String? {
        EngineIntent<I>.parameters(of: intent).first { $0.wrapper === parameter }?.name
    }

    /// The words for a parameter's value in `intent`: its values' titles, else `${name}`.
    static func words<I: AppIntent, Value>(of parameter: IntentParameter<Value>, in intent: I) -> String {
        if let elements = parameter.currentElements, !elements.isEmpty {
            return elements.map { SpokenText.of($0) }.joined(separator: ", ")
        }
        return "${\(name(of: parameter, in: intent) ?? parameter.name)}"
    }
}

extension IntentParameter {
    /// The value's elements, if it has a value.
    var currentElements: [Value.ValueType]? { state.withLock { $0.value }?._elements }
}
