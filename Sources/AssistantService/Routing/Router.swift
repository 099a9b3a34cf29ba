/// Decides whether the app or one of its intents extensions handles an intent (REFERENCE §1,
/// **our rule**). Pure: the same inputs always give the same route.
///
/// 1. Listed only by the app, or only by an extension: that one handles it.
/// 2. Listed by both: the app when it has a scene in the foreground (active or inactive: it holds
///    the live UI state), otherwise the extension (a lighter launch than the app).
/// 3. Listed by neither: refused.
/// 4. The device locked and the intent restricted while locked by the one chosen: refused.
///
/// When several extensions of one app list the intent, the first in the app's order (name, then
/// identifier) handles it.
public enum Router {
    /// The route for `intent` (a type name) in `app`, given the app's run state and the lock.
    public static func route(
        _ intent: String, in app: AppBundle, appState: AppRunState, lock: LockState
    ) -> Route {
        let route = handler(intent, in: app, appState: appState)
        guard lock == .locked else { return route }
        switch route {
        case .app where app.manifest.isRestrictedWhileLocked(intent):
            return .refused(.restrictedWhileLocked(.app))
        case .extension(let bundle, _) where bundle.isRestrictedWhileLocked(intent):
            return .refused(.restrictedWhileLocked(.extension(bundle.name)))
        default:
            return route
        }
    }

    /// Who handles it, lock aside.
    private static func handler(_ intent: String, in app: AppBundle, appState: AppRunState) -> Route {
        let appLists = app.manifest.supportsIntent(intent)
        guard let plugIn = app.extensions.first(where: { $0.supportsIntent(intent) }) else {
            return appLists ? .app(.onlyAppLists) : .refused(.notListed)
        }
        guard appLists else { return .extension(plugIn, .onlyExtensionLists) }
        return switch appState {
        case .foreground: .app(.appInForeground)
        case .background: .extension(plugIn, .appInBackground)
        case .notRunning: .extension(plugIn, .appNotRunning)
        }
    }
}
