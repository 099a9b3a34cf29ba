import SceneIntents
import Synchronization

/// Which host each request in flight was given, so every phase call of one request goes to the
/// same process. A request's entry goes when the request ends: its `finish` is answered, or the
/// answer that concludes it (handle's response, a confirmation other than ready) comes back, the
/// same points at which the host lets go of the request's handler.
final class RequestRoutes: Sendable {
    /// Where a request goes.
    enum Target: Sendable, Equatable {
        /// The app's process.
        case app
        /// The process of the app's extension at this index.
        case `extension`(Int)

        /// The target of a route that sends the request somewhere; nil for a refusal.
        init?(_ route: Route, in bundle: AppBundle) {
            switch route {
            case .app: self = .app
            case .extension(let plugIn, _):
                guard let index = bundle.extensions.firstIndex(of: plugIn) else { return nil }
                self = .extension(index)
            case .refused: return nil
            }
        }
    }

    private let targets = Mutex<[UInt64: Target]>([:])

    /// How many requests have a target.
    var count: Int { targets.withLock { $0.count } }

    /// The request's target, if it has one.
    func target(of request: UInt64) -> Target? {
        targets.withLock { $0[request] }
    }

    /// Gives the request its target.
    func choose(_ target: Target, for request: UInt64) {
        targets.withLock { $0[request] = target }
    }

    /// `reply`, forgetting the request's target first when the answer ends the request.
    func replying(to call: PhaseCall, _ reply: @escaping @Sendable (PhaseAnswer) -> Void)
        -> @Sendable (PhaseAnswer) -> Void
    {
        let request = call.request
        let phase = call.phase
        return { [self] answer in
            if Self.ends(phase, answer) { _ = targets.withLock { $0.removeValue(forKey: request) } }
            reply(answer)
        }
    }

    /// Whether this answer to this phase ends the request on the host.
    static func ends(_ phase: PhaseCall.Phase, _ answer: PhaseAnswer) -> Bool {
        switch (phase, answer) {
        case (.finish, _), (.handle, .response): true
        case (.confirm, .response(let response)): response.code != .ready
        case (_, .progressed(_, let steps)): steps.last.map { ends($0.phase, $0.answer) } ?? false
        default: false
        }
    }
}
