import Foundation
import SceneIntents

/// A shortcut the system would offer the user, and why.
public struct ShortcutOffer: Sendable, Equatable {
    /// The shortcut with its suggested phrase.
    public var suggestion: ShortcutSuggestion
    /// Whether the app suggested it.
    public var isSuggestedByApp: Bool
    /// How many recent donations made it.
    public var recentDonations: Int
    /// When it was last donated, if it was.
    public var lastDonated: Date?

    /// "InsultMe “Insult me” — suggested, donated 2×", parameters named through `catalog`.
    public func description(catalog: IntentCatalog) -> String {
        var reasons: [String] = []
        if isSuggestedByApp { reasons.append("suggested by the app") }
        if recentDonations > 0 { reasons.append("donated \(recentDonations)×") }
        let phrase = suggestion.suggestedPhrase.map { " “\($0)”" } ?? ""
        return "\(ShortcutOffers.summary(of: suggestion.shortcut, catalog: catalog))\(phrase) — \(reasons.joined(separator: ", "))"
    }
}

/// How the system ranks what it offers.
public enum ShortcutOffers {
    /// The app's suggestions and its donations since `now - window`, one offer per distinct
    /// shortcut, ranked by recent donations (most first), then by the latest donation, then in
    /// the app's order; at most `limit`.
    public static func rank(
        suggestions: [ShortcutSuggestion], donations: [Donation], now: Date, window: TimeInterval = 7 * 24 * 3600,
        limit: Int = 5
    ) -> [ShortcutOffer] {
        var offers: [ShortcutOffer] = suggestions.map {
            ShortcutOffer(suggestion: $0, isSuggestedByApp: true, recentDonations: 0, lastDonated: nil)
        }
        for donation in donations where donation.interaction.date > now.addingTimeInterval(-window) {
            let suggestion = donation.suggestion
            let date = donation.interaction.date
            if let index = offers.firstIndex(where: { $0.suggestion.shortcut == suggestion.shortcut }) {
                offers[index].recentDonations += 1
                offers[index].lastDonated = max(offers[index].lastDonated ?? date, date)
            } else {
                offers.append(ShortcutOffer(suggestion: suggestion, isSuggestedByApp: false, recentDonations: 1, lastDonated: date))
            }
        }
        let ranked = offers.enumerated().sorted { left, right in
            let (l, r) = (left.element, right.element)
            if l.recentDonations != r.recentDonations { return l.recentDonations > r.recentDonations }
            if l.lastDonated != r.lastDonated { return (l.lastDonated ?? .distantPast) > (r.lastDonated ?? .distantPast) }
            return left.offset < right.offset
        }
        return ranked.prefix(max(0, limit)).map(\.element)
    }

    /// "InsultMe (style: Shakespearean)" or "activity T": the intent with the parameters it holds.
    public static func summary(of shortcut: Shortcut, catalog: IntentCatalog) -> String {
        switch shortcut {
        case .userActivity(let activity): return "activity \(activity.activityType)"
        case .intent(let intent):
            guard let descriptor = catalog.descriptor(named: intent.typeName) else { return intent.typeName }
            let set = descriptor.parameters.compactMap { parameter -> String? in
                guard let values = descriptor.values(of: parameter.name, in: intent) else { return nil }
                return "\(parameter.name): \(values.map(\.description).joined(separator: ", "))"
            }
            return set.isEmpty ? intent.typeName : "\(intent.typeName) (\(set.joined(separator: "; ")))"
        }
    }
}

extension ShortcutsStore {
    /// What the system would offer for this app now (see `ShortcutOffers.rank`).
    public func offers(now: Date, limit: Int = 5) -> [ShortcutOffer] {
        let (suggestions, donations) = state.withLock { ($0.replayed.suggestions, $0.replayed.donations) }
        return ShortcutOffers.rank(suggestions: suggestions, donations: donations, now: now, limit: limit)
    }
}
