/// Fills `${name}` placeholders in a dialog or prompt template.
public enum DialogTemplate {
    /// The template with each `${name}` replaced by `values[name]`; a placeholder with no value is
    /// left as it stands, so a missing value shows instead of vanishing.
    public static func render(_ template: String, _ values: [String: String]) -> String {
        guard template.contains("${") else { return template }
        var result = ""
        var rest = template[...]
        while let open = rest.range(of: "${") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                result += rest[open.lowerBound...]
                return result
            }
            let name = String(rest[open.upperBound..<close])
            result += values[name] ?? "${\(name)}"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
