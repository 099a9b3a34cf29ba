import Foundation
import SceneIntents

/// The Today screen: the day's entries and the total in ounces per drink, redrawn whenever the
/// model reads a change from the shared store.
@MainActor
public final class TodayViewController: ViewController, HydratorScreen {
    private let model: HydrationModel
    /// How many times the screen was redrawn since it loaded (a test sees an update arrive).
    public private(set) var redraws = 0

    /// The screen over a model.
    public init(model: HydrationModel) {
        self.model = model
        super.init(name: "Today")
    }

    override public func viewWillAppear() {
        model.refresh()
    }

    /// Counts a redraw; the scene delegate calls it when the model changed.
    public func setNeedsRedraw() { redraws += 1 }

    /// "Today", with the day's total.
    public var heading: String {
        let total = model.today.total
        return total == 0 ? "Today" : "Today — \(total) oz"
    }

    /// One row per entry ("09:05  8 oz water"), then one per drink ("Water: 16 oz").
    public func lines() -> [String] {
        let day = model.today
        guard !day.entries.isEmpty else { return ["Nothing logged yet today. Say \"log 8 ounces of water\"."] }
        let time = DateFormatter()
        time.dateFormat = "HH:mm"
        time.timeZone = model.calendar.timeZone
        time.locale = Locale(identifier: "en_US_POSIX")
        return day.entries.map { "\(time.string(from: $0.date))  \($0.ounces) oz \($0.type.displayName.lowercased())" }
            + day.totals.map { "\($0.type.displayName): \($0.ounces) oz" }
    }
}
