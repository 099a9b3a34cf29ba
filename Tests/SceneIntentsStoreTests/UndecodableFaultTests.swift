import Foundation
import SceneIntentsStore
import Testing

/// A record that passes its checksum but is not the log's type is reported in one short phrase a
/// user can read (which key, what was expected), not as the decoder's debug dump.
struct UndecodableFaultTests {
    struct Drink: Codable, Equatable, Sendable {
        var ounces: Int
        var kind: String
        var sizes: [Int]
    }

    @Test func eachUndecodableRecordSaysWhatIsWrongInAPhrase() throws {
        try withScratchPath("drinks.log") { path in
            let drinks = RecordLog<Drink>(path: path)
            let payloads = [
                #"{"kind":"water"}"#, #"{"kind":"tea","ounces":"eight","sizes":[]}"#, #"{"kind":"tea","ounces":8,"sizes":[1,null]}"#,
                #"{"kind":"#, "[1,2]",
            ]
            for payload in payloads { try drinks.log.append(Data(payload.utf8)) }
            let reasons = try drinks.read().warnings.map { warning -> String in
                guard case .undecodable(_, let reason) = warning else { return "\(warning)" }
                return reason
            }
            #expect(reasons == [
                "the key “ounces” is missing",
                "“ounces” is not a whole number",
                "“sizes.1” is null, not a whole number",
                "it is not valid JSON",
                "it is not a JSON object",
            ])
        }
    }
}
