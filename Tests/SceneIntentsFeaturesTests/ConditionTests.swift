import SceneIntents
import SceneIntentsFeatures
import Testing

@Suite("Conditional features")
@MainActor
struct ConditionTests {
    static let kinds: [(FeatureRequirement, FeatureConditions)] = [
        (.permission("microphone"), FeatureConditions(permissions: ["microphone"])),
        (.purchase("pro"), FeatureConditions(purchases: ["pro"])),
        (.userToggle("sync"), FeatureConditions(toggles: ["sync"])),
        (.runtimeFlag("beta"), FeatureConditions(flags: ["beta"])),
    ]

    @Test("each requirement kind: unmet answers unavailable naming it and performs nothing; met performs", arguments: 0..<4)
    func requirement(index: Int) async throws {
        let (requirement, granting) = Self.kinds[index]
        let (dispatcher, outbox) = makeDispatcher()
        let board = Board()
        let entry = try await perform(requirementAt: index, dispatcher, board)
        let name = "Gated-\(requirement)"
        #expect(entry.outcome == .unavailable(FeatureUnavailable(feature: "Gated \(requirement)", action: name, requirement: requirement)))
        #expect(entry.description.contains("is unavailable because \(requirement)"))
        #expect(board.shown.isEmpty)
        dispatcher.conditions = granting
        let granted = try await perform(requirementAt: index, dispatcher, board)
        #expect(granted.outcome == .completed(ActionCompletion(summary: "done")))
        #expect(board.shown == [name])
        #expect(outbox.messages.count == 2)
    }

    private func perform(requirementAt index: Int, _ dispatcher: ActionDispatcher, _ board: Board) async throws -> TimelineEntry {
        switch index {
        case 0: try await dispatcher.perform(GatedAction<PermissionGate>(), presenter: board)
        case 1: try await dispatcher.perform(GatedAction<PurchaseGate>(), presenter: board)
        case 2: try await dispatcher.perform(GatedAction<ToggleGate>(), presenter: board)
        default: try await dispatcher.perform(GatedAction<FlagGate>(), presenter: board)
        }
    }

    @Test("an unavailable feature's actions are not available; a granted one's are")
    func notOffered() async throws {
        let (dispatcher, _) = makeDispatcher()
        #expect(!dispatcher.isAvailable(GatedAction<PurchaseGate>.self))
        #expect(dispatcher.isAvailable(PingAction.self))
        #expect(GatedFeature<PurchaseGate>.isConditional && !PingFeature.isConditional)
        #expect(FeatureConditions(purchases: ["pro"]).unmet(by: GatedFeature<PurchaseGate>.self) == nil)
    }
}
