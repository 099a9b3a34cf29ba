import Foundation
import SceneIntents

/// An app's intents and enums as an intent definition file (`.intentdefinition`, the XML
/// property list Xcode writes and copies into a bundle), both ways.
///
/// `data(of:)` writes a `CatalogDescription` as a file; `description(of:)` reads a file into one
/// by the rules the generator makes Swift by (`DefinitionRules.swift`), so a definition read
/// from a bundle and the same definition generated into Swift describe the same catalog. A
/// description written and read back is its `definitionPart(of:)`: Apple's format has no key for
/// whether an intent is deprecated nor for its suggested invocation phrase (`AppBundleData`
/// keeps those in `SceneIntents.plist`).
public enum IntentDefinitionFormat {
    /// What the generator makes of `files` generated together (into one module, as
    /// `IntentGenerator.generate(_:)` does), as one description: the generated intents (sorted by
    /// type name) and the enums their parameters use (sorted by name), with the warnings for
    /// what it leaves out.
    public static func description(of files: [IntentDefinitionFile]) -> (description: CatalogDescription, warnings: [GenerationWarning]) {
        var names = NameRegistry()
        var intents: [IntentDescription] = []
        var enums: [DefinedEnum] = []
        var warnings: [GenerationWarning] = []
        for file in files {
            var planner = FilePlanner(file: file)
            let plan = planner.plan(claiming: &names)
            intents += plan.intents.map(\.description)
            enums += plan.enums
            warnings += planner.warnings
        }
        let used = Set(intents.flatMap { $0.parameters.map(\.valueTypeName) })
        return (
            CatalogDescription(
                intents: intents.sorted { $0.typeName < $1.typeName },
                enums: enums.filter { used.contains($0.name) }.map(\.enumDescription).sorted { $0.typeName < $1.typeName }),
            warnings
        )
    }

    /// The description a bundle's definition file holds: as `description(of:)`, but anything
    /// the generator would leave out is an error, since the app's code handles every intent its
    /// bundle lists.
    ///
    /// - Throws: `IntentDefinitionError` naming `file` and the key path: the bytes are not a
    ///   definition, a key is missing or of the wrong type, a parameter's type is not one
    ///   SceneIntents models, or an intent is otherwise left out.
    public static func read(_ data: Data, file: String) throws(IntentDefinitionError) -> CatalogDescription {
        guard data.count <= IntentDefinitionFile.maximumFileSize else {
            throw IntentDefinitionError(
                code: .unreadable, file: file, keyPath: "",
                message: "the file is larger than \(IntentDefinitionFile.maximumFileSize >> 20) MiB, the most an intent definition may be")
        }
        let definition = try IntentDefinitionFile(data: data, file: file)
        let mapping = TypeMapping(enums: Set(definition.enums.map(\.name)), types: Set(definition.types.map(\.name)))
        for (index, intent) in definition.intents.enumerated() {
            let path = "INIntents[\(index)]"
            guard !intent.isSystem else {
                throw IntentDefinitionError(
                    code: .invalidValue, file: file, keyPath: "\(path).INIntentType", value: "System",
                    message: "intent '\(intent.name)' customizes one of Apple's intents, which SceneIntents does not serve")
            }
            let declarations = intent.parameters.map { ($0.declaration, "INIntentParameterType") }
                + (intent.response?.parameters ?? []).map { ($0, "INIntentResponseParameterType") }
            for (declaration, key) in declarations {
                guard case .failure(let unmodelled) = mapping.map(declaration) else { continue }
                throw IntentDefinitionError(
                    code: .invalidValue, file: file, keyPath: "\(declaration.keyPath).\(key)", value: declaration.type.displayName,
                    message: "'\(declaration.name)' of intent '\(intent.name)': \(unmodelled.reason)")
            }
        }
        let (description, warnings) = Self.description(of: [definition])
        let leftOut: Set<GenerationWarning.Code> = [.intentSkipped, .nameTaken, .systemIntent]
        if let warning = warnings.first(where: { leftOut.contains($0.code) }) {
            throw IntentDefinitionError(code: .invalidValue, file: file, keyPath: "INIntents", value: warning.subject, message: warning.message)
        }
        return description
    }

    /// What a definition file holds of `description`: all of it but whether each intent is
    /// deprecated and its suggested invocation phrase, which Apple's format has no key for.
    public static func definitionPart(of description: CatalogDescription) -> CatalogDescription {
        var description = description
        for index in description.intents.indices {
            description.intents[index].isDeprecated = false
            description.intents[index].suggestedInvocationPhrase = nil
        }
        return description
    }

    /// The description as a definition file: XML property list bytes, the same for the same
    /// description (keys sorted).
    ///
    /// - Throws: `IntentDefinitionWriteError` naming the intent (or enum) and what the format
    ///   cannot say of it, such as a custom response code that does not follow the one before.
    public static func data(of description: CatalogDescription) throws(IntentDefinitionWriteError) -> Data {
        let root = try DefinitionWriter(description: description).propertyList()
        do {
            return try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
        } catch {
            throw IntentDefinitionWriteError(subject: "the file", problem: "cannot be serialized (\(error))")
        }
    }
}

/// Why a description cannot be written as an intent definition file.
public struct IntentDefinitionWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The intent, parameter or enum concerned.
    public let subject: String
    /// What the format cannot say of it.
    public let problem: String

    /// An error.
    public init(subject: String, problem: String) {
        self.subject = subject
        self.problem = problem
    }

    /// `<subject>: <problem>`.
    public var description: String { "\(subject): \(problem)" }
}
