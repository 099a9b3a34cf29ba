import Foundation
import SceneIntents

/// What `info` says the server offers: a `handle` program (text in, the assistant's answer out)
/// and an `intent` program (text in, the intent recognized out), each listing the apps served.
/// Both are named `SceneIntents`: Home Assistant names its conversation agent after one of them.
package struct WyomingInfo: Sendable, Equatable {
    /// The intent handling programs.
    package var handle: [WyomingProgram]
    /// The intent recognition programs.
    package var intent: [WyomingProgram]

    /// An `info`.
    package init(handle: [WyomingProgram], intent: [WyomingProgram]) {
        self.handle = handle
        self.intent = intent
    }
}

/// A program (a service) as `info` lists it, with its models.
package struct WyomingProgram: Sendable, Equatable, Codable {
    /// Its name.
    package var name: String
    /// Who made it.
    package var attribution: WyomingAttribution
    /// Always true here: what is listed is served.
    package var installed: Bool
    /// What it does, for a person.
    package var description: String?
    /// Its version.
    package var version: String?
    /// Its models: here one per app (handling) or per app's intent (recognition).
    package var models: [WyomingModel]
    /// For a handling program: whether it answers in the streamed form when asked to.
    package var supportsHandledStreaming: Bool?
    /// For a handling program: whether handling may control a home (false: it talks to apps).
    package var supportsHomeControl: Bool?

    enum CodingKeys: String, CodingKey {
        case name, attribution, installed, description, version, models
        case supportsHandledStreaming = "supports_handled_streaming"
        case supportsHomeControl = "supports_home_control"
    }
}

/// A model of a program.
package struct WyomingModel: Sendable, Equatable, Codable {
    /// Its name: an app's name, or an intent's type name.
    package var name: String
    /// Who made it.
    package var attribution: WyomingAttribution
    /// Always true here.
    package var installed: Bool
    /// What it covers, for a person.
    package var description: String?
    /// Its version.
    package var version: String?
    /// The languages it understands.
    package var languages: [String]
}

/// Who made a program or model, and where it is from.
package struct WyomingAttribution: Sendable, Equatable, Codable {
    /// A name.
    package var name: String
    /// An address (empty when there is none).
    package var url: String
}

extension WyomingInfo {
    /// The programs' version (the protocol of `assistant`'s socket and this one change together).
    static let version = "\(ClientProtocol.version).0"
    /// The languages the apps' phrases are in.
    static let languages = ["en"]

    /// What `info` says of `apps`: one handling model per app, naming its intents and the first
    /// things to say to it; one recognition model per intent of each app.
    static func describing(_ apps: [ServedApp]) -> WyomingInfo {
        let system = WyomingAttribution(name: "SceneIntents", url: "")
        func model(_ name: String, by maker: String, _ description: String) -> WyomingModel {
            WyomingModel(
                name: name, attribution: WyomingAttribution(name: maker, url: ""), installed: true, description: description,
                version: version, languages: languages)
        }
        let handling = apps.map { app in
            let intents = app.connection.catalog.typeNames.joined(separator: ", ")
            let phrases = app.vocabulary.phrases.prefix(3).map { "\"\(Template($0).spoken)\"" }.joined(separator: ", ")
            return model(app.bundle.name, by: app.bundle.identifier, "\(app.bundle.name) (\(intents)): say \(phrases)")
        }
        let recognizing = apps.flatMap { app in
            app.connection.catalog.typeNames.map { model($0, by: app.bundle.identifier, "\(app.bundle.name)'s \($0)") }
        }
        let description = "the apps assistantd serves, spoken to as the assistant speaks to them"
        return WyomingInfo(
            handle: [
                WyomingProgram(
                    name: "SceneIntents", attribution: system, installed: true, description: description, version: version,
                    models: handling, supportsHandledStreaming: true, supportsHomeControl: false)
            ],
            intent: [
                WyomingProgram(
                    name: "SceneIntents", attribution: system, installed: true,
                    description: "the intents of the apps assistantd serves, recognized without calling the apps", version: version,
                    models: recognizing, supportsHandledStreaming: nil, supportsHomeControl: nil)
            ])
    }
}
