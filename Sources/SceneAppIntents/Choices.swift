import Foundation
import SceneIntents

/// An option the user may choose when `perform()` asks (`requestChoice(between:dialog:)`): its
/// title, said in the list and matched when the user says it, and its style.
public struct IntentChoiceOption: Sendable, Hashable {
    /// What an option means. Speech has no colours: `destructive` is kept; `cancel` cancels the
    /// request when chosen.
    public struct Style: Sendable, Hashable {
        private let name: String

        /// An ordinary option.
        public static let `default` = Style(name: "default")
        /// An option that changes or deletes data.
        public static let destructive = Style(name: "destructive")
        /// An option that leaves things as they are: choosing it cancels the request.
        public static let cancel = Style(name: "cancel")
    }

    /// What the option says.
    public let title: LocalizedStringResource
    /// What the option means.
    public let style: Style

    /// An option.
    public init(title: LocalizedStringResource, style: Style = .default) {
        self.title = title
        self.style = style
    }

    /// The system's own "Cancel": offered last, and choosing it cancels the request
    /// (`requestChoice` throws `CancellationError`).
    public static var cancel: IntentChoiceOption { IntentChoiceOption(title: "Cancel", style: .cancel) }
}

extension AppIntent {
    /// An option of `requestChoice(between:dialog:)`.
    public typealias Option = IntentChoiceOption

    /// Asks the user to choose one of `options` (said in order, a `cancel` option last, after
    /// `dialog`, else "Which one?") and answers the one chosen, by its number or its title.
    /// Choosing a `cancel` option, or saying "cancel", cancels the request.
    ///
    /// As every request of `perform()` does, it throws the engine's question; `perform()` runs
    /// again with the answer, and there this call answers at once.
    ///
    /// - Throws: `CancellationError` when the user chose a cancel option; `ChoiceOptionsError`
    ///   when `options` is empty, longer than `IntentQuestion.choiceLimit`, or holds an option
    ///   without a title.
    public func requestChoice(between options: [IntentChoiceOption], dialog: IntentDialog? = nil) async throws
        -> IntentChoiceOption
    {
        let run = try PerformRun.required("requestChoice(between:dialog:)")
        let offered = options.filter { $0.style != .cancel } + options.filter { $0.style == .cancel }
        let titles = offered.map(\.title.description)
        guard IntentQuestion.canOffer(titles) else {
            throw ChoiceOptionsError(count: titles.count)
        }
        // Noted as asked either way, so the questions after it keep their places in the run.
        _ = run.answered("choice \(IntentQuestion.choiceKey(titles))")
        if let position = CallContext.chosen(among: titles), offered.indices.contains(position) {
            guard offered[position].style != .cancel else { throw CancellationError() }
            return offered[position]
        }
        throw IntentQuestion(.choice(options: titles), prompt: dialog?.description)
    }
}

/// `requestChoice(between:dialog:)` was given options the user cannot be offered.
public struct ChoiceOptionsError: LocalizedError, CustomStringConvertible {
    /// How many options were given.
    public let count: Int

    /// The sentence.
    public var description: String {
        "requestChoice(between:) offers 1 to \(IntentQuestion.choiceLimit) options, each with a title; it was given \(count)"
    }

    /// The sentence, as a failure's dialog says it.
    public var errorDescription: String? { description }
}
