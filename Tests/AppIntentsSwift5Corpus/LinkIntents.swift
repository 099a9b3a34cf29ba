import SceneAppIntents

// A bookmarks app: options from a provider, a list every bookmark is in (an enumerable query),
// a picked value asked for in perform(), and an intent whose result opens a URL.

struct FolderOptionsProvider: DynamicOptionsProvider {
    func results() async throws -> [String] {
        ["Reading", "Work", "Recipes"]
    }
}

struct BookmarkEntity: AppEntity {
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Bookmark"
    static var defaultQuery = BookmarkQuery()

    var id: String
    var name: String
    var url: URL

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)", subtitle: "\(url.host ?? "")", image: DisplayRepresentation.Image(url: url))
    }
}

struct BookmarkQuery: EnumerableEntityQuery {
    func allEntities() async throws -> [BookmarkEntity] {
        Bookmarks.all.map { BookmarkEntity(id: $0.0, name: $0.1, url: $0.2) }
    }
}

struct OpenBookmarkIntent: AppIntent {
    static var title: LocalizedStringResource = "Open Bookmark"

    @Parameter(title: "Bookmark")
    var bookmark: BookmarkEntity?

    @Parameter(title: "Folder", optionsProvider: FolderOptionsProvider())
    var folder: String?

    func perform() async throws -> some IntentResult & OpensIntent {
        var chosen = bookmark
        if chosen == nil {
            let all = try await BookmarkQuery().allEntities()
            chosen = try await $bookmark.requestDisambiguation(among: all, dialog: "Which bookmark?")
        }
        guard let bookmark = chosen else { throw $bookmark.needsValueError() }
        return .result(opensIntent: OpenURLIntent(bookmark.url))
    }
}
