/// One value of an old-style (OpenStep) property list, such as `project.pbxproj`, with the byte
/// offset where it starts, so every setting read from it can say where it came from.
///
/// ```swift
/// let parsed = OpenStepPlist.parse(SourceText(file: "project.pbxproj", text: text))
/// parsed.root?["objects"]?.entries?.count       // the number of objects
/// parsed.root?["rootObject"]?.string            // "AA00…"
/// ```
package struct PlistNode: Sendable, Hashable {
  /// What the value is.
  package enum Kind: Sendable, Hashable {
    /// A quoted or unquoted string (numbers are strings in this format).
    case string(String)
    /// `<0fbd7 71a>`.
    case data([UInt8])
    /// `( a, b, )`.
    case array([PlistNode])
    /// `{ key = value; }`, in file order.
    case dictionary([Entry])
  }

  /// One `key = value;` of a dictionary.
  package struct Entry: Sendable, Hashable {
    package var key: String
    /// The offset of the key's first byte.
    package var keyOffset: Int
    package var value: PlistNode
  }

  package var kind: Kind
  /// The offset of the value's first byte.
  package var offset: Int

  package init(_ kind: Kind, at offset: Int) {
    self.kind = kind
    self.offset = offset
  }

  /// The string, or nil for another kind.
  package var string: String? {
    if case .string(let s) = kind { return s }
    return nil
  }

  /// The elements, or nil for another kind.
  package var array: [PlistNode]? {
    if case .array(let a) = kind { return a }
    return nil
  }

  /// The entries, or nil for another kind.
  package var entries: [Entry]? {
    if case .dictionary(let d) = kind { return d }
    return nil
  }

  /// The last entry named `key` (a later entry replaces an earlier one, as Foundation reads it).
  package func entry(_ key: String) -> Entry? {
    entries?.last { $0.key == key }
  }

  /// The value of the last entry named `key`.
  package subscript(key: String) -> PlistNode? { entry(key)?.value }

  /// The strings of an array value (other elements left out), or nil for another kind.
  package var strings: [String]? { array?.compactMap(\.string) }
}
