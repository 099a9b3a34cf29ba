/// Finds the demos' development bundles (`Demos/*/Bundle`) in a source checkout.
///
/// The demos ship their `<Name>.app/Info.plist` in the repository, without executables; with
/// the build directory as an executable search directory, `BundleRegistry` serves them straight
/// from a fresh clone after `swift build`.
public enum DemoBundles {
    /// The `Demos/*/Bundle` folders of the checkout holding `sourceFile` (by default the caller's
    /// own source file, so a program built from the checkout finds the checkout), sorted; empty
    /// when no enclosing folder has both `Package.swift` and `Demos`.
    public static func appsFolders(besideSource sourceFile: String = #filePath) -> [String] {
        guard let root = checkoutRoot(containing: sourceFile) else { return [] }
        let demos = Path.join(root, "Demos")
        guard case .success(let names) = FileProbe.entries(demos) else { return [] }
        return names.map { Path.join(Path.join(demos, $0), "Bundle") }.filter { FileProbe.kind($0) == .directory }
    }

    /// The nearest enclosing folder of `file` holding `Package.swift` and `Demos`.
    static func checkoutRoot(containing file: String) -> String? {
        var folder = Path.absolute(file)
        while folder != "/" && !folder.isEmpty {
            folder = Path.parent(folder)
            if FileProbe.kind(Path.join(folder, "Package.swift")) != .missing
                && FileProbe.kind(Path.join(folder, "Demos")) == .directory
            {
                return folder
            }
        }
        return nil
    }
}
