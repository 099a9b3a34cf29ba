/// A way in to the daemon for users: `assistant`'s socket, or a Wyoming listener. Each has its
/// own `clientLimit` places.
enum FrontDoor: CaseIterable {
    case client, wyoming

    /// The people at this door, in a sentence ("clients", "Wyoming clients").
    var clients: String {
        switch self {
        case .client: "clients"
        case .wyoming: "Wyoming clients"
        }
    }

    /// Its connections, in a sentence.
    var connections: String {
        switch self {
        case .client: "client connection(s)"
        case .wyoming: "Wyoming connection(s)"
        }
    }
}

/// The session serving one connection at a front door.
protocol FrontDoorSession: Actor {
    /// Serves the connection until it ends, then tells the daemon (`Daemon.sessionEnded`).
    func run() async
    /// Closes the connection; `run` then ends what is in progress.
    func close()
}

/// A connection served, with its door and the task running its session.
struct OpenSession {
    let door: FrontDoor
    let session: any FrontDoorSession
    let run: Task<Void, Never>
}

extension ClientSession: FrontDoorSession {}
