/// One generated Swift file.
public struct GeneratedFile: Sendable, Equatable {
    /// The file name (`Hydrator.swift` for `Hydrator.intentdefinition`).
    public var name: String
    /// The Swift source.
    public var contents: String
}

/// What a generation run produced.
public struct GenerationResult: Sendable, Equatable {
    /// One Swift file per definition file, in input order.
    public var files: [GeneratedFile]
    /// What was left out, in input order.
    public var warnings: [GenerationWarning]
}

/// Turns definition files into Swift for SceneIntents.
///
/// Output depends only on the files' contents and names, so it is byte-identical across runs.
/// Files generated together share one module: a name two of them define is generated once (the
/// first) and reported for the others.
public enum IntentGenerator {
    /// The generated file's name for a definition file path: its name without the extension, plus
    /// `.swift`.
    public static func outputName(for path: String) -> String {
        baseName(of: path) + ".swift"
    }

    static func baseName(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Generates Swift for each file.
    public static func generate(_ files: [IntentDefinitionFile]) -> GenerationResult {
        var names = NameRegistry()
        var result = GenerationResult(files: [], warnings: [])
        for file in files {
            var planner = FilePlanner(file: file)
            let plan = planner.plan(claiming: &names)
            result.warnings += planner.warnings
            result.files.append(GeneratedFile(name: outputName(for: file.file), contents: FileEmitter(plan: plan).emit()))
        }
        return result
    }
}

/// The top-level names generated so far in one module.
struct NameRegistry {
    private var taken = reservedTypeNames

    /// Takes all `names`, or none when one is taken (returning it).
    mutating func claim(_ names: [String]) -> String? {
        if let clash = names.first(where: { taken.contains($0) }) { return clash }
        guard Set(names).count == names.count else { return names.first { name in names.filter { $0 == name }.count > 1 } }
        taken.formUnion(names)
        return nil
    }
}
