import DurableFiles
import Foundation
import PropertyListSafety

/// A whole `.intentdefinition` file, typed: what Xcode's intent editor saved.
///
/// Reading never traps, whatever the bytes: anything unusable is an `IntentDefinitionError`
/// naming the file and the key path.
public struct IntentDefinitionFile: Sendable, Equatable {
    /// The file's name as given to the reader (used in messages and generated comments).
    public var file: String
    /// `1.0` (Xcode 10), `1.1` (Xcode 11), `1.2` (Xcode 12–16), if written.
    public var modelVersion: String?
    /// The file's namespace (absent in model 1.0).
    public var namespace: String?
    /// The Xcode version that saved it.
    public var toolsVersion: String?
    /// The intents, in file order.
    public var intents: [DefinedIntent]
    /// The enums, in file order.
    public var enums: [DefinedEnum]
    /// The custom types, in file order.
    public var types: [DefinedType]

    /// The largest file read, in bytes (16 MiB; Xcode's files are a few kilobytes): a larger
    /// one is refused before it is read.
    public static let maximumFileSize = 16 << 20

    /// Reads the file at `path`.
    ///
    /// - Throws: `IntentDefinitionError` (`unreadable`) for a path that is not a regular file or
    ///   is larger than `maximumFileSize`, or that cannot be read; else as `init(data:file:)`.
    public init(contentsOf path: String) throws(IntentDefinitionError) {
        let bytes: [UInt8]
        do throws(ReadFailure) { bytes = try FileContents.bytes(atPath: path, limit: Self.maximumFileSize) } catch {
            let message =
                switch error {
                case .open(let code), .status(let code), .read(let code): "cannot read the file (\(String(cString: strerror(code))))"
                case .notRegularFile(let mode):
                    // Anything but a regular file is refused unread: a FIFO would block the read.
                    "cannot read the file: it is \(Self.kinds[mode] ?? "not a regular file"); give an .intentdefinition file"
                case .tooLarge: "cannot read the file: it is larger than \(Self.maximumFileSize >> 20) MiB, the most an intent definition may be"
                }
            throw IntentDefinitionError(code: .unreadable, file: path, keyPath: "", message: message)
        }
        try self.init(data: Data(bytes), file: path)
    }

    /// What a path that is not a regular file is, by its `st_mode` kind, for the sentence refusing it.
    private static let kinds: [mode_t: String] = [
        S_IFDIR: "a directory", S_IFIFO: "a FIFO, not a file", S_IFCHR: "a device, not a file", S_IFBLK: "a device, not a file",
        S_IFSOCK: "a socket, not a file",
    ]

    /// Reads a definition from XML or binary property-list bytes; `file` names it in errors.
    public init(data: Data, file: String) throws(IntentDefinitionError) {
        let value: PropertyListValue
        do throws(PropertyListError) { value = try PropertyListValue.read(data) } catch {
            throw IntentDefinitionError(
                code: .notAPropertyList, file: file, keyPath: "",
                message: error.code == .tooDeep
                    ? "the property list \(error.reason)" : "not a property list (\(error.reason)); save it again from Xcode")
        }
        let root = PropertyListNode(value: value, path: "", file: file)
        guard case .dictionary = root.value else {
            throw root.failure(
                .wrongType, nil, root.value,
                "expected a dictionary with INIntents at the top, found \(root.value.kindName)")
        }
        self.file = file
        modelVersion = try root.optionalString("INIntentDefinitionModelVersion")
        namespace = try root.optionalString("INIntentDefinitionNamespace")
        toolsVersion = try root.optionalString("INIntentDefinitionToolsVersion")
        intents = try unique(root.array("INIntents"), \.name, key: "INIntentName", DefinedIntent.init)
        enums = try unique(root.array("INEnums"), \.name, key: "INEnumName", DefinedEnum.init)
        types = try unique(root.array("INTypes"), \.name, key: "INTypeName", DefinedType.init)
    }

    /// The file's enum a reference names, if it is the file's own.
    public func enumeration(_ reference: TypeReference) -> DefinedEnum? {
        guard !reference.isSystem else { return nil }
        return enums.first { $0.name == reference.name }
    }

    /// The file's custom type a reference names, if it is the file's own.
    public func type(_ reference: TypeReference) -> DefinedType? {
        guard !reference.isSystem else { return nil }
        return types.first { $0.name == reference.name }
    }
}
