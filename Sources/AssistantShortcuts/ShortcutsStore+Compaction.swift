import Foundation
import SceneIntentsStore

extension ShortcutsStore {
    /// Rewrites the log as the state it replays to: the donations kept, the voice shortcuts'
    /// records, the last suggestions. What it cannot read (a record of another version, a
    /// donation of an intent the app no longer defines) is kept as it is. Under the log's lock,
    /// so no other process's append is lost; this store and the others see the new file and
    /// replay it.
    func compact() throws(StoreError) {
        let catalog = catalog
        try log.log.rewrite { raw in
            let decoder = JSONDecoder()
            var state = ShortcutsState()
            var unread: [Data] = []
            var voiceShortcuts: [Data] = []
            var suggestions: Data?
            for record in raw {
                guard let value = try? decoder.decode(ShortcutsRecord.self, from: record.payload) else {
                    unread.append(record.payload)
                    continue
                }
                let skipped = state.skipped.count
                state.apply(value, catalog: catalog)
                if state.skipped.count > skipped {
                    unread.append(record.payload)
                    continue
                }
                switch value {
                case .donated, .deletedDonations: break
                case .suggested: suggestions = record.payload
                case .voiceShortcutAdded, .voiceShortcutRephrased, .voiceShortcutDeleted: voiceShortcuts.append(record.payload)
                }
            }
            // The kept donations, written again as they were frozen (the same encoder).
            let donations = state.donations.compactMap { donation -> Data? in
                guard let frozen = try? Frozen(donation) else { return nil }
                return try? log.encode(.donated(frozen))
            }
            return unread + voiceShortcuts + (suggestions.map { [$0] } ?? []) + donations
        }
    }
}
