/// Why a donation was refused (by the app before sending it, or by the system's store).
public typealias DonationError = FeatureError<DonationErrorCode>

/// The kinds of `DonationError`.
public enum DonationErrorCode: String, FeatureErrorCode {
    /// The manifest's `NSUserActivityTypes` does not list the intent's type.
    case notInUserActivityTypes
    /// The interaction did not complete (only completed actions are donated).
    case notCompleted
    /// The store could not keep it (the detail names the file and cause).
    case storeFailed
}

extension FeatureError where Code == DonationErrorCode {
    /// The intent type is not in `NSUserActivityTypes`.
    public static func notListed(_ typeName: String) -> DonationError {
        DonationError(
            .notInUserActivityTypes, value: typeName,
            "the intent \(typeName) cannot be donated: add \(typeName) to NSUserActivityTypes in the app's Info.plist")
    }
}
