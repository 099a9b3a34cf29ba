import SceneIntents

/// The handler of one request for an App Intent: what `handlerFor` answers
/// (`AppIntentsCatalog.handler(for:in:)`), bound by the engine for every phase of the request.
///
/// Its handle runs the intent: an intent of the app's type is made from the engine's values,
/// then the current screen's `AppIntentScreenHandler` performs it when it handles that type,
/// else the intent's own `perform()`. The result becomes the response: its dialog (else its
/// value) spoken, `continueInApp` when the intent opens the app. An intent the result opens
/// runs next, its dialog after this one's. A request `perform()` makes of the user
/// (`requestValue()` …) goes to the engine as a question; a thrown error is the failure's
/// dialog (its localized description).
@MainActor
final class AppIntentRunner {
    /// The current screen's handler, if it has one.
    private let screen: AppIntentScreenHandler?
    /// Where `@Dependency` finds its values.
    private let dependencies: AppDependencyManager
    /// The questions this request asked, across the runs of `perform()`.
    private let ledger = QuestionLedger()

    init(screen: AppIntentScreenHandler?, dependencies: AppDependencyManager) {
        self.screen = screen
        self.dependencies = dependencies
    }

    /// Runs `body` (a parameter's resolution, its options) where `@Dependency` reads the app's
    /// dependencies, as `perform()` does.
    func withDependencies<T>(_ body: () async throws -> T) async throws -> T {
        try await AppDependencyManager.$inRequest.withValue(dependencies) { try await body() }
    }

    /// Runs the intent and answers its response; throws the question it asks, if any.
    func perform<A: AppIntent>(_ values: EngineIntent<A>) async throws -> IntentResponse {
        let performRun = PerformRun(ledger: ledger)
        do {
            return try await withDependencies {
                try await PerformRun.$current.withValue(performRun) {
                    let intent = try await values.materialized()
                    // An intent that runs in the foreground has the app brought forward first.
                    if A.supportedModes.startsInForeground { try await intent.continueInForeground(alwaysConfirm: false) }
                    return try await self.run(intent)
                }
            }
        } catch let question as IntentQuestion {
            throw question
        } catch let foreground as ContinueInForeground {
            // Thrown again where the user said yes and the app came forward: the rest runs now.
            guard performRun.cameForward || performRun.answered(foregroundKey) else {
                throw IntentQuestion(.foreground(activity: foreground.activity, confirm: true), prompt: foreground.dialog?.description)
            }
            do {
                try await withDependencies { try await foreground.continuation?() }
            } catch {
                return IntentResponse(code: .failure, dialog: Self.dialog(for: error))
            }
            // In front already: a success (a response that opens the app would open it again).
            return IntentResponse(code: .success)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return IntentResponse(code: .failure, dialog: Self.dialog(for: error))
        }
    }

    /// The response to a result of intent type `A`: success (`continueInApp` when `A` comes
    /// forward as it ends and has not already), its dialog, else its value, said; an intent it
    /// opens is run and its response follows.
    private func response<A: AppIntent>(to result: any IntentResult, of type: A.Type) async throws -> IntentResponse {
        let parts = result as? any ResultParts
        let opensApp = A.supportedModes.comesForwardAtEnd && PerformRun.current?.cameForward != true
        var response = IntentResponse(code: opensApp ? .continueInApp : .success)
        if let value = parts?.spokenValue { response.values["value"] = value }
        response.dialog = parts?.spokenDialog ?? parts?.spokenValue
        guard let next = parts?.nextIntent else { return response }
        var following = try await run(next)
        if following.code == .continueInApp, following.userActivity == nil { following.userActivity = Self.activity(opening: next) }
        if response.code != .continueInApp {
            response.code = following.code
            response.userActivity = following.userActivity
        }
        response.dialog = [response.dialog, following.dialog].compactMap { $0 }.joined(separator: " ")
        if response.dialog?.isEmpty == true { response.dialog = nil }
        return response
    }

    /// Runs an intent: the screen's handler performs it when it handles its type, else its own
    /// `perform()`.
    private func run<N: AppIntent>(_ intent: N) async throws -> IntentResponse {
        let result: any IntentResult
        if let answered = try await screen?.perform(intent) {
            result = answered
        } else {
            result = try await intent.perform()
        }
        return try await response(to: result, of: N.self)
    }

    /// The activity that brings the app forward for an intent a result opened: of the intent's
    /// type (list it in the catalog, so the manifest lists its activity), its parameters' values
    /// in `userInfo` by name, as identifiers (an `OpenURLIntent`'s `url` is the URL's text).
    nonisolated static func activity<N: AppIntent>(opening intent: N) -> UserActivity {
        var content = UserActivity.Content(activityType: N.persistentIdentifier)
        for (name, wrapper) in EngineIntent<N>.parameters(of: intent) {
            guard let values = wrapper.engineValues?.map(\.displayItem.identifier) else { continue }
            content.userInfo[name] = values.count == 1 ? .string(values[0]) : .array(values.map { .string($0) })
        }
        return UserActivity(content: content)
    }

    /// What the user hears for a thrown error: its localized resource or description.
    static func dialog(for error: any Error) -> String {
        if let resource = error as? any CustomLocalizedStringResourceConvertible {
            return resource.localizedStringResource.description
        }
        if let described = (error as? any LocalizedError)?.errorDescription { return described }
        return error.localizedDescription
    }
}

/// A screen's handler of App Intents: it performs the intents its screen handles, in place of
/// their own `perform()`. The screen registers it with the handler store in `viewDidAppear`
/// (`registerIntentHandler(_:)`) and keeps it; the store holds it weakly.
///
/// ```swift
/// let intents = AppIntentScreenHandler()
/// intents.handle(NextStepIntent.self) { [weak self] intent in
///     .result(dialog: "\(self?.advance() ?? "")")
/// }
/// ```
@MainActor
public final class AppIntentScreenHandler {
    private var performers: [String: @MainActor (any AppIntent) async throws -> (any IntentResult)?] = [:]

    /// A handler that handles no intent yet.
    public init() {}

    /// Performs intents of type `A` with `perform` (in place of their own `perform()`).
    public func handle<A: AppIntent>(_ type: A.Type, _ perform: @escaping @MainActor (A) async throws -> any IntentResult) {
        performers[A.persistentIdentifier] = { intent in
            guard let intent = intent as? A else { return nil }
            return try await perform(intent)
        }
    }

    /// Whether it handles intents with this identifier.
    public func handles(_ identifier: String) -> Bool { performers[identifier] != nil }

    /// Performs `intent` when it handles its type; nil otherwise.
    func perform<A: AppIntent>(_ intent: A) async throws -> (any IntentResult)? {
        guard let perform = performers[A.persistentIdentifier] else { return nil }
        return try await perform(intent)
    }
}
