/// Why a navigation change was refused.
public struct NavigationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The controller's name.
    public let controller: String
    /// One line for logs and messages.
    public var description: String { "\(controller) is already on the navigation stack" }
}

/// A stack of screens with UIKit's interleaved push and pop order.
///
/// The container forwards appearance to its top controller and records no callbacks of its own.
/// Push A→B: B.viewDidLoad, A.viewWillDisappear, B.viewWillAppear, A.viewDidDisappear,
/// B.viewDidAppear. Pop B→A: B.viewWillDisappear, A.viewWillAppear, B.viewDidDisappear,
/// A.viewDidAppear. While the stack is in no window (not yet shown) a push or pop only changes
/// the stack; in a background scene's window it runs the callbacks (the view is in its window).
@MainActor
public final class NavigationController: ViewController {
    /// The stack, root first.
    public private(set) var viewControllers: [ViewController]

    /// A stack with a root controller.
    public init(root: ViewController, name: String = "NavigationController") {
        viewControllers = [root]
        super.init(name: name)
        root.navigationController = self
    }

    /// The controller on top of the stack.
    public var topViewController: ViewController { viewControllers[viewControllers.count - 1] }

    override public var visibleController: ViewController { topViewController.visibleController }

    /// Pushes a controller; throws if it is already on the stack.
    public func push(_ controller: ViewController) throws(NavigationError) {
        guard !viewControllers.contains(where: { $0 === controller }) else {
            throw NavigationError(controller: controller.name)
        }
        let previous = topViewController
        let onScreen = previous.isVisible
        viewControllers.append(controller)
        controller.navigationController = self
        guard onScreen else { return }
        controller.loadViewIfNeeded()
        Self.interleave(leaving: previous, arriving: controller)
    }

    /// Pops the top controller and returns it; does nothing at the root and returns nil.
    @discardableResult
    public func pop() -> ViewController? {
        guard viewControllers.count > 1 else { return nil }
        let leaving = viewControllers.removeLast()
        let next = topViewController
        if leaving.isVisible { Self.interleave(leaving: leaving, arriving: next) }
        leaving.navigationController = nil
        return leaving
    }

    /// Pops to the root, with one disappearance of the top and one appearance of the root.
    public func popToRoot() {
        guard viewControllers.count > 1 else { return }
        let leaving = topViewController
        let root = viewControllers[0]
        let onScreen = leaving.isVisible
        let removed = viewControllers.dropFirst()
        viewControllers = [root]
        if onScreen { Self.interleave(leaving: leaving, arriving: root) }
        for controller in removed { controller.navigationController = nil }
    }

    /// UIKit's interleaved order for one screen replacing another: will-disappear, will-appear,
    /// did-disappear, did-appear.
    private static func interleave(leaving: ViewController, arriving: ViewController) {
        leaving.beginDisappearance()
        arriving.beginAppearance()
        leaving.endDisappearance()
        arriving.endAppearance()
    }
}
