/// A screen: a UIKit-like view controller with the appearance lifecycle.
///
/// Subclass it and override the callbacks (call `super` is not required). The framework calls
/// them: `viewDidLoad` once, before the first appearance; then `viewWillAppear` → `viewDidAppear`
/// each time the controller comes on screen and `viewWillDisappear` → `viewDidDisappear` each
/// time it leaves. A screen registers its intent handler in `viewDidAppear`.
///
/// Only navigation and a scene's first appearance make these calls: as in UIKit, a scene going
/// to the background and coming back sends none, so a screen stays visible (in its window) and its
/// handler stays registered while its scene is in the background.
@MainActor
open class ViewController {
    /// The name the lifecycle trace uses for this controller (default: its type's name).
    public let name: String
    /// Whether `viewDidLoad` has run.
    public private(set) var isViewLoaded = false
    /// Whether the controller is in its window (between did appear and will disappear); it
    /// stays true while the scene is in the background, as UIKit's view stays in its window.
    public private(set) var isVisible = false
    /// The navigation controller whose stack holds this controller, if any.
    public internal(set) weak var navigationController: NavigationController?
    weak var ownScene: Scene?

    /// A controller; `name` defaults to the type's name.
    public init(name: String? = nil) {
        self.name = name ?? TypeNames.name(of: Self.self)
    }

    /// The scene the controller is shown in, if any.
    public var scene: Scene? { ownScene ?? navigationController?.scene }

    /// The controller on screen when this one is a window's root (containers answer their top).
    open var visibleController: ViewController { self }

    /// Called once, before the controller first appears.
    open func viewDidLoad() {}
    /// The controller is about to come on screen.
    open func viewWillAppear() {}
    /// The controller is on screen.
    open func viewDidAppear() {}
    /// The controller is about to leave the screen.
    open func viewWillDisappear() {}
    /// The controller left the screen.
    open func viewDidDisappear() {}

    /// Loads the controller if it is not loaded yet (runs `viewDidLoad` once).
    public func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        record(.viewDidLoad)
        viewDidLoad()
    }

    func beginAppearance() {
        loadViewIfNeeded()
        record(.viewWillAppear)
        viewWillAppear()
    }

    func endAppearance() {
        isVisible = true
        record(.viewDidAppear)
        viewDidAppear()
    }

    func beginDisappearance() {
        isVisible = false
        record(.viewWillDisappear)
        viewWillDisappear()
    }

    func endDisappearance() {
        record(.viewDidDisappear)
        viewDidDisappear()
    }

    private func record(_ callback: ViewCallback) {
        let event = LifecycleEvent.view(name, callback)
        if let scene { scene.application?.emit(event) } else { detachedObserver?(event) }
    }

    /// Where a controller shown in no scene reports its callbacks (tests of navigation alone).
    public var detachedObserver: (@MainActor (LifecycleEvent) -> Void)? {
        get { navigationController?.detachedObserver ?? ownObserver }
        set { ownObserver = newValue }
    }
    private var ownObserver: (@MainActor (LifecycleEvent) -> Void)?
}

/// A view controller callback, named as in UIKit.
public enum ViewCallback: String, Sendable, Codable, CaseIterable {
    case viewDidLoad, viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
}
