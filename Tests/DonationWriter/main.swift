import AssistantShortcuts
import Foundation
import HobsonCLI
import HobsonKit
import SceneIntents

// donation-writer: a child process for AssistantShortcutsTests' crash and race tests.
//
//   donation-writer DIR NAME
//
// Opens Hobson's shortcuts store in DIR and donates completed `InsultMe` interactions named
// NAME-0, NAME-1, … forever, writing "ack N" on stdout after each donation returned (so it is
// on disk), until it is killed. A refused donation prints "error …" and exits 3.
//
//   donation-writer DIR --voice PHRASE
//
// Opens the store, writes "ready", waits for a line on stdin (so racing writers start together),
// records PHRASE as a voice shortcut for InsultMe, writes "added" or "refused CODE" and exits 0.

/// One line on stdout, written at once (a `FileHandle` does not buffer).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 3 || (arguments.count == 4 && arguments[2] == "--voice") else {
    FileHandle.standardError.write(Data("usage: donation-writer DIR NAME | donation-writer DIR --voice PHRASE\n".utf8))
    exit(2)
}
do {
    let store = try ShortcutsStore(
        directory: arguments[1], appName: HobsonApp.name,
        manifest: AppManifest(intentsSupported: [InsultMeIntent.typeName], userActivityTypes: [InsultMeIntent.typeName]),
        catalog: HobsonApp.catalog, appPhrases: HobsonApp.vocabulary())
    if arguments.count == 4 {
        say("ready")
        _ = readLine()
        let suggestion = ShortcutSuggestion(.intent(AnyIntent(InsultMeIntent(style: .pirate))), suggestedPhrase: nil)
        do {
            _ = try store.add(suggestion, phrase: arguments[3])
            say("added")
        } catch {
            say("refused \(error.code)")
        }
        exit(0)
    }
    var sequence = 0
    while true {
        let interaction = Interaction(
            intent: AnyIntent(InsultMeIntent(style: .pirate)),
            response: IntentResponse(code: .success, values: ["insult": String(repeating: "arr ", count: 200)]),
            identifier: "\(arguments[2])-\(sequence)", groupIdentifier: arguments[2], handlingStatus: .success, date: Date())
        try store.donate(interaction, suggestedPhrase: "Insult me")
        say("ack \(sequence)")
        sequence += 1
    }
} catch {
    say("error \(error)")
    exit(3)
}
