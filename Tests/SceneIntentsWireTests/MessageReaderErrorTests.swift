import Foundation
import SceneIntents
import SceneIntentsWire
import TestFixtures
import Testing

/// Each kind of bad input to the message reader is an `.undecodable` error whose detail names the
/// problem and where it is: a byte offset for bad syntax, a coding path for a bad value. Bad
/// syntax anywhere is named before a bad value, and a wrong number of keys naming a case before
/// what the first key held, as the codec checks the whole document when its meaning is wrong.
struct MessageReaderErrorTests {
    let codec: MessageCodec

    init() throws {
        codec = MessageCodec(catalog: try Kitchen.catalog())
    }

    /// The detail of the error reading `bytes` as `type`; nil, and an issue, when they read.
    func detail<M: Decodable>(_ bytes: Data, as type: M.Type) -> String? {
        do {
            _ = try codec.decode(type, from: bytes)
            Issue.record("\(String(decoding: bytes, as: UTF8.self)) read as \(M.self)")
            return nil
        } catch {
            #expect(error.code == .undecodable)
            return error.detail
        }
    }

    func expect<M: Decodable>(_ text: String, as type: M.Type = SystemMessage.self, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(detail(Data(text.utf8), as: type) == expected, "\(text)", sourceLocation: sourceLocation)
    }

    @Test func truncatedBytesNameWhereTheyEnd() {
        expect(
            #"{"answer":{"id":1,"answer":{"finished":{}}"#, as: AppMessage.self,
            "42 bytes that are not a message: not valid JSON: unexpected end in an object at byte 42")
        expect(
            #"{"report":{"_0":{"kind":"launc"#, as: AppMessage.self,
            "30 bytes that are not a message: not valid JSON: unexpected end in a string at byte 30")
        expect(#"{"cancel":{"id":"#, "16 bytes that are not a message: not valid JSON: unexpected end where a value should start at byte 16")
    }

    @Test func aValueOfTheWrongTypeNamesTheTypeAndThePath() {
        expect(#"{"cancel":{"id":true}}"#, "expected UInt64, found a boolean at .cancel.id")
        expect(#"{"cancel":{"id":1.5}}"#, "21 bytes that are not a message at .cancel.id: the number 1.5 is not representable as UInt64")
        expect(
            #"{"answer":{"id":1,"answer":{"response":{"_0":[]}}}}"#, as: AppMessage.self,
            "expected Dictionary<String, Any>, found an array at .answer.answer.response._0")
        expect(
            #"{"step":{"id":1,"step":{"phase":{"proceed":{"parameters":"soup"}},"answer":{"finished":{}}}}}"#, as: AppMessage.self,
            "expected Array<ParameterName>, found a string at .step.step.phase.proceed.parameters")
    }

    @Test func anUnknownCaseOrRawValueIsNamed() {
        expect(
            #"{"answer":{"id":1,"answer":{"shrugged":{}}}}"#, as: AppMessage.self,
            "44 bytes that are not a message at .answer.answer.shrugged: 'shrugged' is not a case of PhaseAnswer")
        expect(
            #"{"report":{"_0":{"kind":"exploded","detail":""}}}"#, as: AppMessage.self,
            "49 bytes that are not a message at .report._0.kind: 'exploded' is not a Kind")
    }

    @Test func aMissingKeyIsNamedWhereItBelongs() {
        expect(#"{"step":{"id":1,"step":{"answer":{"finished":{}}}}}"#, as: AppMessage.self, "no 'phase' at .step.step")
        expect(#"{"eventDone":{"output":"x"}}"#, as: AppMessage.self, "no 'id' at .eventDone")
        expect(#"{}"#, "2 bytes that are not a message: 0 keys where one naming a case of SystemMessage belongs")
    }

    @Test func anythingAfterTheMessageIsAnError() {
        expect(#"{"cancel":{"id":1}}}"#, "20 bytes that are not a message: not valid JSON: unexpected '}' after the document at byte 19")
        expect(#"{"cancel":{"id":1}} {}"#, "22 bytes that are not a message: not valid JSON: unexpected '{' after the document at byte 20")
    }

    @Test func badEscapesAndStringsAreNamed() {
        expect(
            #"{"report":{"_0":{"kind":"launchedForIntent","detail":"a\x"}}}"#, as: AppMessage.self,
            "61 bytes that are not a message: not valid JSON: unexpected 'x' after a backslash at byte 56")
        expect(
            #"{"report":{"_0":{"kind":"launchedForIntent","detail":"\u12G4"}}}"#, as: AppMessage.self,
            "64 bytes that are not a message: not valid JSON: unexpected 'G' in a \\u escape at byte 58")
        expect(
            #"{"report":{"_0":{"kind":"launchedForIntent","detail":"\udc00"}}}"#, as: AppMessage.self,
            "64 bytes that are not a message: not valid JSON: unexpected '\"' after a lone surrogate at byte 60")
        let invalidUTF8 = Data(#"{"report":{"_0":{"kind":"launchedForIntent","detail":""#.utf8) + Data([0xC3, 0x28]) + Data(#""}}}"#.utf8)
        #expect(
            detail(invalidUTF8, as: AppMessage.self)
                == "60 bytes that are not a message: not valid JSON: a string that is not valid UTF-8 at byte 54")
        expect(
            "{\"cancel\u{1}\":{\"id\":1}}",
            "20 bytes that are not a message: not valid JSON: unexpected byte 1 (a control character must be escaped in a string) at byte 8")
    }

    @Test func badNumbersAndLiteralsAreNamed() {
        expect(#"{"cancel":{"id":1.}}"#, "20 bytes that are not a message: not valid JSON: unexpected '}' after a decimal point at byte 18")
        expect(#"{"cancel":{"id":-}}"#, "19 bytes that are not a message: not valid JSON: unexpected '}' in a number at byte 17")
        expect(#"{"cancel":{"id":1e+}}"#, "21 bytes that are not a message: not valid JSON: unexpected '}' in an exponent at byte 19")
        expect(#"{"cancel":{"id":007}}"#, "21 bytes that are not a message: not valid JSON: unexpected '0' in an object at byte 17")
        expect(
            #"{"eventDone":{"id":1,"output":nul}}"#, as: AppMessage.self,
            "35 bytes that are not a message: not valid JSON: unknown literal (not null) at byte 30")
    }

    @Test func nestingTooDeepIsAnErrorWhereverItIs() {
        let deep = #"{"cancel":{"id":"# + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "}}"
        expect(deep, "418 bytes that are not a message: not valid JSON: nesting deeper than 128 levels at byte 142")
        let unknown = #"{"cancel":{"id":1,"extra":"# + String(repeating: "{\"a\":", count: 200) + "1" + String(repeating: "}", count: 200) + "}}"
        #expect(detail(Data(unknown.utf8), as: SystemMessage.self)?.contains("nesting deeper than 128 levels") == true)
    }

    @Test func badSyntaxIsNamedBeforeABadValueAndTheKeyCountBeforeTheFirstKey() {
        expect(#"{"shout":{}} x"#, "14 bytes that are not a message: not valid JSON: unexpected 'x' after the document at byte 13")
        expect(#"{"cancel":{"id":"1"},"accept":[}"#, "32 bytes that are not a message: not valid JSON: unexpected '}' where a value should start at byte 31")
        expect(#"{"cancel":{"id":"x"},"accept":{}}"#, "33 bytes that are not a message: 2 keys where one naming a case of SystemMessage belongs")
        expect(#"{"cancel":{"id":1},"accept":{}}"#, "31 bytes that are not a message: 2 keys where one naming a case of SystemMessage belongs")
    }
}
