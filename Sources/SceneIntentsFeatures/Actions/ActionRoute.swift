import Foundation
import SceneIntents

/// The URL route an action declares: `scheme://PATH?name=value…`, parsed into the action's input
/// and made from it (a user activity carries its action's URL).
public struct ActionRoute<Input: Sendable>: Sendable {
    /// The route's path after `scheme://` ("insult").
    public let path: String
    private let parse: @Sendable (RouteQuery) throws(DispatchError) -> Input
    private let format: @Sendable (Input) -> [(String, String)]

    /// A route.
    ///
    /// - Parameters:
    ///   - parse: reads the input from the query (`query.required("style")`); parameters it does
    ///     not read are refused as unexpected.
    ///   - format: the query items that make `parse` give back the same input.
    public init(
        path: String, parse: @escaping @Sendable (RouteQuery) throws(DispatchError) -> Input,
        format: @escaping @Sendable (Input) -> [(String, String)]
    ) {
        self.path = path
        self.parse = parse
        self.format = format
    }

    /// The input a URL's query asks for.
    ///
    /// - Throws: `DispatchError` naming a missing, invalid, repeated or unexpected parameter.
    public func input(from items: [URLQueryItem]) throws(DispatchError) -> Input {
        let query = try RouteQuery(route: path, items: items)
        let input = try parse(query)
        if let extra = query.unread.first {
            throw DispatchError(.unexpectedParameter, value: extra, "the route '\(path)' takes no parameter '\(extra)'")
        }
        return input
    }

    /// The URL that performs the action with `input`.
    public func url(scheme: String, for input: Input) -> String {
        var components = URLComponents()
        components.scheme = scheme
        components.host = path
        let items = format(input)
        components.queryItems = items.isEmpty ? nil : items.map { URLQueryItem(name: $0.0, value: $0.1) }
        return components.string ?? "\(scheme)://\(path)"
    }
}

extension ActionRoute where Input == NoInput {
    /// A route taking no parameters.
    public static func plain(_ path: String) -> ActionRoute {
        ActionRoute(path: path, parse: { _ in .noInput }, format: { _ in [] })
    }
}

/// A URL's query, as a route's `parse` reads it; it remembers which parameters were read so the
/// route can refuse the others.
public final class RouteQuery {
    /// The route being parsed.
    public let route: String
    private let values: [String: String]
    private var read: Set<String> = []

    init(route: String, items: [URLQueryItem]) throws(DispatchError) {
        self.route = route
        var values: [String: String] = [:]
        for item in items {
            guard values[item.name] == nil else {
                throw DispatchError(.duplicateParameter, value: item.name, "the parameter '\(item.name)' is given twice")
            }
            values[item.name] = item.value ?? ""
        }
        self.values = values
    }

    /// The parameters given but not read, sorted.
    var unread: [String] { values.keys.filter { !read.contains($0) }.sorted() }

    /// A parameter's value, or nil when absent.
    public func optional(_ name: String) -> String? {
        read.insert(name)
        return values[name]
    }

    /// A parameter's value.
    ///
    /// - Throws: `missingParameter` when it is absent or empty.
    public func required(_ name: String) throws(DispatchError) -> String {
        guard let value = optional(name), !value.isEmpty else {
            throw DispatchError(.missingParameter, value: name, "the route '\(route)' needs the parameter '\(name)'")
        }
        return value
    }

    /// A parameter read as one of an enum's cases (by case name or display name), nil when absent.
    ///
    /// - Throws: `invalidValue` naming the value and the accepted ones.
    public func value<Value: EnumParameterValue>(_ name: String, as type: Value.Type) throws(DispatchError) -> Value? {
        guard let text = optional(name) else { return nil }
        guard let value = Value.fromSpoken(text, identifier: text) else {
            let accepted = Value.allCases.map { String(describing: $0) }.filter { $0 != "unknown" }
            throw DispatchError(
                .invalidValue, value: text,
                "'\(text)' is not a valid \(name); use one of \(accepted.joined(separator: ", "))")
        }
        return value
    }
}
