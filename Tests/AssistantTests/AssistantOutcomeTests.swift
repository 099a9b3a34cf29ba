import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// An outcome is a value: changing one field of a copy changes nothing else, in it or in the
/// original, and equality compares every field.
@MainActor
struct AssistantOutcomeTests {
    @Test func changingOneFieldOfACopyLeavesTheRestAndTheOriginalAlone() async throws {
        let rig = try Rig()
        let original = await rig.order(OrderSoupIntent(soup: Soup("tomato", "Tomato"), quantity: 2))
        #expect(original.status == .success)
        #expect(original.dialog == ["2 Tomato coming up."])
        var copy = original
        #expect(copy == original)
        copy.reason = "a reason"
        copy.continuedInScene = "scene-1"
        copy.dialog.append("And a line.")
        copy.status = .failure
        #expect(copy != original)
        #expect(
            [copy.status.rawValue, copy.reason ?? "-", copy.continuedInScene ?? "-", copy.dialog.joined(separator: " | ")]
                == ["failure", "a reason", "scene-1", "2 Tomato coming up. | And a line."])
        #expect(copy.intent == original.intent && copy.response == original.response)
        #expect(
            [original.status.rawValue, original.reason ?? "-", original.continuedInScene ?? "-", original.dialog.joined(separator: " | ")]
                == ["success", "-", "-", "2 Tomato coming up."])
        copy.intent = nil
        copy.response = nil
        #expect(copy.intent == nil && copy.response == nil && original.intent != nil && original.response != nil)
        // Put back field by field, the copy equals the original again though it is another object.
        copy.status = original.status
        copy.reason = nil
        copy.continuedInScene = nil
        copy.dialog = original.dialog
        copy.intent = original.intent
        copy.response = original.response
        #expect(copy == original)
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }
}
