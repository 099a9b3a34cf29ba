/// The smallest and largest numbers a parameter takes, as the generated schema declares them.
struct NumericBounds: Equatable {
    var minimum: Double?
    var maximum: Double?

    /// The arguments of `IntentParameter.bounded(minimum:maximum:)`.
    var arguments: String {
        [("minimum", minimum), ("maximum", maximum)].compactMap { label, value in
            value.map { "\(label): \(numberLiteral($0))" }
        }.joined(separator: ", ")
    }
}

/// A number as Swift source and as said in dialogs: whole numbers without a decimal point.
func numberLiteral(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

extension DefinedParameter {
    /// The metadata keys of the bounds, without their `INIntentParameterMetadata` prefix.
    static let boundKeys = ["MinimumValue", "MaximumValue"]

    /// The bounds the assistant enforces: the `MinimumValue` and `MaximumValue` of an Integer or
    /// Decimal parameter (an enum is stored as Integer, but has no bounds), when they are
    /// numbers and the minimum is not above the maximum. Nil when none is honoured.
    var bounds: NumericBounds? {
        guard boundsProblem == nil else { return nil }
        let bounds = NumericBounds(
            minimum: declaration.metadataNumber("MinimumValue"), maximum: declaration.metadataNumber("MaximumValue"))
        return bounds.minimum == nil && bounds.maximum == nil ? nil : bounds
    }

    /// Why bounds the file sets are not honoured, naming the key; nil when none is set, or all
    /// are honoured.
    var boundsProblem: String? {
        let set = Self.boundKeys.filter { declaration.metadata[$0] != nil }
        guard !set.isEmpty else { return nil }
        let keys = set.map { "INIntentParameterMetadata" + $0 }
        let named = keys.joined(separator: " and ")
        switch declaration.type {
        case .integer, .decimal: break
        default:
            return "\(named) \(keys.count == 1 ? "is" : "are") not honoured: SceneIntents checks the bounds of Integer and Decimal parameters only, and this one is \(declaration.type.displayName)"
        }
        if let key = set.first(where: { declaration.metadataNumber($0) == nil }) {
            return "INIntentParameterMetadata\(key) is not honoured: it is \(declaration.metadata[key]?.kindName ?? "absent"), not a number"
        }
        if let minimum = declaration.metadataNumber("MinimumValue"), let maximum = declaration.metadataNumber("MaximumValue"),
            minimum > maximum
        {
            return "\(named) are not honoured: the minimum \(numberLiteral(minimum)) is above the maximum \(numberLiteral(maximum)), so no value would do"
        }
        return nil
    }
}
