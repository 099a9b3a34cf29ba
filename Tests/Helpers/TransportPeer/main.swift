import Foundation
import Glibc
import SceneIntentsTransport
import Synchronization

// `transport-peer`: the other process in SceneIntentsTransport's cross-process tests.
//   echo PATH          connect to PATH and send every frame back until the peer closes
//   loop-echo PATH     the same with the main thread reading under MainLoop; each frame is
//                      sent back by a main-actor task; the end line says on which thread the
//                      frames were read, and where nonisolated work resumed by another thread ran
//   loop-many PATH N   N connections under MainLoop, the first N/2 to end replaced (LoopMany.swift)
//   loop-hops          under MainLoop, await a main-actor function 100 times with a main-queue
//                      block queued first, and say whether the block ran meanwhile
//   as-uid UID PATH    become UID (needs root), connect to PATH, print how the connection ended
//   descriptors        print this process's open descriptors, one per line
//   sleep              wait for a signal
//   exit CODE          exit with CODE
//   leaks connections DIR | leaks spawns N
//                      a whole-process leak check in this process of its own (Leaks.swift)

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("transport-peer: \(message)\n".utf8))
    exit(2)
}

/// Connects and answers how the connection ended, echoing frames when asked to.
func serve(_ path: String, policy: PeerPolicy, echo: Bool) async -> CloseReason {
    let connection: FramedConnection
    do {
        connection = try FramedConnection.connect(to: path, policy: policy)
    } catch {
        fail("\(error)")
    }
    connection.start { event in
        if echo, case .frame(let payload) = event { try? connection.send(payload) }
    }
    return await connection.closed()
}

/// `loop-echo`: echoes through a connection read on the main loop, and prints how it ended and
/// whether every frame was handed over on the main thread.
@MainActor
func loopEcho(_ path: String) async -> Int32 {
    guard let connection = try? FramedConnection.connect(to: path) else { fail("cannot connect to \(path)") }
    var frames = 0
    var offMain = 0
    let reason = await withCheckedContinuation { (ended: CheckedContinuation<CloseReason, Never>) in
        let started = connection.startOnMainLoop { event in
            if !Thread.isMainThread { offMain += 1 }
            switch event {
            case .frame(let payload):
                frames += 1
                // Sent from a main-actor job of its own: the loop must run those too.
                Task { @MainActor in try? connection.send(payload) }
            case .closed(let reason): ended.resume(returning: reason)
            }
        }
        if !started { fail("the main loop was not running") }
    }
    let resumed = await resumedOnTheMainThread() ? "on" : "off"
    print("\(reason); \(frames) frames; \(offMain) events off the main thread; nonisolated work resumed \(resumed) it")
    return 0
}

/// Waits for a continuation resumed by a Dispatch thread, then says where the rest ran: not
/// isolated to any actor, it runs on the task's preferred executor, which under the main loop
/// is the main thread.
nonisolated func resumedOnTheMainThread() async -> Bool {
    await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async { resumed.resume() }
    }
    return Thread.isMainThread
}

/// Set by the main-queue block `loopHops` queues.
let mainQueueBlockRan = Atomic<Bool>(false)

/// `loop-hops`: the loop's body (a main-actor task that prefers the loop's task executor) awaits a
/// main-actor function 100 times with a main-queue block queued first, and says whether the block
/// ran meanwhile. Each await enters and leaves main-actor code; done in place, as it must be, the
/// task never gives the main thread up, so the block waits. Were a hop sent through the main
/// queue, the block would run before the task came back.
@MainActor
func loopHops() async -> Int32 {
    DispatchQueue.main.async { mainQueueBlockRan.store(true, ordering: .relaxed) }
    var total = 0
    for step in 1...100 { total += await mainActorStep(step) }
    print("100 awaits, total \(total); the main-queue block ran meanwhile: \(mainQueueBlockRan.load(ordering: .relaxed))")
    return 0
}

/// A main-actor function that never suspends.
@MainActor
func mainActorStep(_ step: Int) async -> Int { step }

var arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case ("echo", 2):
    let reason = await serve(arguments[1], policy: .sameUser, echo: true)
    print(reason)
case ("loop-echo", 2):
    MainLoop.run { await loopEcho(arguments[1]) }
case ("loop-many", 3):
    guard let count = Int(arguments[2]), count > 0 else { fail("loop-many needs a positive count") }
    MainLoop.run { await ManyConnections(path: arguments[1], count: count).run() }
case ("loop-hops", 1):
    MainLoop.run { await loopHops() }
case ("as-uid", 3):
    guard let uid = uid_t(arguments[1]) else { fail("as-uid needs a numeric uid") }
    guard setgid(uid) == 0, setuid(uid) == 0 else { fail("cannot become uid \(uid): \(SystemError("setuid"))") }
    print(await serve(arguments[2], policy: .anyUser, echo: false))
case ("descriptors", 1):
    guard let directory = opendir("/proc/self/fd") else { fail("cannot list /proc/self/fd") }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != ".", name != "..", Int32(name) != dirfd(directory) { names.append(name) }
    }
    closedir(directory)
    print(names.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.joined(separator: "\n"))
case ("sleep", 1):
    while true { pause() }
case ("exit", 2):
    exit(Int32(arguments[1]) ?? 2)
case ("leaks", 3) where arguments[1] == "connections":
    do { try await leakConnections(in: arguments[2]) } catch { fail("\(error)") }
case ("leaks", 3) where arguments[1] == "spawns":
    guard let count = Int(arguments[2]), count > 0 else { fail("leaks spawns needs a positive count") }
    do { try await leakSpawns(count) } catch { fail("\(error)") }
default:
    fail("usage: transport-peer echo PATH | loop-echo PATH | loop-many PATH N | loop-hops | as-uid UID PATH | descriptors | sleep | exit CODE | leaks connections DIR | leaks spawns N")
}
