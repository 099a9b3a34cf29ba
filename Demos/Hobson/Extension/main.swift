import Foundation
import HobsonKit
import SceneIntents
import SceneIntentsFeatures
import SceneIntentsHost

/// `hobson-intents`: Hobson's intents extension. The system launches it in the background for
/// `InsultMe` and `MakeMeLaugh` while the app is not in the foreground (the app never launches
/// for "insult me"); it serves the extension's feature group through the same dispatcher path
/// as the app, and exits when idle.
@MainActor
func main() async -> Int32 {
    let book = InsultBook()
    let actions = HobsonActions(book: book)
    let manifest: AppManifest
    let catalog: IntentCatalog
    do {
        manifest = try HobsonApp.bundledManifest()
        catalog = try HobsonApp.catalog()
    } catch {
        FileHandle.standardError.write(Data("hobson-intents: \(error)\n".utf8))
        return 70
    }
    let dispatcher = ActionDispatcher(
        group: HobsonFeatures.intentsExtension, manifest: manifest, scheme: HobsonApp.scheme,
        conditions: HobsonFeatures.defaultConditions, clock: ContinuousClock())
    actions.register(with: dispatcher) { NoScreen() }
    let handler = HobsonIntentHandler(dispatcher: dispatcher)
    return await IntentsExtension(
        name: "Hobson Intents", catalog: catalog,
        intentsSupported: [InsultMeIntent.typeName, MakeMeLaughIntent.typeName],
        // What the extension performs is donated too, through its own connection to the system.
        configure: { endpoint in dispatcher.outlet = { endpoint.send($0) } },
        handlerFor: { _ in handler }
    ).main()
}

exit(await main())
