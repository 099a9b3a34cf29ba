/// An intent that opens a URL in the app: returned by another intent's result
/// (`.result(opensIntent: OpenURLIntent(url))`), it brings the app forward, whose scene
/// continues an activity of type `OpenURLIntent` with the URL's text in `userInfo["url"]`.
///
/// List it in the app's `AppIntentsCatalog` so its manifest lists the activity.
public struct OpenURLIntent: AppIntent {
    /// "Open URL".
    public static let title: LocalizedStringResource = "Open URL"
    /// It brings the app forward.
    public static let openAppWhenRun = true

    /// The URL to open.
    @Parameter(title: "URL") public var url: URL

    /// An intent with no URL yet.
    public init() {}

    /// An intent opening `url`.
    public init(_ url: URL) {
        self.url = url
    }

    /// Nothing to do here: the app's scene opens the URL as it comes forward.
    public func perform() async throws -> some IntentResult { .result() }
}
