/// How spoken words' letters are folded before they are compared: accents dropped (`é` → `e`,
/// `ß` → `ss`), letters lowercased. The assistant's matching folds every word so; an app's own
/// search folds its titles the same way (`folding(_:)`), so "creme brulee" finds "Crème Brûlée"
/// in both.
public enum AccentFolding {
    /// `text` with the accents of its letters folded as matching folds them (`é` → `e`, `ß` →
    /// `ss`), other letters lowercased, combining marks dropped and any other character kept.
    public static func folding(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard !scalar.isASCII else {
                folded.append(scalar)
                continue
            }
            switch fold(scalar) {
            case .skip: continue
            case .wordBreak: folded.append(scalar)
            case .scalars(let values): folded.append(contentsOf: values.compactMap(Unicode.Scalar.init))
            }
        }
        return String(folded)
    }

    /// What a non-ASCII scalar contributes to a normalised word.
    package enum Folded {
        /// Nothing, and it does not break the word (apostrophes, combining marks).
        case skip
        /// It separates words.
        case wordBreak
        /// These scalars.
        case scalars([UInt32])
    }

    /// Folds one non-ASCII scalar.
    package static func fold(_ scalar: Unicode.Scalar) -> Folded {
        let value = scalar.value
        if (0xC0..<0x180).contains(value) {
            let folded = latinFolds[Int(value - 0xC0)]
            return folded.isEmpty ? .wordBreak : .scalars(folded)
        }
        switch value {
        case 0x2019, 0x2018, 0x02BC, 0x2032:  // ’ ‘ ʼ ′ used as apostrophes
            return .skip
        default:
            break
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return .skip
        default:
            break
        }
        if properties.isAlphabetic || properties.numericType != nil {
            return .scalars(properties.lowercaseMapping.unicodeScalars.map(\.value))
        }
        return .wordBreak
    }

    /// The folded, lowercased form of U+00C0 through U+017F; empty for the two signs (× ÷).
    private static let latinFolds: [[UInt32]] = [
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i", "d", "n", "o", "o",
        "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "ss", "a", "a", "a", "a", "a", "a", "ae",
        "c", "e", "e", "e", "e", "i", "i", "i", "i", "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u",
        "u", "u", "y", "th", "y", "a", "a", "a", "a", "a", "a", "c", "c", "c", "c", "c", "c", "c", "c", "d",
        "d", "d", "d", "e", "e", "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g", "g", "g", "g",
        "g", "h", "h", "h", "h", "i", "i", "i", "i", "i", "i", "i", "i", "i", "i", "ij", "ij", "j", "j",
        "k", "k", "k", "l", "l", "l", "l", "l", "l", "l", "l", "l", "l", "n", "n", "n", "n", "n", "n", "n",
        "n", "n", "o", "o", "o", "o", "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s", "s",
        "s", "s", "s", "s", "s", "t", "t", "t", "t", "t", "t", "u", "u", "u", "u", "u", "u", "u", "u", "u",
        "u", "u", "u", "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "s"
    ].map { $0.unicodeScalars.map(\.value) }
}
