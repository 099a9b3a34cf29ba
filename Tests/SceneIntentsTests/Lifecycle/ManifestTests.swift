import Foundation
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

let sceneManifestKey = "UIApplicationSceneManifest"
let configurationsKey = "UIApplicationSceneManifest.UISceneConfigurations"
let applicationRoleKey =
    "UIApplicationSceneManifest.UISceneConfigurations.UIWindowSceneSessionRoleApplication"

/// A valid Info.plist, as Xcode writes it.
private let validXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>CFBundleName</key>
        <string>Soup Chef</string>
        <key>UIApplicationSceneManifest</key>
        <dict>
            <key>UIApplicationSupportsMultipleScenes</key>
            <true/>
            <key>UISceneConfigurations</key>
            <dict>
                <key>UIWindowSceneSessionRoleApplication</key>
                <array>
                    <dict>
                        <key>UISceneConfigurationName</key>
                        <string>Default Configuration</string>
                        <key>UISceneDelegateClassName</key>
                        <string>RecordingSceneDelegate</string>
                    </dict>
                    <dict>
                        <key>UISceneConfigurationName</key>
                        <string>Navigation</string>
                        <key>UISceneDelegateClassName</key>
                        <string>NavigationSceneDelegate</string>
                    </dict>
                </array>
                <key>UIWindowSceneSessionRoleExternalDisplayNonInteractive</key>
                <array>
                    <dict>
                        <key>UISceneConfigurationName</key>
                        <string>External</string>
                    </dict>
                </array>
            </dict>
        </dict>
        <key>INIntentsSupported</key>
        <array>
            <string>OrderSoupIntent</string>
            <string>SendMoneyIntent</string>
        </array>
        <key>INIntentsRestrictedWhileLocked</key>
        <array>
            <string>SendMoneyIntent</string>
        </array>
        <key>NSUserActivityTypes</key>
        <array>
            <string>com.example.recipe.open</string>
            <string>OrderSoupIntent</string>
        </array>
    </dict>
    </plist>
    """

/// What `validXML` declares, built in code.
private let validManifest = AppManifest(
    supportsMultipleScenes: true,
    sceneConfigurations: [
        .windowApplication: [
            SceneConfiguration(name: "Default Configuration", delegateClassName: "RecordingSceneDelegate"),
            SceneConfiguration(name: "Navigation", delegateClassName: "NavigationSceneDelegate"),
        ],
        .windowExternalDisplayNonInteractive: [
            SceneConfiguration(name: "External", role: .windowExternalDisplayNonInteractive)
        ],
    ],
    intentsSupported: ["OrderSoupIntent", "SendMoneyIntent"],
    intentsRestrictedWhileLocked: ["SendMoneyIntent"],
    userActivityTypes: ["com.example.recipe.open", "OrderSoupIntent"])

func xmlData(_ plist: Any) throws -> Data {
    try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
}

/// A scene manifest holding these configurations for the application role.
func sceneManifest(_ configurations: Any, multiple: Any = true) -> [String: Any] {
    [
        sceneManifestKey: [
            "UIApplicationSupportsMultipleScenes": multiple,
            "UISceneConfigurations": ["UIWindowSceneSessionRoleApplication": configurations],
        ] as [String: Any]
    ]
}

func configuration(_ name: String?, delegate: Any? = "RecordingSceneDelegate") -> [String: Any] {
    var entry: [String: Any] = [:]
    if let name { entry["UISceneConfigurationName"] = name }
    if let delegate { entry["UISceneDelegateClassName"] = delegate }
    return entry
}

/// The error reading a property list throws, if any.
func readingError(_ data: Data) -> ManifestError? {
    do {
        _ = try AppManifest(propertyList: data)
        return nil
    } catch {
        return error
    }
}

/// Values of the wrong type, each at a different key.
enum WrongTypeCase: String, CaseIterable, Sendable {
    case topLevelArray, intentsAsString, activityTypesWithNumbers, restrictedAsDictionary
    case sceneManifestAsString, multipleScenesAsString, configurationsAsArray, roleAsDictionary
    case roleEntriesAsStrings, delegateClassAsNumber

    var plist: Any {
        switch self {
        case .topLevelArray: ["UIApplicationSceneManifest"]
        case .intentsAsString: ["INIntentsSupported": "OrderSoupIntent"]
        case .activityTypesWithNumbers: ["NSUserActivityTypes": ["com.example.a", 2] as [Any]]
        case .restrictedAsDictionary: ["INIntentsRestrictedWhileLocked": ["SendMoneyIntent": true]]
        case .sceneManifestAsString: [sceneManifestKey: "yes"]
        case .multipleScenesAsString: sceneManifest([configuration("Default")], multiple: "YES")
        case .configurationsAsArray:
            [sceneManifestKey: ["UISceneConfigurations": ["UIWindowSceneSessionRoleApplication"]]]
        case .roleAsDictionary: sceneManifest(configuration("Default"))
        case .roleEntriesAsStrings: sceneManifest(["Default"])
        case .delegateClassAsNumber: sceneManifest([configuration("Default", delegate: 42)])
        }
    }

    var key: String {
        switch self {
        case .topLevelArray: "Info.plist"
        case .intentsAsString: "INIntentsSupported"
        case .activityTypesWithNumbers: "NSUserActivityTypes"
        case .restrictedAsDictionary: "INIntentsRestrictedWhileLocked"
        case .sceneManifestAsString: sceneManifestKey
        case .multipleScenesAsString: "UIApplicationSceneManifest.UIApplicationSupportsMultipleScenes"
        case .configurationsAsArray: configurationsKey
        case .roleAsDictionary, .roleEntriesAsStrings: applicationRoleKey
        case .delegateClassAsNumber: "\(applicationRoleKey).UISceneDelegateClassName"
        }
    }
}

@Suite("Manifest")
struct ManifestTests {
    // MARK: Reading

    @Test func readsAValidXMLPropertyList() throws {
        let manifest = try AppManifest(propertyList: Data(validXML.utf8))
        #expect(manifest == validManifest)
        #expect(
            manifest.configurations(for: .windowApplication).map(\.name) == ["Default Configuration", "Navigation"])
        #expect(manifest.supportsIntent("OrderSoupIntent") && !manifest.supportsIntent("BookTableIntent"))
        #expect(manifest.isRestrictedWhileLocked("SendMoneyIntent"))
        #expect(!manifest.isRestrictedWhileLocked("OrderSoupIntent"))
        #expect(manifest.supportsActivityType("com.example.recipe.open"))
        #expect(!manifest.supportsActivityType("com.example.other"))
        #expect(validationError(manifest, registered: ["Default Configuration", "Navigation", "External"]) == nil)
    }

    @Test func readsTheSameManifestFromABinaryPropertyList() throws {
        let parsed = try PropertyListSerialization.propertyList(from: Data(validXML.utf8), format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: parsed, format: .binary, options: 0)
        #expect(binary.starts(with: Data("bplist00".utf8)))

        let manifest = try AppManifest(propertyList: binary)
        #expect(manifest == validManifest)
        #expect(manifest == (try AppManifest(propertyList: Data(validXML.utf8))))
    }

    @Test func readsAnInfoPlistFile() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("SceneIntentsTests-\(UUID().uuidString)-Info.plist")
        try Data(validXML.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        #expect(try AppManifest(contentsOf: url) == validManifest)

        let missing = url.appendingPathExtension("missing")
        let error = #expect(throws: ManifestError.self) { try AppManifest(contentsOf: missing) }
        #expect(error?.code == .malformedPropertyList)
        #expect(error?.key == "Info.plist")
    }

    @Test func anInfoPlistOverTheLimitOrNotAFileIsRefusedNamingIt() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("SceneIntentsTests-\(UUID().uuidString)-Info.plist")
        // A valid plist padded past the limit with trailing white space, which a reader without
        // the limit would accept.
        try Data((validXML + String(repeating: " ", count: AppManifest.fileSizeLimit)).utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: ManifestError(code: .malformedPropertyList, key: "Info.plist", value: "cannot read \(url.path): it is larger than 1 MiB")) {
            try AppManifest(contentsOf: url)
        }
        // A FIFO is refused at once instead of waited on.
        let fifo = url.path + ".fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(throws: ManifestError(code: .malformedPropertyList, key: "Info.plist", value: "cannot read \(fifo)")) {
            try AppManifest(contentsOf: URL(fileURLWithPath: fifo))
        }
    }

    @Test func anInfoPlistHoldingASetIsRefusedBeforeFoundationCanCrashOnIt() {
        let error = #expect(throws: ManifestError.self) { try AppManifest(propertyList: HostilePropertyLists.setOfDictionaries) }
        #expect(error?.code == .malformedPropertyList)
        #expect(error?.value == "object 1 (byte 10) is a set, which property lists for apps do not hold")
    }

    @Test func aDamagedBinaryInfoPlistIsNamedAsOneNotAsText() throws {
        let valid = try PropertyListSerialization.data(fromPropertyList: ["CFBundleName": "Recipes"], format: .binary, options: 0)
        #expect(try AppManifest(propertyList: valid) == AppManifest(supportsMultipleScenes: false))
        // The dictionary's marker byte made an ASCII string's: its table still walks, its objects
        // no longer decode.
        var damaged = [UInt8](valid)
        damaged[8] = 0x5F
        #expect(
            throws: ManifestError(
                code: .malformedPropertyList, key: "Info.plist",
                value: "it is a damaged binary property list: its header says binary, but its objects cannot be decoded")
        ) { try AppManifest(propertyList: Data(damaged)) }
    }

    @Test func aPlistWithoutASceneManifestHasOneSceneAndNoConfigurations() throws {
        let manifest = try AppManifest(propertyList: xmlData(["CFBundleName": "Plain"]))
        #expect(manifest == AppManifest(supportsMultipleScenes: false))
    }

    @Test @MainActor func aManifestReadFromAPlistLaunches() throws {
        let manifest = try AppManifest(propertyList: Data(validXML.utf8))
        let app = Application(manifest: manifest, sceneDelegates: TestApp.sceneDelegates) {
            TestAppDelegate(journal: Journal(), launchNumber: 1)
        }
        let recorder = LifecycleRecorder(app)
        try app.launch(.user)
        let scene = try #require(app.connectedScenes.first)
        #expect(scene.session.configuration.name == "Default Configuration")
        #expect(scene.session.configuration.delegateClassName == "RecordingSceneDelegate")
        #expect(scene.delegate is RecordingSceneDelegate)
        #expect(!(scene.delegate is NavigationSceneDelegate))
        // SendMoneyIntent is supported but not an activity type: diagnosed, and the launch goes on.
        #expect(
            recorder.take()
                == [
                    "app diagnostic intentCannotContinueInApp: INIntentsSupported lists 'SendMoneyIntent' but NSUserActivityTypes does not: continueInApp for it can never continue in the app; add 'SendMoneyIntent' to NSUserActivityTypes",
                    "app willFinishLaunching user", "app didFinishLaunching user",
                ] + Sequences.connectedInForeground("session-1"))
        #expect(leftInFlight(recorder: recorder) == [])
    }

    // MARK: Every error code

    @Test func garbageBytesAreAMalformedPropertyList() {
        let error = readingError(Data([0xFF, 0xFE, 0x00, 0x01, 0x80, 0x7F, 0x00, 0xC3]))
        #expect(error?.code == .malformedPropertyList)
        #expect(error?.key == "Info.plist")
        #expect(error?.value?.isEmpty == false)
    }

    @Test(arguments: WrongTypeCase.allCases)
    func aValueOfTheWrongTypeIsNamedByItsKey(_ wrongType: WrongTypeCase) throws {
        let error = readingError(try xmlData(wrongType.plist))
        #expect(error?.code == .wrongType)
        #expect(error?.key == wrongType.key)
    }
}
