import SceneIntents

/// What the assistant says: a full dialog, and a shorter one for a screen that shows more.
///
/// The assistant of this package speaks the full dialog.
public struct IntentDialog: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The dialog spoken and shown.
    public var full: LocalizedStringResource
    /// A shorter dialog for a screen that shows the rest; kept, not spoken.
    public var supporting: LocalizedStringResource

    /// A dialog.
    public init(_ resource: LocalizedStringResource) {
        full = resource
        supporting = resource
    }

    /// A dialog with its full and supporting wordings.
    public init(full: LocalizedStringResource, supporting: LocalizedStringResource) {
        self.full = full
        self.supporting = supporting
    }

    /// A dialog from a literal.
    public init(stringLiteral value: String) {
        self.init(LocalizedStringResource(stringLiteral: value))
    }

    /// A dialog from an interpolation.
    public init(stringInterpolation: String.LocalizationValue.StringInterpolation) {
        self.init(LocalizedStringResource(stringInterpolation: stringInterpolation))
    }

    /// The full dialog's text.
    public var description: String { full.description }
}

/// What an intent does, as Shortcuts describes it: a sentence, a category, search keywords.
public struct IntentDescription: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The description.
    public var descriptionText: LocalizedStringResource
    /// The category Shortcuts files it under, if any.
    public var categoryName: LocalizedStringResource?
    /// Words a search finds it by.
    public var searchKeywords: [LocalizedStringResource]
    /// A name for the result it returns, if any.
    public var resultValueName: LocalizedStringResource?

    /// A description.
    public init(
        _ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
        searchKeywords: [LocalizedStringResource] = [], resultValueName: LocalizedStringResource? = nil
    ) {
        self.descriptionText = descriptionText
        self.categoryName = categoryName
        self.searchKeywords = searchKeywords
        self.resultValueName = resultValueName
    }

    /// A description from a literal.
    public init(stringLiteral value: String) {
        self.init(LocalizedStringResource(stringLiteral: value))
    }

    /// A description from an interpolation.
    public init(stringInterpolation: String.LocalizationValue.StringInterpolation) {
        self.init(LocalizedStringResource(stringInterpolation: stringInterpolation))
    }
}

/// How one value is shown and said: a title, a subtitle, an image, other words for it.
///
/// The assistant offers entities and enum cases with it (a pick list's title, subtitle and
/// image) and takes its synonyms as words that name the value.
public struct DisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The title shown and spoken.
    public var title: LocalizedStringResource
    /// A second line, if any.
    public var subtitle: LocalizedStringResource?
    /// An image, if any.
    public var image: Image?
    /// Other words that name the value.
    public var synonyms: [LocalizedStringResource]

    /// A representation.
    public init(
        title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil,
        synonyms: [LocalizedStringResource] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.synonyms = synonyms
    }

    /// A representation titled with a literal.
    public init(stringLiteral value: String) {
        self.init(title: LocalizedStringResource(stringLiteral: value))
    }

    /// A representation titled with an interpolation.
    public init(stringInterpolation: String.LocalizationValue.StringInterpolation) {
        self.init(title: LocalizedStringResource(stringInterpolation: stringInterpolation))
    }

    /// An image: a symbol's name, an image the app ships, or one at a URL.
    public struct Image: Sendable, Hashable {
        /// The image's name, as a pick list's item names it.
        public let name: String

        /// A system symbol (`"cup.and.saucer"`).
        public init(systemName: String, isTemplate: Bool = false) {
            name = systemName
        }

        /// An image the app ships.
        public init(named: String, isTemplate: Bool = false) {
            name = named
        }

        /// An image at a URL.
        public init(url: URL, isTemplate: Bool = false) {
            name = url.absoluteString
        }

        /// An image from its bytes: named by their count (nothing here draws it).
        public init(data: Data, isTemplate: Bool = false) {
            name = "data:\(data.count) bytes"
        }
    }

    /// The representation as the engine offers a value: `identifier`, title, subtitle, image.
    func displayItem(identifier: String) -> DisplayItem {
        DisplayItem(
            identifier: identifier, title: title.description, subtitle: subtitle?.description, imageName: image?.name)
    }
}

/// How a type is named to the user ("Drink"), and its count form ("\(placeholder(.int)) drinks").
public struct TypeDisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The type's name.
    public var name: LocalizedStringResource
    /// How a count of values is said, if given.
    public var numericFormat: LocalizedStringResource?

    /// A representation.
    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) {
        self.name = name
        self.numericFormat = numericFormat
    }

    /// A representation from a literal.
    public init(stringLiteral value: String) {
        self.init(name: LocalizedStringResource(stringLiteral: value))
    }

    /// A representation from an interpolation.
    public init(stringInterpolation: String.LocalizationValue.StringInterpolation) {
        self.init(name: LocalizedStringResource(stringInterpolation: stringInterpolation))
    }
}
