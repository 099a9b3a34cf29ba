import Foundation
import SceneIntents

/// A registered action, erased: how each entry point reaches its one `perform`.
struct Registration {
    let name: String
    let activityType: String
    let routePath: String?
    let intentType: String?
    /// Reads the input from a URL's query and performs.
    let openURL: @MainActor (ActionDispatcher, [URLQueryItem], String) async throws(DispatchError) -> TimelineEntry
    /// Reads the input from an activity and performs.
    let continueActivity: @MainActor (ActionDispatcher, UserActivity) async throws(DispatchError) -> TimelineEntry
    /// Reads the input from an intent, performs, and answers the intent's response.
    let handle: (@MainActor (ActionDispatcher, AnyIntent) async throws(DispatchError) -> (TimelineEntry, IntentResponse))?
}

/// The key under which an activity made by `activity(for:_:)` carries its action's URL.
let activityURLKey = "url"

extension ActionDispatcher {
    /// Registers `action` for URLs and activities; `presenter` gives what presents its results
    /// at that moment (nil: nothing can, and the performance fails with `noPresenter`).
    ///
    /// - Throws: `undeclaredAction` when no feature of the group declares it.
    public func register<A: Action>(_ action: A, presenter: @escaping @MainActor () -> A.Presenter?) throws(DispatchError) {
        try add(action, presenter: presenter, intentInput: nil, handle: nil)
    }

    /// Registers an intent action for URLs, activities and its intent.
    public func register<A: IntentAction>(_ action: A, presenter: @escaping @MainActor () -> A.Presenter?) throws(DispatchError) {
        let intentInput: (UserActivity) throws(DispatchError) -> A.Input? = { activity throws(DispatchError) in
            guard let intent = activity.interaction?.intent.as(A.ActionIntent.self) else { return nil }
            do throws(ActionFailure) { return try action.input(from: intent) } catch {
                throw DispatchError(.activityWithoutInput, value: activity.activityType, "the activity's intent gives no input: \(error.message)")
            }
        }
        let handle: @MainActor (ActionDispatcher, AnyIntent) async throws(DispatchError) -> (TimelineEntry, IntentResponse) = {
            dispatcher, intent throws(DispatchError) in
            guard let typed = intent.as(A.ActionIntent.self) else {
                throw DispatchError(.unknownIntent, value: intent.typeName, "\(A.name) answers \(A.ActionIntent.typeName), not \(intent.typeName)")
            }
            let entryPoint = EntryPoint.intent(A.ActionIntent.typeName)
            let input = Result { () throws(ActionFailure) in try action.input(from: typed) }
            let entry = try await dispatcher.run(action, input, presenter: presenter(), from: entryPoint)
            return (entry, Self.response(for: entry.outcome, of: action))
        }
        try add(action, presenter: presenter, intentInput: intentInput, handle: handle)
    }

    /// Opens an app URL (`hobson://insult?style=shakespeare`): the route's action performs.
    ///
    /// - Throws: `DispatchError` for text that is not a URL, another scheme, an unknown route,
    ///   or a missing, invalid, repeated or unexpected parameter; nothing is performed then.
    @discardableResult
    public func open(_ text: String) async throws(DispatchError) -> TimelineEntry {
        let (path, items) = try parse(text)
        guard let registration = registrations.values.first(where: { $0.routePath == path }) else {
            throw DispatchError(.unknownRoute, value: path, "no action of this app has the route '\(path)'")
        }
        return try await registration.openURL(self, items, text)
    }

    /// Continues a user activity: the action whose activity type it is performs, with the input
    /// from the activity's interaction (an intent action's) or its URL.
    @discardableResult
    public func continueActivity(_ activity: UserActivity) async throws(DispatchError) -> TimelineEntry {
        guard let registration = registrations.values.first(where: { $0.activityType == activity.activityType }) else {
            throw DispatchError(
                .unknownActivityType, value: activity.activityType, "no registered action continues '\(activity.activityType)' activities")
        }
        return try await registration.continueActivity(self, activity)
    }

    /// Handles an intent (from an intent handler's `handle`): its registered action performs,
    /// and the answer is the response for the outcome (an unavailable feature answers a
    /// failure saying why).
    public func handle(_ intent: AnyIntent) async throws(DispatchError) -> (entry: TimelineEntry, response: IntentResponse) {
        guard let handle = registrations.values.first(where: { $0.intentType == intent.typeName })?.handle else {
            throw DispatchError(.unknownIntent, value: intent.typeName, "no registered action answers \(intent.typeName)")
        }
        return try await handle(self, intent)
    }

    /// An activity continuing `action` with `input` (its URL in `userInfo`, its phrase suggested).
    public func activity<A: Action>(for action: A.Type, _ input: A.Input) -> UserActivity {
        var content = UserActivity.Content(activityType: A.activityType)
        content.title = A.name
        content.isEligibleForPrediction = true
        if let route = A.route { content.userInfo[activityURLKey] = .string(route.url(scheme: scheme, for: input)) }
        if let intentAction = A.self as? any IntentAction.Type {
            content.suggestedInvocationPhrase = intentAction.suggestedInvocationPhrase
        }
        return UserActivity(content: content)
    }

    /// The response an intent gets for an outcome.
    static func response<A: IntentAction>(for outcome: ActionOutcome, of action: A) -> IntentResponse {
        switch outcome {
        case .completed(let completion): action.response(for: completion)
        case .failed(let failure): .failure(failure.message)
        case .unavailable(let unavailable): .failure("\(unavailable)")
        }
    }

    /// Registers how each entry point reaches `action`, once its group declares it and nothing
    /// it answers is taken.
    private func add<A: Action>(
        _ action: A, presenter: @escaping @MainActor () -> A.Presenter?,
        intentInput: ((UserActivity) throws(DispatchError) -> A.Input?)?,
        handle: (@MainActor (ActionDispatcher, AnyIntent) async throws(DispatchError) -> (TimelineEntry, IntentResponse))?
    ) throws(DispatchError) {
        guard group.feature(declaring: A.self) != nil else {
            throw DispatchError(
                .undeclaredAction, value: A.name, "no feature of the group \(group.name) declares the action \(A.name)")
        }
        let registration = Registration(
            name: A.name, activityType: A.activityType, routePath: A.route?.path,
            intentType: (A.self as? any IntentAction.Type).map { $0.activityType },
            openURL: { dispatcher, items, url throws(DispatchError) in
                guard let route = A.route else { throw DispatchError(.unknownRoute, value: url, "\(A.name) has no route") }
                return try await dispatcher.perform(action, try route.input(from: items), presenter: presenter(), from: .url(url))
            },
            continueActivity: { dispatcher, activity throws(DispatchError) in
                let input = try dispatcher.input(for: A.self, from: activity, intentInput: intentInput)
                return try await dispatcher.perform(action, input, presenter: presenter(), from: .userActivity(activity.activityType))
            },
            handle: handle)
        // Each route, activity type and intent leads to one action, so no lookup can be ambiguous.
        for other in registrations.values where other.name != A.name {
            let clash =
                if let path = registration.routePath, other.routePath == path { "the route '\(path)'" }
                else if other.activityType == registration.activityType { "the activity type '\(other.activityType)'" }
                else if let intent = registration.intentType, other.intentType == intent { "the intent \(intent)" }
                else { nil as String? }
            if let clash {
                throw DispatchError(.duplicateRegistration, value: A.name, "\(A.name) cannot take \(clash): \(other.name) has it")
            }
        }
        registrations[A.name] = registration
    }

    private func input<A: Action>(
        for type: A.Type, from activity: UserActivity, intentInput: ((UserActivity) throws(DispatchError) -> A.Input?)?
    ) throws(DispatchError) -> A.Input {
        if let intentInput, let input = try intentInput(activity) { return input }
        if let route = A.route, let url = activity.userInfo[activityURLKey]?.stringValue {
            let (path, items) = try parse(url)
            guard path == route.path else {
                throw DispatchError(.unknownRoute, value: url, "the activity's URL is not a '\(route.path)' URL")
            }
            return try route.input(from: items)
        }
        if let none = NoInput.noInput as? A.Input { return none }
        throw DispatchError(
            .activityWithoutInput, value: activity.activityType, "the '\(activity.activityType)' activity carries neither an interaction nor a URL")
    }

    /// A URL's route path and query items, checked against the app's scheme.
    private func parse(_ text: String) throws(DispatchError) -> (String, [URLQueryItem]) {
        guard let components = URLComponents(string: text), let urlScheme = components.scheme else {
            throw DispatchError(.malformedURL, value: text, "'\(text)' is not a URL; write \(scheme)://ROUTE?NAME=VALUE")
        }
        guard urlScheme.lowercased() == scheme else {
            throw DispatchError(.unknownScheme, value: urlScheme, "this app opens \(scheme):// URLs, not \(urlScheme)://")
        }
        var path = (components.host ?? "") + components.path
        while path.hasSuffix("/") { path.removeLast() }
        return (path, components.queryItems ?? [])
    }

}
