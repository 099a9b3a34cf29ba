import Assistant
import Foundation
import SceneIntents
import SceneIntentsWire

/// A connection to an app in this process that the assistant knows only as a system knows an
/// installed app: its catalog is the app's intents read back from their data
/// (`IntentCatalog(description:)`, so intents are `IntentRecord`s on the assistant's side), and
/// every call, step, answer and activity crosses the message codec both ways, as it does to the
/// app's process under `assistantd`.
///
/// A conversation through it must read as it does in process: use it (or
/// `IntentTestHarness(…, asInstalled: true)`) to check that an app converses the same installed.
/// A value the codec cannot carry is answered as the host's `unexpectedAnswer` refusal naming it.
public final class InstalledAppConnection: AppConnection {
    /// The app's name.
    public var appName: String { base.appName }
    /// The app's manifest.
    public var manifest: AppManifest { base.manifest }
    /// The app's intents as data: what the assistant converses from.
    public let catalog: IntentCatalog
    private let base: InProcessConnection
    /// The system's side of the codec (the data catalog) and the app's (its own types).
    private let system: MessageCodec
    private let app: MessageCodec

    /// The connection to `base`'s app, known from its catalog's data.
    public init(_ base: InProcessConnection) {
        self.base = base
        catalog = IntentCatalog(description: base.catalog.catalogDescription)
        system = MessageCodec(catalog: catalog)
        app = MessageCodec(catalog: base.catalog)
    }

    /// Sends the call across the codec and each step and the answer back.
    public func start(
        _ call: PhaseCall, from isolation: (any Actor)?, progress: @escaping @Sendable (PhaseStep) -> Void,
        reply: @escaping @Sendable (PhaseAnswer) -> Void
    ) -> CallCancellation {
        let system = system
        let app = app
        let intent = call.intent.typeName
        let sent: PhaseCall
        do {
            sent = try Self.cross(SystemMessage.call(id: 1, call: call), from: system, to: app) {
                if case .call(_, let call) = $0 { call } else { nil }
            }
        } catch {
            reply(.refused(IntentHostError(.unexpectedAnswer, intent: intent, detail: "the call cannot cross the codec: \(error)")))
            return .answered
        }
        return base.start(
            sent, from: isolation,
            progress: { step in
                let crossed: PhaseStep? = try? Self.cross(AppMessage.step(id: 1, step: step), from: app, to: system) {
                    if case .step(_, let step) = $0 { step } else { nil }
                }
                if let crossed {
                    progress(crossed)
                }
            },
            reply: { answer in
                do {
                    reply(
                        try Self.cross(AppMessage.answer(id: 1, answer: answer), from: app, to: system) {
                            // An intent the app left as called comes back as the call's own.
                            if case .answer(_, let answer) = $0 { answer.takingCalled(call.intent) } else { nil }
                        })
                } catch {
                    reply(.refused(IntentHostError(.unexpectedAnswer, intent: intent, detail: "the answer cannot cross the codec: \(error)")))
                }
            })
    }

    /// Continues the activity in the app, the activity crossing the codec.
    public func continueInApp(_ activity: UserActivity) async throws -> Continuation {
        let sent: UserActivity = try Self.cross(SystemMessage.continueActivity(id: 1, activity: activity), from: system, to: app) {
            if case .continueActivity(_, let activity) = $0 { activity } else { nil }
        }
        return try await base.continueInApp(sent)
    }

    /// Records into the base connection's trace.
    public func attach(_ trace: Trace?) { base.attach(trace) }

    /// Whether the app may be interrupted (the base connection's answer).
    public var mayInterrupt: Bool { base.mayInterrupt }

    /// As the base connection.
    public func beginInterruption() async throws -> Bool { try await base.beginInterruption() }

    /// As the base connection.
    public func endInterruption() async throws -> Bool { try await base.endInterruption() }

    /// `message` encoded by `sender`, decoded by `receiver`, and what `take` takes of it.
    private static func cross<M: Codable & Sendable, T>(
        _ message: M, from sender: MessageCodec, to receiver: MessageCodec, _ take: (M) -> T?
    ) throws -> T {
        let decoded = try receiver.decode(M.self, from: try sender.encode(message))
        guard let value = take(decoded) else { throw CodecMismatch(sent: "\(message)") }
        return value
    }

    /// A message that came out of the codec as another kind than it went in.
    private struct CodecMismatch: Error, CustomStringConvertible {
        let sent: String
        var description: String { "\(sent) came out of the codec as another message" }
    }
}
