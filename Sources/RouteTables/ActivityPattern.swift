public import RouterSupport

/// An activity route's pattern: the activity type, constraints on `userInfo` keys and key paths,
/// and the `targetContentIdentifier` it must have, when the route names one.
///
/// ```swift
/// // { "activity": "com.example.notes.edit", "userInfo": { "noteID": "{id:uuid}", "mode": "edit" } }
/// let pattern = ActivityPattern(type: "com.example.notes.edit", userInfo: [
///   .init(key: "noteID", value: .parameter(.init(name: "id", type: .uuid), required: true)),
///   .init(key: "mode", value: .equals("edit")),
/// ])
/// ```
public struct ActivityPattern: Sendable, Hashable {
  /// The `activityType`, compared exactly.
  public var type: String
  /// Constraints on `userInfo`, in the order written.
  public var userInfo: [UserInfoConstraint]
  /// The `targetContentIdentifier` the activity must have (`item-{id:int}`), or nil for any.
  public var targetContentIdentifier: IdentifierPattern?

  /// Creates a pattern.
  public init(
    type: String, userInfo: [UserInfoConstraint] = [], targetContentIdentifier: IdentifierPattern? = nil
  ) {
    self.type = type
    self.userInfo = userInfo
    self.targetContentIdentifier = targetContentIdentifier
  }

  /// The names of the parameters the pattern captures.
  public var parameterNames: [String] {
    userInfo.parameterNames + (targetContentIdentifier?.parameters.map(\.name) ?? [])
  }
}

/// A constraint on one `userInfo` value: under a top-level key, or at a key path into nested
/// dictionaries and arrays (``UserInfoKeyPath``).
///
/// ```swift
/// UserInfoConstraint(key: "noteID", value: .present)
/// UserInfoConstraint(key: "/feed/url", value: .parameter(.init(name: "url"), required: true))
/// ```
public struct UserInfoConstraint: Sendable, Hashable {
  /// What the value under the key must be.
  public enum Value: Sendable, Hashable {
    /// The key must be present.
    case present
    /// The value must equal this JSON value.
    case equals(JSONValue)
    /// The value is captured: a string (or, for `int`, an integral number) of the parameter's type.
    case parameter(Parameter, required: Bool)

    /// Strength in precedence, as for query constraints: equals 3, required parameter 2,
    /// present 1, optional parameter 0.
    public var strength: Int {
      switch self {
      case .equals: return 3
      case .parameter(_, let required): return required ? 2 : 0
      case .present: return 1
      }
    }
  }

  /// The key as written (`"noteID"`, `"/feed/url"`).
  public var key: String
  /// Where the value is read: `key` itself, or the JSON Pointer it writes.
  public var path: UserInfoKeyPath
  public var value: Value
  /// Creates a constraint; a key starting with `/` is read as a key path (a malformed one as a
  /// plain key: the table loader reports it).
  public init(key: String, value: Value) {
    self.key = key
    self.path = (try? UserInfoKeyPath(parsing: key)) ?? UserInfoKeyPath(key: key)
    self.value = value
  }
}

extension [UserInfoConstraint] {
  /// The names of the parameters the constraints capture.
  public var parameterNames: [String] {
    compactMap {
      if case .parameter(let p, _) = $0.value { return p.name }
      return nil
    }
  }
}
