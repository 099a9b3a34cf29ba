/// An intent the system may suggest back from its donations, each suggestion titled by the
/// prediction that fits the donated values (App Intents' `PredictableIntent`).
///
/// ```swift
/// struct PickPaceIntent: AppIntent, PredictableIntent {
///     static var predictionConfiguration: some IntentPredictionConfiguration {
///         IntentPrediction(parameters: (\.$pace, \.$finish)) { pace, finish in
///             DisplayRepresentation(title: "Run \(pace ?? "easy"), finish \(finish ?? "steady")")
///         }
///         IntentPrediction(parameters: (\.$pace)) { pace in DisplayRepresentation(title: "Run \(pace ?? "easy")") }
///     }
/// }
/// ```
///
/// A donation of the intent (``IntentDonationManager``) carries the title of the prediction that
/// fits it as its suggested phrase: of the predictions whose parameters all have values, the one
/// naming the most (the first declared among equals). The system's shortcuts store offers the
/// donation under that phrase (`:shortcuts` lists it), and a voice shortcut recorded for it
/// starts from it.
public protocol PredictableIntent: AppIntent {
    /// The type of `predictionConfiguration`.
    associatedtype Prediction: IntentPredictionConfiguration
    /// The intent's predictions, one per set of parameters the system may suggest it with.
    @IntentPredictionConfigurationBuilder<Self> static var predictionConfiguration: Prediction { get }
}

/// Predictions of an intent (`PredictableIntent.predictionConfiguration`).
public protocol IntentPredictionConfiguration: Sendable {
    /// The title of the prediction that fits `intent`'s values, if one does.
    func _title(for intent: any AppIntent) -> String?
}

/// One prediction: the parameters it is made from and the title their values give it.
public struct IntentPrediction<Intent: AppIntent>: IntentPredictionConfiguration {
    /// How many parameters it names.
    let parameterCount: Int
    /// Its title for an intent whose named parameters all have values; nil otherwise.
    let title: @Sendable (Intent) -> String?

    /// A prediction from `parameters` (one key path, or a tuple of them) whose values make
    /// `displayRepresentation`.
    public init<each V: _IntentValue & Sendable>(
        parameters: (repeat KeyPath<Intent, IntentParameter<each V>>),
        displayRepresentation: @escaping @Sendable (repeat each V) -> DisplayRepresentation
    ) {
        let reader = PredictionReader<Intent, repeat each V>(repeat each parameters, make: displayRepresentation)
        parameterCount = reader.count
        title = { intent in reader.title(for: intent) }
    }

    /// A prediction that names no parameter: it fits every donation.
    public init(displayRepresentation: @escaping @Sendable () -> DisplayRepresentation) {
        parameterCount = 0
        title = { _ in displayRepresentation().title.description }
    }

    /// Its title, when `intent` is of its type and has every value it names.
    public func _title(for intent: any AppIntent) -> String? {
        (intent as? Intent).flatMap(title)
    }
}

/// An intent's predictions, as its `predictionConfiguration` lists them.
public struct IntentPredictions<Intent: AppIntent>: IntentPredictionConfiguration {
    let predictions: [IntentPrediction<Intent>]

    /// The title of the fitting prediction that names the most parameters (the first declared
    /// among equals).
    public func _title(for intent: any AppIntent) -> String? {
        var best: (count: Int, title: String)?
        for prediction in predictions where prediction.parameterCount > best?.count ?? -1 {
            if let title = prediction._title(for: intent) { best = (prediction.parameterCount, title) }
        }
        return best?.title
    }
}

/// Builds `predictionConfiguration` from its predictions.
@resultBuilder
public enum IntentPredictionConfigurationBuilder<Intent: AppIntent> {
    /// One prediction.
    public static func buildExpression(_ prediction: IntentPrediction<Intent>) -> IntentPredictions<Intent> {
        IntentPredictions(predictions: [prediction])
    }

    /// The predictions in order.
    public static func buildBlock(_ parts: IntentPredictions<Intent>...) -> IntentPredictions<Intent> {
        IntentPredictions(predictions: parts.flatMap(\.predictions))
    }
}

extension PredictableIntent {
    /// The suggested phrase a donation of this intent carries: its fitting prediction's title.
    var predictedPhrase: String? { Self.predictionConfiguration._title(for: self) }
}

/// A prediction's parameters and title, for an intent of type `Intent`.
private struct PredictionReader<Intent: AppIntent, each V: _IntentValue & Sendable>: @unchecked Sendable {
    // @unchecked: a key path object is immutable once made, and these are made from property
    // references (`\.$pace`: no subscript arguments captured), so sharing them is safe; `make`
    // is @Sendable. Only `KeyPath`'s type does not say so.
    let paths: (repeat KeyPath<Intent, IntentParameter<each V>>)
    let make: @Sendable (repeat each V) -> DisplayRepresentation

    init(_ paths: repeat KeyPath<Intent, IntentParameter<each V>>, make: @escaping @Sendable (repeat each V) -> DisplayRepresentation) {
        self.paths = (repeat each paths)
        self.make = make
    }

    /// How many parameters it names.
    var count: Int {
        var count = 0
        for _ in repeat each paths { count += 1 }
        return count
    }

    private static func value<T>(of intent: Intent, at path: KeyPath<Intent, IntentParameter<T>>) -> T {
        intent[keyPath: path].wrappedValue
    }

    /// Its title for `intent`, when every parameter it names has a value.
    func title(for intent: Intent) -> String? {
        for path in repeat each paths {
            guard intent[keyPath: path].engineValues != nil else { return nil }
        }
        return make(repeat Self.value(of: intent, at: each paths)).title.description
    }
}
