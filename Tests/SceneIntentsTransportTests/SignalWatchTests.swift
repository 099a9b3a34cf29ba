import Glibc
import SceneIntentsTransport
import Synchronization
import Testing

/// A signal sent the moment a `SignalWatch` is made reaches its handler: Dispatch registers the
/// source later, on its own thread, and a signal in between was once ignored (a daemon told to
/// stop as it started kept running). Each test watches a signal nothing else in the tests uses.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct SignalWatchTests {
    @Test(arguments: [SIGUSR1, SIGUSR2])
    func aSignalSentAsTheWatchIsMadeIsHandled(_ number: Int32) async {
        let (heard, continuation) = AsyncStream.makeStream(of: Int32.self)
        let watch = SignalWatch([number]) { continuation.yield($0) }
        // At once, before Dispatch has had time to register the source.
        #expect(kill(getpid(), number) == 0)
        var iterator = heard.makeAsyncIterator()
        #expect(await iterator.next() == number)
        // And the next one, through the registered source.
        #expect(kill(getpid(), number) == 0)
        #expect(await iterator.next() == number)
        continuation.finish()
        #expect(await iterator.next() == nil)
        withExtendedLifetime(watch) {}
    }
}
