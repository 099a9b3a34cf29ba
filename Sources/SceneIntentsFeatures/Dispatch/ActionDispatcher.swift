import Foundation
import SceneIntents

/// The one path every performance takes, whatever started it: the UI (`perform`), a URL
/// (`open`), a continued user activity (`continueActivity`) or an intent handler (`handle`).
///
/// Each checks the action's feature against the current `conditions` (an unmet requirement
/// answers `unavailable` and `perform` is not called), calls the action's `perform` on the
/// actor it declares, donates a completed intent action (refused, named, when the manifest's
/// `NSUserActivityTypes` lacks its intent), and records the performance on `timeline`, whose
/// line also goes to the system's trace through `outlet`.
@MainActor
public final class ActionDispatcher {
    /// The features this process serves.
    public let group: FeatureGroup
    /// What is granted now; change it as permissions, purchases, settings and flags change.
    public var conditions: FeatureConditions
    /// The app's URL scheme ("hobson").
    public let scheme: String
    /// Every performance, in order.
    public let timeline = ActionTimeline()
    /// Where donations, suggestions and timeline lines go (the app's `AppEndpoint.send`);
    /// nil keeps them in the app.
    public var outlet: (@MainActor (ShortcutsMessage) -> Void)?
    let manifest: AppManifest
    private let elapsed: @Sendable () -> Duration
    private let makeIdentifier: @MainActor () -> String
    private let now: @Sendable () -> Date
    var registrations: [String: Registration] = [:]

    /// A dispatcher.
    ///
    /// - Parameters:
    ///   - manifest: the app's manifest (its `NSUserActivityTypes` decides what may be donated).
    ///   - clock: times each performance (a `ManualClock` in tests).
    ///   - makeIdentifier: names each donation (default: a UUID).
    ///   - now: dates each donation.
    public init<C: Clock>(
        group: FeatureGroup, manifest: AppManifest, scheme: String, conditions: FeatureConditions = FeatureConditions(),
        clock: C, makeIdentifier: @escaping @MainActor () -> String = { UUID().uuidString },
        now: @escaping @Sendable () -> Date = { Date() }
    ) where C.Duration == Duration {
        self.group = group
        self.manifest = manifest
        self.scheme = scheme
        self.conditions = conditions
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        self.makeIdentifier = makeIdentifier
        self.now = now
    }

    /// Performs `action` from the UI (or from `entryPoint`) and records it.
    ///
    /// - Throws: `undeclaredAction` when no feature of the group declares the action.
    @discardableResult
    public func perform<A: Action>(
        _ action: A, _ input: A.Input, presenter: A.Presenter?, from entryPoint: EntryPoint = .userInterface
    ) async throws(DispatchError) -> TimelineEntry {
        try await run(action, .success(input), presenter: presenter, from: entryPoint)
    }

    /// The one path: availability, `perform`, donation, timeline. An input that could not be
    /// read (an intent the action refused) is recorded as a failure.
    func run<A: Action>(
        _ action: A, _ input: Result<A.Input, ActionFailure>, presenter: A.Presenter?, from entryPoint: EntryPoint
    ) async throws(DispatchError) -> TimelineEntry {
        guard let feature = group.feature(declaring: A.self) else {
            throw DispatchError(
                .undeclaredAction, value: A.name, "no feature of the group \(group.name) declares the action \(A.name)")
        }
        let start = elapsed()
        let outcome: ActionOutcome
        if let requirement = conditions.unmet(by: feature) {
            outcome = .unavailable(FeatureUnavailable(feature: feature.name, action: A.name, requirement: requirement))
        } else if case .failure(let failure) = input {
            outcome = .failed(failure)
        } else if case .success(let input) = input, let presenter {
            do throws(ActionFailure) { outcome = .completed(try await action.perform(input, presenter: presenter)) } catch {
                outcome = .failed(error)
            }
        } else {
            outcome = .failed(ActionFailure(.noPresenter, value: A.name, "\(A.name) has nothing to present its result with now"))
        }
        let duration = elapsed() - start
        var donation = DonationStatus.notDonated
        if case .completed(let completion) = outcome, case .success(let input) = input,
            let intentAction = action as? any IntentAction
        {
            donation = donate(intentAction, input, completion)
        }
        let entry = timeline.append(
            TimelineEntry(
                sequence: 0, action: A.name, feature: feature.name, entryPoint: entryPoint,
                input: (try? input.get()).map { String(describing: $0) } ?? "unreadable",
                outcome: outcome, donation: donation, start: start, duration: duration))
        outlet?(.performed(entry.description))
        return entry
    }

    /// Performs an action that takes no input.
    @discardableResult
    public func perform<A: Action>(_ action: A, presenter: A.Presenter?, from entryPoint: EntryPoint = .userInterface)
        async throws(DispatchError) -> TimelineEntry where A.Input == NoInput
    {
        try await perform(action, .noInput, presenter: presenter, from: entryPoint)
    }

    /// Whether the feature declaring the action has every requirement met (an undeclared action
    /// is not available).
    public func isAvailable(_ action: any Action.Type) -> Bool {
        group.feature(declaring: action).map { conditions.unmet(by: $0) == nil } ?? false
    }

    /// The interaction for a completed intent action, sent through the outlet; refused when the
    /// manifest does not list the intent's type in `NSUserActivityTypes`.
    private func donate<B: IntentAction>(_ action: B, _ input: Any, _ completion: ActionCompletion) -> DonationStatus {
        guard let input = input as? B.Input else { return .notDonated }
        let typeName = B.ActionIntent.typeName
        guard manifest.userActivityTypes.contains(typeName) else { return .refused(.notListed(typeName)) }
        let interaction = Interaction(
            intent: AnyIntent(action.intent(for: input)), response: action.response(for: completion),
            identifier: makeIdentifier(), groupIdentifier: action.donationGroup(for: input), handlingStatus: .success,
            date: now())
        outlet?(.donate(interaction, suggestedPhrase: B.suggestedInvocationPhrase))
        return .donated(identifier: interaction.identifier)
    }
}
