import Foundation
import PropertyListSafety
import TestFixtures
import Testing

/// The XML reader of `PropertyListValue.read` reads what Foundation reads, value for value, and
/// leaves everything outside its subset to Foundation.
struct XMLPropertyListTests {
    /// Every property list and definition file of the demos and the tests: what Xcode and this
    /// package write.
    static let corpus: [String] = {
        let root = Fixtures.testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        var files: [String] = []
        for folder in ["Demos", "Tests"] {
            let walker = FileManager.default.enumerator(atPath: root.appending(path: folder).path)
            while let path = walker?.nextObject() as? String {
                if path.hasSuffix(".plist") || path.hasSuffix(".intentdefinition") { files.append("\(folder)/\(path)") }
            }
        }
        return files.sorted().map { root.appending(path: $0).path }
    }()

    @Test func everyFileOfTheDemosAndTestsIsReadAsFoundationReadsIt() throws {
        #expect(Self.corpus.count >= 20)
        var unread: [String] = []
        for path in Self.corpus {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            // A binary list (one fixture is) is Foundation's to read.
            if data.starts(with: Array("bplist".utf8)) {
                #expect(XMLPropertyList.parse(data) == nil)
                continue
            }
            guard let value = XMLPropertyList.parse(data) else {
                unread.append((path as NSString).lastPathComponent)
                continue
            }
            #expect(value == (try PropertyListValue.readWithFoundation(data)), "\(path)")
        }
        // XML outside the subset is left to Foundation on purpose; none of these files is.
        #expect(unread == [])
    }

    @Test func aListCutShortIsLeftToFoundation() throws {
        for path in Self.corpus {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard !data.starts(with: Array("bplist".utf8)) else { continue }
            // The closing `</plist>` is gone at every cut, so nothing short of the whole is a list.
            for cut in stride(from: 0, to: data.count - 9, by: max(1, data.count / 40)) {
                #expect(XMLPropertyList.parse(data.prefix(cut)) == nil, "\(path) cut at \(cut)")
            }
        }
    }

    @Test func generatedListsAreReadAsFoundationReadsThem() throws {
        var random = SeededRandom(seed: 20261206)
        for round in 0..<200 {
            let value = Self.randomValue(depth: 0, using: &random)
            let data = try PropertyListSerialization.data(fromPropertyList: Self.foundationObject(value), format: .xml, options: 0)
            let read = XMLPropertyList.parse(data)
            #expect(read != nil, "round \(round): \(String(decoding: data, as: UTF8.self))")
            #expect(read == (try PropertyListValue.readWithFoundation(data)), "round \(round)")
        }
    }

    @Test(arguments: [
        "<data>AAEC</data>", "<date>2026-12-01T00:00:00Z</date>", "<string><![CDATA[a]]></string>",
        "<string id=\"1\">a</string>", "<string>a\r\nb</string>", "<dict><key>a</key><true/><key>a</key><false/></dict>",
        "<string>&nbsp;</string>", "<integer>0x10</integer>", "<integer>+5</integer>", "<real>inf</real>",
        "<real>.5</real>", "<integer>99999999999999999999</integer>", "<string>a<!-- b --></string>",
    ])
    func whatIsOutsideTheSubsetIsLeftToFoundation(_ body: String) throws {
        let data = Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">\#(body)</plist>"#.utf8)
        #expect(XMLPropertyList.parse(data) == nil)
        let foundation = Result { () throws(PropertyListError) in try PropertyListValue.readWithFoundation(data) }
        let read = Result { () throws(PropertyListError) in try PropertyListValue.read(data) }
        #expect(read == foundation)
    }

    @Test func referencesCommentsAndEmptyElementsAreRead() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <!-- a comment -->
            <plist version="1.0">
            <dict>
            \t<key>a &amp; b</key><string>&lt;x&gt; &quot;y&quot; &apos;z&apos; &#233;&#x263A;</string>
            \t<key></key><string/>
            \t<key>empty</key><array/>
            \t<!-- between -->
            \t<key>none</key><dict/>
            \t<key>n</key><array><integer>-12</integer><real>2.5e-3</real><true/><false/></array>
            </dict>
            </plist>
            """
        let data = Data(text.utf8)
        let expected: PropertyListValue = .dictionary([
            "a & b": "<x> \"y\" 'z' é☺", "": "", "empty": .array([]), "none": .dictionary([:]),
            "n": .array([-12, 0.0025, true, false]),
        ])
        #expect(XMLPropertyList.parse(data) == expected)
        #expect(try PropertyListValue.readWithFoundation(data) == expected)
    }

    static func randomValue(depth: Int, using random: inout SeededRandom) -> PropertyListValue {
        let kind = depth >= 3 ? Int.random(in: 0..<4, using: &random) : Int.random(in: 0..<6, using: &random)
        switch kind {
        case 0: return .string(randomText(using: &random))
        case 1: return .integer(Int.random(in: Int(Int32.min)...Int(Int32.max), using: &random) * Int.random(in: -3...3, using: &random))
        case 2: return .real(Double.random(in: -1e6...1e6, using: &random))
        case 3: return .boolean(Bool.random(using: &random))
        case 4: return .array((0..<Int.random(in: 0..<4, using: &random)).map { _ in randomValue(depth: depth + 1, using: &random) })
        default:
            var entries: [String: PropertyListValue] = [:]
            for _ in 0..<Int.random(in: 0..<4, using: &random) { entries[randomText(using: &random)] = randomValue(depth: depth + 1, using: &random) }
            return .dictionary(entries)
        }
    }

    static func randomText(using random: inout SeededRandom) -> String {
        let pieces = ["a", "Z", " ", "  ", "\t", "\n", "<", ">", "&", "\"", "'", "é", "☺", "🍲", "0", "-", ";", "]]>", "#"]
        return (0..<Int.random(in: 0..<8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func foundationObject(_ value: PropertyListValue) -> Any {
        switch value {
        case .string(let text): text
        case .integer(let number): number
        case .real(let number): number
        case .boolean(let flag): flag
        case .date(let date): date
        case .data(let data): data
        case .array(let items): items.map(foundationObject)
        case .dictionary(let entries): entries.mapValues(foundationObject)
        }
    }
}
