import AssistantService
import SceneIntents
import Testing

/// The app lists `AppOnly` and `Both`; its extension lists `ExtensionOnly` and `Both`; nobody lists
/// `Neither`. `restricting` says who restricts every intent it lists while locked.
private func app(restricting restrictor: Restrictor) -> AppBundle {
    let appIntents = ["AppOnly", "Both"]
    let plugInIntents = ["ExtensionOnly", "Both"]
    let plugIn = ExtensionBundle(
        path: "/apps/Soup.app/PlugIns/Quick.appex", identifier: "com.example.Soup.Quick", name: "Quick",
        executable: BundleExecutable(path: "/apps/Soup.app/PlugIns/Quick.appex/quick", origin: .bundle),
        intentsSupported: plugInIntents, intentsRestrictedWhileLocked: restrictor == .plugIn ? plugInIntents : [])
    return AppBundle(
        path: "/apps/Soup.app", identifier: "com.example.Soup", name: "Soup",
        executable: BundleExecutable(path: "/apps/Soup.app/soup", origin: .bundle),
        manifest: AppManifest(
            intentsSupported: appIntents, intentsRestrictedWhileLocked: restrictor == .app ? appIntents : []),
        extensions: [plugIn])
}

private enum Restrictor { case nobody, app, plugIn }

private let quick = app(restricting: .nobody).extensions[0]
private let lockedByApp = Route.refused(.restrictedWhileLocked(.app))
private let lockedByQuick = Route.refused(.restrictedWhileLocked(.extension("Quick")))

/// A route as a table row writes it: the extension is whichever the app under test holds
/// (its restriction list differs from table to table).
enum Expected: Sendable {
    case app(Route.AppReason)
    case plugIn(Route.ExtensionReason)
    case refused(Route.Refusal)

    func route(in app: AppBundle) -> Route {
        switch self {
        case .app(let reason): .app(reason)
        case .plugIn(let reason): .extension(app.extensions[0], reason)
        case .refused(let refusal): .refused(refusal)
        }
    }
}

/// One row of the routing table: the route unlocked, locked with the app restricting, and locked
/// with the extension restricting (locked with nobody restricting must equal unlocked).
struct RouteRow: Sendable, CustomTestStringConvertible {
    let state: AppRunState
    let intent: String
    let unlocked: Expected
    let lockedAppRestricts: Expected
    let lockedExtensionRestricts: Expected
    var testDescription: String { "\(intent), app \(state)" }
}

private let appLocked = Expected.refused(.restrictedWhileLocked(.app))
private let quickLocked = Expected.refused(.restrictedWhileLocked(.extension("Quick")))

private let table: [RouteRow] = [
    RouteRow(state: .foreground, intent: "AppOnly", unlocked: .app(.onlyAppLists),
             lockedAppRestricts: appLocked, lockedExtensionRestricts: .app(.onlyAppLists)),
    RouteRow(state: .foreground, intent: "ExtensionOnly", unlocked: .plugIn(.onlyExtensionLists),
             lockedAppRestricts: .plugIn(.onlyExtensionLists), lockedExtensionRestricts: quickLocked),
    RouteRow(state: .foreground, intent: "Both", unlocked: .app(.appInForeground),
             lockedAppRestricts: appLocked, lockedExtensionRestricts: .app(.appInForeground)),
    RouteRow(state: .foreground, intent: "Neither", unlocked: .refused(.notListed),
             lockedAppRestricts: .refused(.notListed), lockedExtensionRestricts: .refused(.notListed)),
    RouteRow(state: .background, intent: "AppOnly", unlocked: .app(.onlyAppLists),
             lockedAppRestricts: appLocked, lockedExtensionRestricts: .app(.onlyAppLists)),
    RouteRow(state: .background, intent: "ExtensionOnly", unlocked: .plugIn(.onlyExtensionLists),
             lockedAppRestricts: .plugIn(.onlyExtensionLists), lockedExtensionRestricts: quickLocked),
    RouteRow(state: .background, intent: "Both", unlocked: .plugIn(.appInBackground),
             lockedAppRestricts: .plugIn(.appInBackground), lockedExtensionRestricts: quickLocked),
    RouteRow(state: .background, intent: "Neither", unlocked: .refused(.notListed),
             lockedAppRestricts: .refused(.notListed), lockedExtensionRestricts: .refused(.notListed)),
    RouteRow(state: .notRunning, intent: "AppOnly", unlocked: .app(.onlyAppLists),
             lockedAppRestricts: appLocked, lockedExtensionRestricts: .app(.onlyAppLists)),
    RouteRow(state: .notRunning, intent: "ExtensionOnly", unlocked: .plugIn(.onlyExtensionLists),
             lockedAppRestricts: .plugIn(.onlyExtensionLists), lockedExtensionRestricts: quickLocked),
    RouteRow(state: .notRunning, intent: "Both", unlocked: .plugIn(.appNotRunning),
             lockedAppRestricts: .plugIn(.appNotRunning), lockedExtensionRestricts: quickLocked),
    RouteRow(state: .notRunning, intent: "Neither", unlocked: .refused(.notListed),
             lockedAppRestricts: .refused(.notListed), lockedExtensionRestricts: .refused(.notListed)),
]

@Suite("Router: app or extension, our rule")
struct RouterTests {
    @Test("the full table: run state × who lists it × lock × who restricts it", arguments: table)
    func route(_ row: RouteRow) {
        for restrictor in [Restrictor.nobody, .app, .plugIn] {
            let app = app(restricting: restrictor)
            #expect(Router.route(row.intent, in: app, appState: row.state, lock: .unlocked) == row.unlocked.route(in: app))
        }
        let open = app(restricting: .nobody)
        #expect(Router.route(row.intent, in: open, appState: row.state, lock: .locked) == row.unlocked.route(in: open))
        let byApp = app(restricting: .app)
        #expect(
            Router.route(row.intent, in: byApp, appState: row.state, lock: .locked)
                == row.lockedAppRestricts.route(in: byApp))
        let byExtension = app(restricting: .plugIn)
        #expect(
            Router.route(row.intent, in: byExtension, appState: row.state, lock: .locked)
                == row.lockedExtensionRestricts.route(in: byExtension))
    }

    @Test("every route says where and why in one sentence for the trace")
    func sentences() {
        let routes: [Route] = [
            .app(.onlyAppLists), .app(.appInForeground), .extension(quick, .onlyExtensionLists),
            .extension(quick, .appInBackground), .extension(quick, .appNotRunning), .refused(.notListed),
            lockedByApp, lockedByQuick,
        ]
        #expect(
            routes.map(\.description) == [
                "app: only the app lists the intent",
                "app: the app has a scene in the foreground",
                "extension Quick: only the extension lists the intent",
                "extension Quick: the app has no scene in the foreground, so the lighter extension serves",
                "extension Quick: the app is not running, so the lighter extension launches instead",
                "refused: neither the app nor its extensions list the intent",
                "refused: the app restricts the intent while locked and the device is locked",
                "refused: the extension Quick restricts the intent while locked and the device is locked",
            ])
    }

    @Test("when two extensions list an intent, the first in the app's order handles it")
    func firstExtensionWins() {
        let base = app(restricting: .nobody)
        let second = ExtensionBundle(
            path: "/apps/Soup.app/PlugIns/Slow.appex", identifier: "com.example.Soup.Slow", name: "Slow",
            executable: BundleExecutable(path: "/apps/Soup.app/PlugIns/Slow.appex/slow", origin: .bundle),
            intentsSupported: ["ExtensionOnly"])
        let both = AppBundle(
            path: base.path, identifier: base.identifier, name: base.name, executable: base.executable,
            manifest: base.manifest, extensions: [quick, second])
        #expect(
            Router.route("ExtensionOnly", in: both, appState: .notRunning, lock: .unlocked)
                == .extension(quick, .onlyExtensionLists))
    }

    @Test("a running app's state is its most active scene's: foreground active or inactive counts")
    func runState() {
        let cases: [([ActivationState], AppRunState)] = [
            ([], .background),
            ([.unattached], .background),
            ([.background], .background),
            ([.foregroundInactive], .foreground),
            ([.background, .foregroundActive], .foreground),
        ]
        for (scenes, expected) in cases {
            #expect(AppRunState.running(sceneStates: scenes) == expected)
        }
    }
}
