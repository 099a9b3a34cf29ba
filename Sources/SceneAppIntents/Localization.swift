// Foundation's localized-string types as Apple platforms have them and Linux's Foundation does
// not. Every string is taken in its development language: the text is what the interpolation
// makes, the key the format Apple's tables would be looked up with ("Log %@ ounces").

/// A localizable string: its key and the text in the development language.
///
/// Made from a literal or an interpolation (`"Log \(ounces) ounces"`); `description` and
/// `String(localized:)` give the text. The table, locale, bundle and comment are kept as given;
/// no table is read.
public struct LocalizedStringResource: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible,
    CustomLocalizedStringResourceConvertible
{
    /// The lookup key: the text with each interpolation as `%@`.
    public var key: String
    /// The text, with its interpolations made.
    public var defaultValue: String.LocalizationValue
    /// The strings table named, if any.
    public var table: String?
    /// The locale asked for.
    public var locale: Locale
    /// Where the table would be found.
    public var bundle: BundleDescription
    /// The comment for translators, if any.
    public var comment: String?

    /// A resource whose key and text are the same value.
    public init(
        _ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
        bundle: BundleDescription = .main, comment: StaticString? = nil
    ) {
        self.init(key: keyAndValue.key, value: keyAndValue, table: table, locale: locale, bundle: bundle, comment: comment)
    }

    /// A resource with a key of its own and a text.
    public init(
        _ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
        bundle: BundleDescription = .main, comment: StaticString? = nil
    ) {
        self.init(key: key.description, value: defaultValue, table: table, locale: locale, bundle: bundle, comment: comment)
    }

    private init(
        key: String, value: String.LocalizationValue, table: String?, locale: Locale, bundle: BundleDescription,
        comment: StaticString?
    ) {
        self.key = key
        defaultValue = value
        self.table = table
        self.locale = locale
        self.bundle = bundle
        self.comment = comment?.description
    }

    /// A resource from a literal.
    public init(stringLiteral value: String) {
        self.init(String.LocalizationValue(stringLiteral: value))
    }

    /// A resource from an interpolation.
    public init(stringInterpolation: String.LocalizationValue.StringInterpolation) {
        self.init(String.LocalizationValue(stringInterpolation: stringInterpolation))
    }

    /// The text.
    public var description: String { defaultValue.text }

    /// Itself.
    public var localizedStringResource: LocalizedStringResource { self }

    /// Where a strings table lives: the main bundle, or a bundle at a URL.
    public struct BundleDescription: Sendable, Hashable {
        /// The bundle's URL; nil for the main bundle.
        public let url: URL?

        /// The app's main bundle.
        public static let main = BundleDescription(url: nil)

        /// The bundle at `url`.
        public static func atURL(_ url: URL) -> BundleDescription { BundleDescription(url: url) }

        /// The bundle a class is in: the main bundle here (one executable, one bundle).
        public static func forClass(_ type: AnyClass) -> BundleDescription { .main }
    }
}

/// A type that says itself as a localizable string: dialogs and interpolations use it.
public protocol CustomLocalizedStringResourceConvertible {
    /// The value as a localizable string.
    var localizedStringResource: LocalizedStringResource { get }
}

extension String {
    /// A localizable value: the key a table would be looked up with and the text in the
    /// development language.
    public struct LocalizationValue: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
        /// The key: the literal text with each interpolation as a format specifier.
        public let key: String
        /// The text, with its interpolations made.
        public let text: String

        /// A value from a literal (its own key).
        public init(stringLiteral value: String) {
            key = value
            text = value
        }

        /// A value from an interpolation.
        public init(stringInterpolation: StringInterpolation) {
            key = stringInterpolation.key
            text = stringInterpolation.text
        }

        /// A value from a string made at run time (its own key).
        public init(_ value: String) {
            self.init(stringLiteral: value)
        }

        /// The text.
        public var description: String { text }

        /// Builds a value: literals as written; values as dialogs say them (an `AppEnum` case or
        /// an `AppEntity` by its display title, a `CustomLocalizedStringResourceConvertible` by
        /// its resource, anything else as `String(describing:)` writes it).
        public struct StringInterpolation: StringInterpolationProtocol, Sendable {
            var key = ""
            var text = ""

            /// An empty interpolation.
            public init(literalCapacity: Int, interpolationCount: Int) {
                key.reserveCapacity(literalCapacity + 2 * interpolationCount)
                text.reserveCapacity(literalCapacity)
            }

            /// Appends literal text.
            public mutating func appendLiteral(_ literal: String) {
                key += literal.replacingOccurrences(of: "%", with: "%%")
                text += literal
            }

            /// Appends a value as a dialog says it.
            public mutating func appendInterpolation<T>(_ value: T) {
                key += "%@"
                text += SpokenText.of(value)
            }

            /// Appends a number formatted with a `printf` specifier (`"%.1f"`).
            public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
                key += specifier
                text += String(format: specifier, value)
            }

            /// Appends a value formatted with a format style (`\(date, format: .dateTime)`).
            public mutating func appendInterpolation<F: FormatStyle>(_ value: F.FormatInput, format: F)
            where F.FormatOutput == String {
                key += "%@"
                text += format.format(value)
            }
        }
    }

    /// The text of a localizable value (the development language's).
    public init(
        localized keyAndValue: String.LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
        locale: Locale = .current, comment: StaticString? = nil
    ) {
        self = keyAndValue.text
    }

    /// The text of a value looked up by its own key.
    public init(
        localized key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
        locale: Locale = .current, comment: StaticString? = nil
    ) {
        self = defaultValue.text
    }

    /// The text of a resource.
    public init(localized resource: LocalizedStringResource) {
        self = resource.description
    }
}

/// How a value is said inside a dialog.
enum SpokenText {
    /// The words for `value`: its display title, its resource, or its description.
    static func of<T>(_ value: T) -> String {
        if let text = value as? String { return text }
        if let member = value as? any AppEnum { return member.displayTitle }
        if let entity = value as? any AppEntity { return entity.displayRepresentation.title.description }
        if let resource = value as? any CustomLocalizedStringResourceConvertible {
            return resource.localizedStringResource.description
        }
        return String(describing: value)
    }
}
