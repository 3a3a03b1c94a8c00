import RouteEvents
import RouteTables
import RouterSupport

/// Why ``CompiledRouter/url(for:parameters:pattern:)`` cannot build a URL.
///
/// ```swift
/// do { _ = try router.url(for: "note", parameters: [:]) }
/// catch { print(error.message) }   // route 'note' needs a value for 'id'
/// ```
public struct URLBuildError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The stable codes.
  public enum Code: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No route has the name.
    case unknownRoute = "unknown-route"
    /// The route takes activities, not URLs.
    case notAURLRoute = "not-a-url-route"
    /// A parameter the pattern needs has no value.
    case missingParameter = "missing-parameter"
    /// A value is given for a name the pattern does not have (a misspelt name would otherwise
    /// be dropped without a word).
    case unknownParameter = "unknown-parameter"
    /// A value is not of its parameter's type, or gives no URL the router accepts.
    case invalidParameter = "invalid-parameter"
    /// The pattern's host is a subdomain wildcard: there is no one host to write.
    case wildcardHost = "wildcard-host"
    /// The pattern has a segment that no value can be written for.
    case unbuildableSegment = "unbuildable-segment"
    /// The built URL would be taken by another route (precedence), or by none.
    case routesElsewhere = "routes-elsewhere"

    public var description: String { rawValue }
  }

  public var code: Code
  public var message: String
  /// Creates an error.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }
  public var description: String { "\(code): \(message)" }
}

extension CompiledRouter {
  /// Builds the URL of a route from its parameters (reverse routing), percent-encoding every
  /// value, and checks that routing the URL gives back the same route and parameters; so a URL
  /// it returns always comes back to `route`.
  ///
  /// ```swift
  /// let url = try router.url(for: "note", parameters: ["id": "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"])
  /// // "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"
  /// try router.url(for: "search", parameters: ["query": "a&b c"])   // "notes://search?q=a%26b%20c"
  /// ```
  /// - Parameters:
  ///   - route: the route's name in the table.
  ///   - parameters: the value of each parameter, as text (an `int` as digits, a `uuid` in any
  ///     case); a parameter the pattern does not have is ignored, an optional one may be left out.
  ///   - pattern: which of the route's URL patterns to use (0, the first, by default).
  public func url(for route: String, parameters: [String: String] = [:], pattern: Int = 0) throws(URLBuildError)
    -> String
  {
    try url(for: route, parameters: parameters, lists: [:], pattern: pattern)
  }

  /// Builds the URL of a route whose pattern binds lists (`?tag={tags[]}`): each list is written
  /// as one query item per value, in order; otherwise as ``url(for:parameters:pattern:)``
  /// (where a list parameter given as one string is a list of one).
  ///
  /// ```swift
  /// try router.url(for: "tagged", lists: ["tags": ["a", "b"]])   // "notes://tagged?tag=a&tag=b"
  /// ```
  public func url(
    for route: String, parameters: [String: String] = [:], lists: [String: [String]], pattern: Int = 0
  ) throws(URLBuildError) -> String {
    guard let index = table.routes.firstIndex(where: { $0.name == route }) else {
      throw URLBuildError(.unknownRoute, "no route is named '\(route)'")
    }
    let patterns = table.routes[index].urlPatterns
    guard pattern < patterns.count else {
      throw URLBuildError(
        .notAURLRoute,
        patterns.isEmpty
          ? "route '\(route)' is an activity route" : "route '\(route)' has \(patterns.count) URL pattern(s)")
    }
    let names = patterns[pattern].parameterNames
    if let unknown = (Array(parameters.keys) + Array(lists.keys)).sorted().first(where: { !names.contains($0) }) {
      let known = names.isEmpty ? "it takes none" : "it takes " + names.map { "'\($0)'" }.joined(separator: ", ")
      throw URLBuildError(
        .unknownParameter,
        "route '\(route)' has no parameter '\(unknown)' (\(known))"
          + (EditDistance.suggestion(for: unknown, among: names).map { "; did you mean '\($0)'?" } ?? ""))
    }
    let builder = URLBuilder(pattern: patterns[pattern], route: route, parameters: parameters, lists: lists)
    let text = try builder.build()
    // Verify: the URL must come back to this route with these parameters.
    switch match(url: text) {
    case .success(let m?) where m.route == index:
      let back = m.parameters.object
      if back != builder.expectedParameters {
        throw URLBuildError(
          .routesElsewhere,
          "'\(text)' comes back with \(JSONValue.object(back)), not \(JSONValue.object(builder.expectedParameters))"
        )
      }
      return text
    case .success(let m?):
      throw URLBuildError(
        .routesElsewhere, "'\(text)' would be taken by route '\(m.routeName)', which precedence puts first")
    case .success(nil):
      throw URLBuildError(.routesElsewhere, "'\(text)' matches no route (a value cannot be written in the URL)")
    case .failure(let error):
      throw URLBuildError(.invalidParameter, "'\(text)' is not a URL the router accepts: \(error.message)")
    }
  }
}

/// Writes one URL pattern with parameter values.
struct URLBuilder {
  let pattern: URLPattern
  let route: String
  let parameters: [String: String]
  /// The values of list bindings (`?tag={tags[]}`), one query item each.
  var lists: [String: [String]] = [:]

  func build() throws(URLBuildError) -> String {
    var out: String
    switch pattern.host {
    case .subdomains:
      throw URLBuildError(.wildcardHost, "route '\(route)' matches any subdomain; there is no one host to write")
    case .exact(let host):
      out = pattern.scheme + "://" + host
      if let port = pattern.port { out += ":\(port)" }
    case .none:
      out = pattern.scheme + ":"
    case .parameter(let p):
      guard let value = try checked(p, required: true, in: .path) else { return "" }
      // A custom host holds letters, digits and '-._~!$&'()*+,;=' as themselves and non-ASCII
      // UTF-8 as '%XX' (the reader refuses other ASCII, raw or escaped).
      let hostAllowed = ByteSet.unreserved.union(.subDelims)
      if let bad = value.utf8.first(where: { $0 < 0x80 && !hostAllowed.contains($0) }) {
        throw URLBuildError(
          .invalidParameter,
          "'\(value)' cannot be the host of '\(pattern.scheme):' (for '\(p.name)'): a host holds letters, digits,"
            + " non-ASCII text and '-._~!$&'()*+,;=', not '\(Character(Unicode.Scalar(bad)))'")
      }
      out = pattern.scheme + "://" + PercentDecoding.encode(value, allowing: hostAllowed)
      if let port = pattern.port { out += ":\(port)" }
    case .valueSet(let set):
      out = pattern.scheme + "://" + (try setValue(set))
      if let port = pattern.port { out += ":\(port)" }
    }
    let pathStart = out.endIndex
    for segment in pattern.segments {
      switch segment {
      case .literal(let text): out += "/" + PercentDecoding.encode(text, allowing: .pathSegmentAllowed)
      case .parameter(let p): out += "/" + (try pathSegment(p, required: true) ?? "")
      case .optional(let p): if let s = try pathSegment(p, required: false) { out += "/" + s }
      case .wildcard:
        guard let value = parameters["*"] else {
          throw URLBuildError(
            .unbuildableSegment, "route '\(route)' has a '*' segment: give its text as the parameter '*'")
        }
        out += "/" + PercentDecoding.encode(value, allowing: .pathSegmentAllowed)
      case .affixed(let affixed):
        var text = ""
        for part in affixed.parts {
          switch part {
          case .literal(let literal): text += PercentDecoding.encode(literal, allowing: .pathSegmentAllowed)
          case .capture(let p): text += try pathSegment(p, required: true, in: .affix) ?? ""
          }
        }
        out += "/" + text
      case .valueSet(let set):
        if set.isOptional && parameters[set.name] == nil { continue }
        out += "/" + PercentDecoding.encode(try setValue(set), allowing: .pathSegmentAllowed)
      case .optionalLiterals(let literals):
        // The group is written: the longer URL is the one no route without it takes.
        for text in literals { out += "/" + PercentDecoding.encode(text, allowing: .pathSegmentAllowed) }
      case .optionalCatchAll(let name):
        guard let value = parameters[name], !value.isEmpty else { continue }
        out +=
          "/"
          + value.split(separator: "/", omittingEmptySubsequences: false)
          .map { PercentDecoding.encode(String($0), allowing: .pathSegmentAllowed) }.joined(separator: "/")
      case .catchAll(let name):
        guard let value = parameters[name], !value.isEmpty else {
          throw URLBuildError(.missingParameter, "route '\(route)' needs a value for '\(name)'")
        }
        out +=
          "/"
          + value.split(separator: "/", omittingEmptySubsequences: false)
          .map { PercentDecoding.encode(String($0), allowing: .pathSegmentAllowed) }.joined(separator: "/")
      }
    }
    if pattern.trailingSlash { out += "/" }
    // Without an authority the path is written as in the pattern: with or without its first '/'.
    if case .none = pattern.host, !pattern.text.dropFirst(pattern.scheme.count + 1).hasPrefix("/"),
      out[pathStart...].hasPrefix("/")
    {
      out.remove(at: pathStart)
    }
    var items: [String] = []
    for constraint in pattern.query {
      let key = PercentDecoding.encode(constraint.name, allowing: .queryValueAllowed)
      switch constraint.value {
      case .present: items.append(key)
      case .literal(let text): items.append(key + "=" + PercentDecoding.encode(text, allowing: .queryValueAllowed))
      case .parameter(let p, let required):
        guard let value = try checked(p, required: required, in: .query) else { continue }
        items.append(key + "=" + PercentDecoding.encode(value, allowing: .queryValueAllowed))
      case .list(let p, let required):
        // One item per value, in order (a plain value is a list of one).
        guard let values = lists[p.name] ?? parameters[p.name].map({ [$0] }), !values.isEmpty else {
          if required { throw URLBuildError(.missingParameter, "route '\(route)' needs a value for '\(p.name)'") }
          continue
        }
        for value in values {
          if let problem = ValueRules.problem(with: value, type: p.type, in: .query) {
            throw URLBuildError(.invalidParameter, "'\(value)' cannot be a value of '\(p.name)': \(problem)")
          }
          items.append(key + "=" + PercentDecoding.encode(value, allowing: .queryValueAllowed))
        }
      case .affixed(let affixed):
        items.append(key + "=" + (try affixedValue(affixed)))
      case .path: break  // (fragments only)
      }
    }
    if !items.isEmpty { out += "?" + items.joined(separator: "&") }
    switch pattern.fragment {
    case .literal(let text)?: out += "#" + PercentDecoding.encode(text, allowing: .fragmentAllowed)
    case .parameter(let p, let required)?, .list(let p, let required)?:
      if let value = try checked(p, required: required, in: .query) {
        out += "#" + PercentDecoding.encode(value, allowing: .fragmentAllowed)
      }
    case .path(let path)?:
      var parts: [String] = []
      for segment in path.segments {
        switch segment {
        case .literal(let text): parts.append(PercentDecoding.encode(text, allowing: .pathSegmentAllowed))
        case .parameter(let p): parts.append(try pathSegment(p, required: true, in: .opaquePath) ?? "")
        case .catchAll(let name):
          guard let value = parameters[name], !value.isEmpty else {
            throw URLBuildError(.missingParameter, "route '\(route)' needs a value for '\(name)'")
          }
          parts.append(
            value.split(separator: "/", omittingEmptySubsequences: false)
              .map { PercentDecoding.encode(String($0), allowing: .pathSegmentAllowed) }.joined(separator: "/"))
        default: break
        }
      }
      out += "#" + path.prefix + parts.joined(separator: "/")
    case .present?, .affixed?, nil: break  // (query values only)
    }
    return out
  }

  /// An affixed query value (`item-{id}`), encoded; refused when routing would split it
  /// otherwise (`{a}-{b}` with `a` = "x-y" reads back as "x-y" and the rest only if `b` has no '-').
  private func affixedValue(_ affixed: AffixedSegment) throws(URLBuildError) -> String {
    var text = ""
    var decoded = ""
    for part in affixed.parts {
      switch part {
      case .literal(let literal):
        text += PercentDecoding.encode(literal, allowing: .queryValueAllowed)
        decoded += literal
      case .capture(let p):
        let value = try checked(p, required: true, in: .affix) ?? ""
        text += PercentDecoding.encode(value, allowing: .queryValueAllowed)
        decoded += value
      }
    }
    guard let back = affixed.values(of: decoded) else {
      throw URLBuildError(.invalidParameter, "the query value '\(decoded)' would not be read back by its pattern")
    }
    for (k, p) in affixed.parameters.enumerated() where back[k].value != p.type.value(of: parameters[p.name] ?? "") {
      throw URLBuildError(
        .invalidParameter,
        "the query value '\(decoded)' would be read back with '\(p.name)' ="
          + " '\(back[k].value.stringValue ?? back[k].value.description)', not"
          + " '\(parameters[p.name] ?? "")': the value holds the text that follows the capture")
    }
    return text
  }

  private func pathSegment(_ p: Parameter, required: Bool, in place: ValueRules.Place? = nil) throws(URLBuildError)
    -> String?
  {
    let place = place ?? (pattern.host == .none ? .opaquePath : .path)
    guard let value = try checked(p, required: required, in: place) else { return nil }
    return PercentDecoding.encode(value, allowing: .pathSegmentAllowed)
  }

  /// The value given for a value set (of a path segment or the host), one of those listed.
  private func setValue(_ set: ValueSet) throws(URLBuildError) -> String {
    guard let value = parameters[set.name] else {
      throw URLBuildError(.missingParameter, "route '\(route)' needs a value for '\(set.name)'")
    }
    guard set.values.contains(value) else {
      let listed = set.values.map { "'\($0)'" }.joined(separator: ", ")
      let near = set.values.min { EditDistance.distance(value, $0) < EditDistance.distance(value, $1) }
      let hint = near.map { EditDistance.distance(value, $0) <= 2 ? "; did you mean '\($0)'?" : "" } ?? ""
      throw URLBuildError(
        .invalidParameter,
        "'\(value)' is not one of the values of '\(set.name)'\(set.declaredAs.map { " (the set '\($0)')" } ?? ""):"
          + " \(listed)\(hint)")
    }
    return value
  }

  /// The value of a parameter, checked by the rule routing applies (``ValueRules``); nil for an
  /// absent optional one.
  private func checked(_ p: Parameter, required: Bool, in place: ValueRules.Place) throws(URLBuildError) -> String? {
    guard let value = parameters[p.name] else {
      if required { throw URLBuildError(.missingParameter, "route '\(route)' needs a value for '\(p.name)'") }
      return nil
    }
    if let problem = ValueRules.problem(with: value, type: p.type, in: place) {
      throw URLBuildError(.invalidParameter, "'\(value)' cannot be the value of '\(p.name)': \(problem)")
    }
    return value
  }

  /// The typed values routing the built URL must capture: every given parameter the pattern has.
  var expectedParameters: JSONObject {
    var types: [String: ParameterType] = [:]
    if case .parameter(let p) = pattern.host { types[p.name] = p.type }
    if case .valueSet(let set) = pattern.host { types[set.name] = .string }
    for segment in pattern.segments {
      switch segment {
      case .parameter(let p), .optional(let p): types[p.name] = p.type
      case .catchAll(let name): types[name] = .string
      case .optionalCatchAll(let name): types[name] = .string
      case .valueSet(let set): types[set.name] = .string
      case .affixed(let affixed): for p in affixed.parameters { types[p.name] = p.type }
      case .literal, .wildcard, .optionalLiterals: break
      }
    }
    var listTypes: [String: ParameterType] = [:]
    for c in pattern.query {
      switch c.value {
      case .parameter(let p, _): types[p.name] = p.type
      case .list(let p, _): listTypes[p.name] = p.type
      case .affixed(let affixed): for p in affixed.parameters { types[p.name] = p.type }
      case .present, .literal, .path: break
      }
    }
    switch pattern.fragment {
    case .parameter(let p, _)?: types[p.name] = p.type
    case .path(let path)?: for p in path.parameters { types[p.name] = p.type }
    default: break
    }
    var out = JSONObject()
    for name in pattern.parameterNames {
      if let type = listTypes[name] {
        guard let values = lists[name] ?? parameters[name].map({ [$0] }), !values.isEmpty else { continue }
        out[name] = .array(values.map { type.value(of: $0) })
        continue
      }
      guard let value = parameters[name], let type = types[name] else { continue }
      out[name] = type.value(of: value)
    }
    // An optional catch-all left out (or given as "") comes back as "".
    for segment in pattern.segments {
      if case .optionalCatchAll(let name) = segment, (parameters[name] ?? "").isEmpty { out[name] = .string("") }
    }
    return out
  }
}
