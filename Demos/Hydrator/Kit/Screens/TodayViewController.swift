import SceneIntents
import SceneIntentsCommandLine

/// The Today screen: the day's entries and the total in ounces per drink, redrawn whenever the
/// model reads a change from the shared store.
@MainActor
public final class TodayViewController: ViewController, TextScreen {
    private let model: HydrationModel
    /// How many times the screen was redrawn since it loaded (a test sees an update arrive).
    public private(set) var redraws = 0

    /// The screen over a model.
    public init(model: HydrationModel) {
        self.model = model
        super.init(name: "Today")
    }

    /// Reads what changed in the store before the screen shows.
    override public func viewWillAppear() {
        model.refresh()
    }

    /// Today on screen: the session keeps no Add screen any more.
    override public func viewDidAppear() {
        keep(["screen": "today"])
    }

    /// Counts a redraw; the scene delegate calls it when the model changed.
    public func setNeedsRedraw() { redraws += 1 }

    /// "Today", with the day's total.
    public var heading: String { model.today.heading }

    /// One row per entry ("09:05  8 oz water"), then one per drink ("Water: 16 oz"), then how
    /// many entries could not be read; only why the log cannot be read when it cannot.
    public func lines() -> [String] {
        if model.readFailure != nil { return model.problems }
        return model.today.lines(timeZone: model.calendar.timeZone) + model.problems
    }
}
