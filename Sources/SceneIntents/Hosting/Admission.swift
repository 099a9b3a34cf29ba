extension AppManifest {
    /// The one admission rule: whether an intent may reach this app's handlers now. The system
    /// side applies it when it routes a request and the app side again when a call arrives, so
    /// both refuse the same things with the same reasons.
    ///
    /// In order: the app must define the intent (`unknownIntent`), list it in
    /// `INIntentsSupported` (`notInManifest`), support multiple scenes (`multipleScenesRequired`,
    /// our rule: Apple silently never asks such an app), and not restrict it while the device is
    /// locked (`restrictedWhileLocked`: the manifest lists it, or the intent's own
    /// `IntentRequirements` restrict it). Returns nil when the intent is admitted.
    public func refusal(of intentType: String, catalog: IntentCatalog, deviceIsLocked: Bool) -> IntentHostError? {
        let descriptor = catalog.descriptor(named: intentType)
        return refusal(
            of: intentType, isDefined: descriptor != nil, deviceIsLocked: deviceIsLocked,
            restrictedByIntent: descriptor?.requirements.restriction.isRestrictedWhileLocked ?? false)
    }

    /// The same rule for a caller that has looked the intent up in its catalog already
    /// (`isDefined`: the catalog has a descriptor for it; `restrictedByIntent`: its
    /// requirements restrict it while the device is locked).
    public func refusal(
        of intentType: String, isDefined: Bool, deviceIsLocked: Bool, restrictedByIntent: Bool = false
    ) -> IntentHostError? {
        guard isDefined else { return IntentHostError(.unknownIntent, intent: intentType) }
        guard supportsIntent(intentType) else { return IntentHostError(.notInManifest, intent: intentType) }
        guard supportsMultipleScenes else { return IntentHostError(.multipleScenesRequired, intent: intentType) }
        if (restrictedByIntent || isRestrictedWhileLocked(intentType)) && deviceIsLocked {
            return IntentHostError(.restrictedWhileLocked, intent: intentType)
        }
        return nil
    }
}
