extension IntentParameter {
    /// The parameter with the smallest and largest numbers the assistant accepts for it (an
    /// intent definition's `MinimumValue` and `MaximumValue`; nil: no bound on that side).
    ///
    /// A value outside them, given in the request or said by the user, is refused before the
    /// app sees it: the assistant says the parameter's `lessThanMinimumValue` or
    /// `greaterThanMaximumValue` line (from its prompts' `unsupported`), else its own line
    /// naming the bounds, and asks again. Only numeric values are checked; each item of a
    /// multi-value parameter is checked on its own.
    ///
    /// ```swift
    /// .value("quantity", \.quantity, resolve: { … }).bounded(minimum: 1, maximum: 10)
    /// ```
    public func bounded(minimum: Double? = nil, maximum: Double? = nil) -> IntentParameter {
        var descriptor = descriptor
        descriptor.minimumValue = minimum
        descriptor.maximumValue = maximum
        return IntentParameter(
            descriptor: descriptor, valueType: valueType, read: read, write: write, calls: calls, handlerType: handlerType)
    }
}
