/// How a value is shown and spoken when the assistant offers it: a rich item of a list.
public struct DisplayItem: Sendable, Hashable, Codable {
    /// A stable identifier, unique within the list it appears in.
    public var identifier: String
    /// The title shown and spoken.
    public var title: String
    /// A second line (for example "25 min · serves 4").
    public var subtitle: String?
    /// The name of an image the app ships.
    public var imageName: String?
    /// How to pronounce the title when it is unusual.
    public var pronunciationHint: String?

    /// A display item; only the identifier and the title are required.
    public init(
        identifier: String, title: String, subtitle: String? = nil, imageName: String? = nil,
        pronunciationHint: String? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.subtitle = subtitle
        self.imageName = imageName
        self.pronunciationHint = pronunciationHint
    }
}
