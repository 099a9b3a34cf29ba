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

extension Date: ParameterValue {
    /// `2026-12-01 14:30` in the current time zone, identified by the instant in ISO 8601 (UTC).
    public var displayItem: DisplayItem {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: self)
        return DisplayItem(identifier: ISO8601DateFormatter().string(from: self), title: parts.displayItem.title)
    }

    /// Reads `yyyy-MM-dd` (midnight), `yyyy-MM-dd HH:mm` in the current time zone, or an ISO 8601
    /// instant (`2026-12-01T14:30:00Z`).
    public static func fromSpoken(_ text: String, identifier: String?) -> Date? {
        let words = text.trimmingCharacters(in: .whitespaces)
        if let instant = ISO8601DateFormatter().date(from: identifier ?? words) { return instant }
        guard let parts = DateComponents.fromSpoken(words, identifier: nil), parts.year != nil else { return nil }
        return Calendar.current.date(from: parts)
    }
}

extension Measurement: ParameterValue where UnitType: Dimension {
    /// The value with its unit's symbol (`3.0 mi`).
    public var displayItem: DisplayItem { DisplayItem(identifier: description, title: description) }

    /// A number followed by one of the dimension's units, by symbol or by name (`5 km`,
    /// `3 miles`, `20 °C`); a number alone makes none (it has no unit).
    public static func fromSpoken(_ text: String, identifier: String?) -> Measurement? {
        let words = text.trimmingCharacters(in: .whitespaces)
        guard let split = words.firstIndex(where: { !($0.isNumber || $0 == "." || $0 == "-") }),
            let value = Double(words[..<split])
        else { return nil }
        let name = words[split...].trimmingCharacters(in: .whitespaces).lowercased()
        guard let unit = SpokenUnits.unit(named: name, of: UnitType.self) else { return nil }
        return Measurement(value: value, unit: unit)
    }
}

/// The units a spoken measurement may name, by dimension: each by its symbol and its names.
enum SpokenUnits {
    /// The unit of dimension `D` that `name` (lowercased) names, if any.
    static func unit<D: Dimension>(named name: String, of dimension: D.Type) -> D? {
        for (unit, names) in table where unit is D {
            if unit.symbol.lowercased() == name || names.contains(name) { return unit as? D }
        }
        return nil
    }

    private static var table: [(Dimension, [String])] {
        [
            (UnitLength.meters, ["meter", "meters", "metre", "metres"]), (UnitLength.kilometers, ["kilometer", "kilometers"]),
            (UnitLength.centimeters, ["centimeter", "centimeters"]), (UnitLength.miles, ["mile", "miles"]),
            (UnitLength.feet, ["foot", "feet"]), (UnitLength.inches, ["inch", "inches"]), (UnitLength.yards, ["yard", "yards"]),
            (UnitMass.kilograms, ["kilogram", "kilograms", "kilo", "kilos"]), (UnitMass.grams, ["gram", "grams"]),
            (UnitMass.pounds, ["pound", "pounds"]), (UnitMass.ounces, ["ounce", "ounces"]),
            (UnitVolume.liters, ["liter", "liters", "litre", "litres"]), (UnitVolume.milliliters, ["milliliter", "milliliters"]),
            (UnitVolume.fluidOunces, ["fluid ounce", "fluid ounces", "oz", "ounce", "ounces"]), (UnitVolume.cups, ["cup", "cups"]),
            (UnitDuration.seconds, ["second", "seconds", "sec"]), (UnitDuration.minutes, ["minute", "minutes", "min"]),
            (UnitDuration.hours, ["hour", "hours"]),
            (UnitTemperature.celsius, ["celsius", "degrees celsius", "c"]), (UnitTemperature.fahrenheit, ["fahrenheit", "f"]),
            (UnitSpeed.kilometersPerHour, ["kilometers per hour", "kph"]), (UnitSpeed.milesPerHour, ["miles per hour", "mph"]),
            (UnitEnergy.kilocalories, ["kilocalorie", "kilocalories", "calories", "kcal"]),
        ]
    }
}
