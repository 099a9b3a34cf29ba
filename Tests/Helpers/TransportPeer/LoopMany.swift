import Foundation
import Glibc
import SceneIntentsTransport

/// `loop-many PATH N`: N connections to PATH read under the main loop, each sending its frames
/// back; each of the first N/2 that end is replaced by a new connection at once (which takes the
/// descriptor number just freed, while the loop may still hold events of the old one). When all
/// N + N/2 have ended, prints how many there were, the frames sent back, the events handed over
/// off the main thread and the descriptors left open that were not open before.
@MainActor
final class ManyConnections {
    private let path: String
    private let count: Int
    private let total: Int
    private var started = 0
    private var ended = 0
    private var frames = 0
    private var offMain = 0
    private var finished: CheckedContinuation<Void, Never>?

    init(path: String, count: Int) {
        self.path = path
        self.count = count
        total = count + count / 2
    }

    func run() async -> Int32 {
        let before = ProcessResources.openDescriptorCount()
        await withCheckedContinuation { finished in
            self.finished = finished
            for _ in 0..<count { open() }
        }
        let left = ProcessResources.openDescriptorCount() - before
        print("\(started) connections, \(frames) frames sent back, \(offMain) events off the main thread, \(left) descriptors left open")
        return 0
    }

    private func open() {
        guard let connection = try? FramedConnection.connect(to: path) else { fail("cannot connect to \(path)") }
        started += 1
        let reading = connection.startOnMainLoop { [self] event in
            if !Thread.isMainThread { offMain += 1 }
            switch event {
            case .frame(let payload):
                frames += 1
                try? connection.send(payload)
            case .closed:
                ended += 1
                if started < total { open() }
                if ended == total { finished?.resume() }
            }
        }
        if !reading { fail("the main loop was not running") }
    }
}
