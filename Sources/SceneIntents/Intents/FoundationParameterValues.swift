import Foundation

// The value types an intent definition's URL, date and plain-object parameters map to.

extension URL: ParameterValue {
    /// The URL's text, as identifier and title.
    public var displayItem: DisplayItem { DisplayItem(identifier: absoluteString, title: absoluteString) }
    /// The words as a URL, when they are one with a scheme (`https://…`, `file:///…`).
    public static func fromSpoken(_ text: String, identifier: String?) -> URL? {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)), url.scheme != nil else { return nil }
        return url
    }
}

extension DateComponents: ParameterValue {
    /// `2026-12-01`, `14:30` or `2026-12-01 14:30`: the fields that are set, in ISO order.
    public var displayItem: DisplayItem {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        var parts: [String] = []
        if let year, let month, let day { parts.append("\(year)-\(two(month))-\(two(day))") }
        if let hour { parts.append("\(two(hour)):\(two(minute ?? 0))") }
        let text = parts.isEmpty ? "no date" : parts.joined(separator: " ")
        return DisplayItem(identifier: text, title: text)
    }

    /// Reads `yyyy-MM-dd`, `HH:mm` or both (separated by a space or `T`).
    public static func fromSpoken(_ text: String, identifier: String?) -> DateComponents? {
        var result = DateComponents()
        let parts = text.trimmingCharacters(in: .whitespaces).split(whereSeparator: { $0 == " " || $0 == "T" })
        guard (1...2).contains(parts.count) else { return nil }
        for part in parts {
            let date = part.split(separator: "-").compactMap { Int($0) }
            let time = part.split(separator: ":").compactMap { Int($0) }
            if date.count == 3, result.year == nil, (1...12).contains(date[1]), (1...31).contains(date[2]) {
                (result.year, result.month, result.day) = (date[0], date[1], date[2])
            } else if time.count == 2, result.hour == nil, (0..<24).contains(time[0]), (0..<60).contains(time[1]) {
                (result.hour, result.minute) = (time[0], time[1])
            } else {
                return nil
            }
        }
        return result
    }
}

extension DisplayItem: ParameterValue {
    /// The item itself.
    public var displayItem: DisplayItem { self }
    /// An item titled with the words, identified by the matched entity (else by the words).
    public static func fromSpoken(_ text: String, identifier: String?) -> DisplayItem? {
        let title = text.trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? nil : DisplayItem(identifier: identifier ?? title, title: title)
    }
}
