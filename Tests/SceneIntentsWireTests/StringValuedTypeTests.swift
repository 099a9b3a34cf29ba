import Foundation
import SceneIntents
import SceneIntentsWire
import Testing

/// A value whose JSON is a string but whose type is not `String`: the codec reads a string value
/// as text first, and must still give it to the type's own decoder.
enum Flavor: String, ParameterValue {
    case sweet, sour
    var displayItem: DisplayItem { DisplayItem(identifier: rawValue, title: rawValue.capitalized) }
}

/// Tastes a flavor.
@MainActor
final class TasteHandler {
    func resolveFlavor(_ flavor: Flavor?) -> ResolutionResult<Flavor> { flavor.map { .success(with: $0) } ?? .needsValue }
}

struct TasteIntent: Intent {
    static let typeName = "TasteIntent"
    var flavor: Flavor?
    var note: String?
    init() {}
    static let schema = IntentSchema<TasteIntent>(
        handler: TasteHandler.self,
        parameters: [
            .value("flavor", \.flavor, resolve: { (handler: TasteHandler, intent) in handler.resolveFlavor(intent.flavor) }),
            .value("note", \.note, resolve: { (_: TasteHandler, intent) in intent.note.map { .success(with: $0) } ?? .notRequired }),
        ],
        handle: { _, _ in IntentResponse(code: .success) })
}

struct StringValuedTypeTests {
    /// An intent carrying both kinds of string-valued parameter, and an answer resolving each.
    static func messages() -> (SystemMessage, AppMessage) {
        var intent = TasteIntent()
        intent.flavor = .sour
        intent.note = "tart"
        let erased = AnyIntent(intent)
        let call = SystemMessage.call(id: 7, call: PhaseCall(request: 3, intent: erased, phase: .proceed(parameters: ["flavor", "note"])))
        let steps = [
            PhaseStep(phase: .resolve(parameter: "flavor"), answer: .resolved([ParameterResolution(ResolutionResult.success(with: Flavor.sour))])),
            PhaseStep(phase: .resolve(parameter: "note"), answer: .resolved([ParameterResolution(ResolutionResult.success(with: "tart"))])),
        ]
        return (call, AppMessage.answer(id: 7, answer: .progressed(intent: erased, steps: steps)))
    }

    @Test func aStringValuedTypeComesBackAsItselfBesideAString() throws {
        let codec = MessageCodec(catalog: try IntentCatalog([TasteIntent.self]))
        let (call, answer) = Self.messages()
        let callBytes = try codec.encode(call)
        #expect(String(decoding: callBytes, as: UTF8.self).contains(#""type":"Flavor","value":"sour"}"#))
        #expect(try codec.decode(SystemMessage.self, from: callBytes) == call)
        let decoded = try codec.decode(AppMessage.self, from: try codec.encode(answer))
        #expect(decoded == answer)
        guard case .answer(_, .progressed(let intent, let steps)) = decoded else {
            Issue.record("not a progressed answer: \(decoded)")
            return
        }
        #expect(intent.as(TasteIntent.self)?.flavor == .sour)
        #expect(steps.count == 2)
    }

    @Test func aStringThatIsNotAValueOfItsTypeIsRefusedNamingIt() throws {
        let codec = MessageCodec(catalog: try IntentCatalog([TasteIntent.self]))
        let bytes = try codec.encode(Self.messages().0)
        let bad = Data(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: #""value":"sour""#, with: #""value":"bitter""#).utf8)
        #expect(throws: ProtocolError.self) { try codec.decode(SystemMessage.self, from: bad) }
        do {
            _ = try codec.decode(SystemMessage.self, from: bad)
        } catch {
            #expect(error.code == .undecodable)
            #expect(error.detail.contains("bitter"))
        }
    }
}
