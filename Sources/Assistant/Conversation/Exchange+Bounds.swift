import SceneIntents

extension Exchange {
    /// Refuses the numbers the request came with that are outside their parameters' bounds,
    /// before the app sees them: says why and asks for another value of each (an item of a
    /// multi-value parameter is replaced on its own). Answers whether the user was asked.
    // Inlined: an async call of its own is a frame allocated from the task on every request.
    @inline(__always)
    mutating func refuseGivenValuesOutOfBounds() async throws(ExchangeStop) -> Bool {
        var asked = false
        for parameter in descriptor.parameters where parameter.minimumValue != nil || parameter.maximumValue != nil {
            guard let values = descriptor.values(of: parameter.name, in: intent) else { continue }
            for (index, value) in values.enumerated() {
                guard let refusal = outOfBounds(value, of: parameter) else { continue }
                asked = true
                await say(refusal)
                let replacement = try await askValue(for: parameter)
                try set(parameter, at: parameter.flags.contains(.multiValue) ? index : nil, to: replacement)
            }
        }
        return asked
    }

    /// What the assistant says of a value outside the parameter's bounds; nil when it is within
    /// them, or is not a number.
    func outOfBounds(_ value: AnyParameterValue, of parameter: ParameterDescriptor) -> String? {
        guard let number = Self.number(value) else { return nil }
        let below = parameter.minimumValue.map { number < $0 } ?? false
        let above = parameter.maximumValue.map { number > $0 } ?? false
        guard below || above else { return nil }
        return lines.outOfBounds(parameter, number: number, value: value.displayItem.title)
    }

    /// The value as a number, when it is one (an integer or a floating-point value of any width).
    static func number(_ value: AnyParameterValue) -> Double? {
        if let value = value.base as? any BinaryInteger { return Double(value) }
        if let value = value.base as? any BinaryFloatingPoint { return Double(value) }
        return nil
    }
}
