public import RouterSupport

/// The fields of a session an update replaces; nil leaves a field as it is.
///
/// ```swift
/// SessionUpdate(preferring: ["6F0E…"], allowing: [])
/// ```
public struct SessionUpdate: Sendable, Hashable {
  public var preferring: [String]?
  public var allowing: [String]?
  /// The new value; `.some(nil)` clears it.
  public var value: JSONValue??
  /// The type the value is now stored with (W13: a restored fallback is of the group's type);
  /// `.some(nil)` clears it.
  public var valueType: String??

  /// Creates an update.
  public init(
    preferring: [String]? = nil, allowing: [String]? = nil, value: JSONValue?? = nil, valueType: String?? = nil
  ) {
    self.preferring = preferring
    self.allowing = allowing
    self.value = value
    self.valueType = valueType
  }
}
