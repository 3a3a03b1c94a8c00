public import RouterSupport

/// A URL route's pattern: scheme and host scoping, a path template, and query and fragment
/// constraints, parsed from text such as `https://notes.example.com/n/{id:uuid}?tab={tab?}`.
///
/// ```swift
/// let pattern = try URLPattern(parsing: "notes://note/{id:uuid}/{mode?}")
/// pattern.scheme            // "notes"
/// pattern.host              // .exact("note")
/// pattern.segments.count    // 2
/// ```
///
/// The grammar, precedence and matching policy are in `docs/table-format.md`.
public struct URLPattern: Sendable, Hashable, CustomStringConvertible {
  /// The pattern as written.
  @inlinable
  public var text: String {
    get { storedText }
    set {
      storedText = newValue
      layout = nil
    }
  }
  /// The scheme, lowercased. Schemes compare ASCII-case-insensitively.
  @inlinable
  public var scheme: String {
    get { storedScheme }
    set {
      storedScheme = newValue
      layout = nil
    }
  }
  /// Which hosts the pattern applies to.
  @inlinable
  public var host: HostPattern {
    get { storedHost }
    set {
      storedHost = newValue
      layout = nil
    }
  }
  /// The port, when the pattern names one; nil means the URL must have no port or the
  /// scheme's default port.
  @inlinable
  public var port: Int? {
    get { storedPort }
    set {
      storedPort = newValue
      layout = nil
    }
  }
  /// The path template, one element per segment.
  @inlinable
  public var segments: [PathSegmentPattern] {
    get { storedSegments }
    set {
      storedSegments = newValue
      layout = nil
    }
  }
  // The stored properties are declared in the order that packs them (the order of the
  // declarations is the order in memory): `trailingSlash` after the optional layout's tag,
  // then the eight-byte-aligned parts, then the port's, the host's and the fragment's tags.
  // 192 bytes, not 200.

  /// Where the origin and each path segment are in ``text``, as the parser found them (nil for
  /// a pattern made in code, one whose path does not fit a layout, or one changed since):
  /// what the compiler reads instead of the segments (``PathLayout``).
  @usableFromInline package internal(set) var layout: PathLayout?
  /// Whether the template ends with `/` (significant only under the strict trailing-slash policy).
  public var trailingSlash: Bool
  /// Where the pattern is written, when it was loaded from a file.
  public var location: SourceLocation?
  // The parts the layout describes, kept behind their properties so that changing one drops it.
  @usableFromInline var storedText: String
  @usableFromInline var storedScheme: String
  /// Constraints on query items, in the order written.
  public var query: [QueryConstraint]
  @usableFromInline var storedSegments: [PathSegmentPattern]
  @usableFromInline var storedPort: Int?
  @usableFromInline var storedHost: HostPattern
  /// A constraint on the fragment, or nil when the fragment is ignored.
  public var fragment: ValueConstraint?

  /// Whether two patterns have the same parts and location (their layouts, which the parts
  /// determine, are not compared).
  public static func == (lhs: URLPattern, rhs: URLPattern) -> Bool {
    lhs.storedText == rhs.storedText && lhs.storedScheme == rhs.storedScheme && lhs.storedHost == rhs.storedHost
      && lhs.storedPort == rhs.storedPort && lhs.storedSegments == rhs.storedSegments
      && lhs.trailingSlash == rhs.trailingSlash && lhs.query == rhs.query && lhs.fragment == rhs.fragment
      && lhs.location == rhs.location
  }

  /// Hashes the parts and the location (not the layout).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storedText)
    hasher.combine(storedScheme)
    hasher.combine(storedHost)
    hasher.combine(storedPort)
    hasher.combine(storedSegments)
    hasher.combine(trailingSlash)
    hasher.combine(query)
    hasher.combine(fragment)
    hasher.combine(location)
  }

  public var description: String { text }

  /// The names of every parameter the pattern captures, in order of appearance.
  public var parameterNames: [String] {
    var names: [String] = []
    if case .parameter(let p) = host { names.append(p.name) }
    if case .valueSet(let set) = host { names.append(set.name) }
    for segment in segments {
      switch segment {
      case .parameter(let p), .optional(let p): names.append(p.name)
      case .catchAll(let name), .optionalCatchAll(let name): names.append(name)
      case .valueSet(let set): names.append(set.name)
      case .affixed(let segment): names += segment.parameters.map(\.name)
      case .literal, .wildcard, .optionalLiterals: break
      }
    }
    for constraint in query {
      switch constraint.value {
      case .parameter(let p, _), .list(let p, _): names.append(p.name)
      case .affixed(let affixed): names += affixed.parameters.map(\.name)
      case .present, .literal, .path: break
      }
    }
    switch fragment {
    case .parameter(let p, _)?: names.append(p.name)
    case .path(let path)?: names += path.parameters.map(\.name)
    default: break
    }
    return names
  }

  /// Whether `pattern` captures a parameter named `name`: `parameterNames.contains(name)`,
  /// without building the list (and read in place: no copy of the pattern).
  static func captures(_ pattern: UnsafePointer<URLPattern>, _ name: String) -> Bool {
    switch pattern.pointee.host {
    case .parameter(let p) where p.name == name: return true
    case .valueSet(let set) where set.name == name: return true
    default: break
    }
    let inPath = pattern.pointee.segments.withUnsafeBufferPointer { segments in
      for index in segments.indices {
        switch segments[index] {
        case .parameter(let p), .optional(let p): if p.name == name { return true }
        case .catchAll(let n), .optionalCatchAll(let n): if n == name { return true }
        case .valueSet(let set): if set.name == name { return true }
        case .affixed(let segment): if segment.parameters.contains(where: { $0.name == name }) { return true }
        case .literal, .wildcard, .optionalLiterals: break
        }
      }
      return false
    }
    if inPath { return true }
    guard !pattern.pointee.query.isEmpty || pattern.pointee.fragment != nil else { return false }
    return pattern.pointee.parameterNames.contains(name)
  }
}

extension URLPattern {
  /// Calls `body` with the UTF-8 bytes of a pattern's ``text``, read where the pattern holds
  /// them: no copy of the string, so no retain and release (the compiler's loop over a table's
  /// patterns paid both for every pattern).
  ///
  /// ```swift
  /// let first = withUnsafePointer(to: pattern) { URLPattern.withTextUTF8($0) { $0.first } }
  /// ```
  ///
  /// The pattern is only read: a native string's bytes are lent where they are; a string
  /// without contiguous UTF-8 (one bridged from `NSString` on Apple platforms) is copied first,
  /// so the table is never written (it may be read by other threads at the same time).
  @inlinable @inline(__always)
  package static func withTextUTF8<Result>(
    _ pattern: UnsafePointer<URLPattern>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    // `withUTF8` writes only to make a string's bytes contiguous; a contiguous one (every native
    // string) is read in place, any other (bridged from `NSString`) through a copy of its own.
    if pattern.pointee.storedText.isContiguousUTF8 {
      return try UnsafeMutablePointer(mutating: pattern).pointee.storedText.withUTF8(body)
    }
    var copy = pattern.pointee.storedText
    return try copy.withUTF8(body)
  }

  /// Creates a pattern from its parts (with no location and no layout: the compiler reads its
  /// segments).
  ///
  /// ```swift
  /// let pattern = URLPattern(
  ///   text: "notes://tag/{name}", scheme: "notes", host: .exact("tag"),
  ///   segments: [.parameter(Parameter(name: "name"))])
  /// ```
  public init(
    text: String, scheme: String, host: HostPattern, port: Int? = nil,
    segments: [PathSegmentPattern], trailingSlash: Bool = false,
    query: [QueryConstraint] = [], fragment: ValueConstraint? = nil
  ) {
    self.init(
      text: text, scheme: scheme, host: host, port: port, segments: segments, trailingSlash: trailingSlash,
      query: query, fragment: fragment, location: nil, layout: nil)
  }

  /// Creates a pattern from its parts, where it is written and its layout (the parser's).
  ///
  /// (In an extension, so that the struct keeps its memberwise initializer, which builds the
  /// value in place: an initializer in the struct's body builds it in a temporary and copies it out.)
  init(
    text: String, scheme: String, host: HostPattern, port: Int?, segments: [PathSegmentPattern],
    trailingSlash: Bool, query: [QueryConstraint], fragment: ValueConstraint?, location: SourceLocation?,
    layout: PathLayout?
  ) {
    self.init(
      layout: layout, trailingSlash: trailingSlash, location: location, storedText: text, storedScheme: scheme,
      query: query, storedSegments: segments, storedPort: port, storedHost: host, fragment: fragment)
  }
}

/// Which hosts a URL pattern applies to.
///
/// ```swift
/// HostPattern.exact("notes.example.com")   // only that host (ASCII case folded)
/// HostPattern.subdomains(of: "example.com") // "*.example.com": a.example.com, b.a.example.com
/// HostPattern.parameter(.init(name: "screen")) // "myapp://{screen}": any host, captured
/// HostPattern.valueSet(.init(name: "kind", values: ["proxy", "socks"])) // "tg://{kind:proxy|socks}"
/// ```
public enum HostPattern: Sendable, Hashable {
  /// Exactly this host, lowercased (IDNA hosts in their ASCII `xn--` form); "" for `scheme:///path`.
  case exact(String)
  /// Any host that ends with `.` + this domain and has at least one more label.
  case subdomains(of: String)
  /// `{name}` or `{name:type}`: any one non-empty host of a custom scheme, captured
  /// (`myapp://{screen}/{id}`, `feed://{host}/{path*}`). Tried after every exact host and
  /// `*.domain` of the scheme; typed parameters before untyped. The value is the host as written
  /// in the URL, percent-decoded (its case kept, as Foundation's `URL.host` keeps it).
  case parameter(Parameter)
  /// `{kind:proxy|socks}` or `{kind:kinds}` with a table's named set (custom schemes only): one
  /// of the listed hosts, each a literal host (compared ASCII-case-insensitively, ranked as a
  /// literal host); the value is the one listed, as a path value set gives it.
  indirect case valueSet(ValueSet)
  /// No authority at all: `mailto:{address}`, `matrix:u/{user}`, `myapp:/share`. Only URLs
  /// without `//` after the scheme match (`myapp://share` has an authority; `myapp:///x` an empty one).
  case none
}

/// A named, typed capture.
///
/// ```swift
/// Parameter(name: "id", type: .uuid)   // {id:uuid}
/// ```
public struct Parameter: Sendable, Hashable {
  public var name: String
  public var type: ParameterType
  /// Creates a parameter.
  public init(name: String, type: ParameterType = .string) {
    self.name = name
    self.type = type
  }
}

/// One segment of a path template.
///
/// ```swift
/// // "/users/{user}/repos/{id:int}/{tab?}/*/{rest*}"
/// [.literal("users"), .parameter(.init(name: "user")), .literal("repos"),
///  .parameter(.init(name: "id", type: .int)), .optional(.init(name: "tab")), .wildcard, .catchAll("rest")]
/// ```
public enum PathSegmentPattern: Sendable, Hashable {
  /// Text that must equal the decoded segment.
  case literal(String)
  /// `{name}` or `{name:type}`: exactly one non-empty segment.
  case parameter(Parameter)
  /// `{name?}` or `{name:type?}`: one segment that may be absent.
  case optional(Parameter)
  /// `*`: any one non-empty segment, not captured.
  case wildcard
  /// `{name*}`: one or more remaining segments; must be last.
  case catchAll(String)
  /// `{name*?}`: zero or more remaining segments; must be last. The value is `""` when there are none.
  case optionalCatchAll(String)
  /// `[/en]` or `[/en/us]`: literal segments that are all present or all absent.
  case optionalLiterals([String])
  /// `{tab:inbox|sent|archive}` (or `{tab:inbox|sent?}`, which may be absent): one segment
  /// that equals one of the listed values; the value captured is the one listed.
  indirect case valueSet(ValueSet)
  /// `{name}.json`, `@{account}`, `v{major:int}.{minor:int}`: literal text and captures in one
  /// segment (see ``AffixedSegment`` for how a segment is split).
  case affixed(AffixedSegment)
}

/// A parameter restricted to listed values, `{tab:inbox|sent|archive}` or `{box:tab}` with a set
/// `tab` declared once in the table's `"valueSets"`: in the trie it is one literal edge per value,
/// all with the parameter's name, so it costs what a literal costs and ranks as a literal in
/// precedence.
///
/// ```swift
/// // "mail://box/{tab:inbox|sent|archive}"
/// ValueSet(name: "tab", values: ["inbox", "sent", "archive"])
/// // "mail://box/{box:tab}" with "valueSets": {"tab": ["inbox", "sent", "archive"]}
/// ValueSet(name: "box", values: ["inbox", "sent", "archive"], declaredAs: "tab")
/// ```
public struct ValueSet: Sendable, Hashable {
  /// The parameter's name.
  public var name: String
  /// The decoded values, in the order written; none repeated, none empty.
  public var values: [String]
  /// Whether the segment may be absent (`{tab:inbox|sent?}`).
  public var isOptional: Bool
  /// The name of the table's named set the values come from (`{box:tab}`), or nil for values
  /// listed in the pattern.
  public var declaredAs: String?
  /// Creates a value set.
  public init(name: String, values: [String], isOptional: Bool = false, declaredAs: String? = nil) {
    self.name = name
    self.values = values
    self.isOptional = isOptional
    self.declaredAs = declaredAs
  }
}

/// A constraint on one query item, by name.
///
/// ```swift
/// // "?q={query}&type=repo&page"
/// QueryConstraint(name: "q", value: .parameter(.init(name: "query"), required: true))
/// QueryConstraint(name: "type", value: .literal("repo"))
/// QueryConstraint(name: "page", value: .present)
/// ```
public struct QueryConstraint: Sendable, Hashable {
  /// The query item name, compared exactly (case-sensitive, after decoding).
  public var name: String
  public var value: ValueConstraint
  /// Creates a constraint.
  public init(name: String, value: ValueConstraint) {
    self.name = name
    self.value = value
  }
}

/// What a query item's value (or the fragment) must be.
public enum ValueConstraint: Sendable, Hashable {
  /// The item must be present, with any value or none.
  case present
  /// The decoded value must equal this text.
  case literal(String)
  /// The value is captured; when `required`, the item must be present and of the parameter's type.
  /// When the key is repeated, the first item with it is the one read.
  case parameter(Parameter, required: Bool)
  /// `?tag={tags[]}`: every item with the key, in order, captured as a list (each value of the
  /// parameter's type); when `required`, at least one item must be there. Query values only.
  case list(Parameter, required: Bool)
  /// `#/room/{id}`, `#!/item/{id:int}`: the fragment matched with the path language (fragments
  /// only; see ``FragmentPath``).
  case path(FragmentPath)
  /// `?id=item-{id:int}`, `?v=v{major:int}.{minor:int}`: literal text and captures in one query
  /// value, split by the rule of affixed path segments (``AffixedSegment``; literals compare
  /// exactly). The item must be present and fit (query values only).
  case affixed(AffixedSegment)

  /// The constraint's strength in precedence: literal 3, required parameter or affixed value 2,
  /// present 1, optional parameter 0 (it never excludes a URL, except one whose value has the
  /// wrong type). Among equal strengths, affixed values rank above plain parameters.
  public var strength: Int {
    switch self {
    case .literal: return 3
    case .parameter(_, let required), .list(_, let required): return required ? 2 : 0
    case .path(let path): return path.parameters.isEmpty ? 3 : 2
    case .affixed: return 2
    case .present: return 1
    }
  }
}
