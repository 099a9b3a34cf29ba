import Assistant
import Testing

/// A trace line holds words from outside (the utterance, a reply, the values an app resolved):
/// printed, they must neither drive the terminal nor forge lines of their own.
struct TraceEscapeFaultTests {
    @Test func aTraceEventsLineShowsControlCharactersEscaped() {
        let event = TraceEvent(at: .milliseconds(1_500), kind: .request, detail: "\"log 5 \u{1B}[2J\u{1B}]0;owned\u{07}\n   9.000s  outcome      success\"")
        #expect(event.description
            == #"   1.500s  request      "log 5 \u{1B}[2J\u{1B}]0;owned\u{7}\n   9.000s  outcome      success""#)
        // Text with nothing to escape prints as it is, accents included.
        #expect(TraceEvent(at: .zero, kind: .say, detail: "Crème Brûlée").description == "   0.000s  say          Crème Brûlée")
    }
}
