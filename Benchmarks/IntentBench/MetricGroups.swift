import Foundation

/// The metric groups, in the order a run measures them; `--only` names some of them.
@MainActor
let metricGroups: [(name: String, measure: @MainActor (Plan) async throws -> [Metric])] = [
    ("delivery", { try await deliveryMetrics($0) }),
    ("throughput", { try await throughputMetrics($0) }),
    ("socket-delivery", { try await socketDeliveryMetrics($0) }),
    ("sessions", { try await sessionMetrics($0) }),
    ("launch", { try await launchMetrics($0) }),
    ("app-launch", { try await appLaunchMetrics($0) }),
    ("extension-launch", { try await extensionLaunchMetrics($0) }),
    ("hydrator", { try await hydratorMetrics($0) }),
    ("transport", { try await socketMetrics($0) }),
    ("search", { searchMetrics($0) }),
    ("index", { indexBuildMetrics($0) }),
    ("vocabulary", { try vocabularyMetrics($0) }),
    ("store", { try storeMetrics($0) }),
    ("daemon", { try await daemonMetrics($0) }),
    ("wyoming", { try await wyomingMetrics($0) }),
]
