public import RouterSupport

/// One entry of an app's `CFBundleURLTypes`: the custom URL schemes it registers.
///
/// A custom-scheme URL reaches the app only when its scheme is registered here (K16). Schemes
/// compare ASCII-case-insensitively, as URL schemes do (RFC 3986 §3.1).
///
/// ```swift
/// let type = URLTypeDeclaration(name: Located("com.example.notes"), schemes: [Located("notes")])
/// type.registers(scheme: "Notes")   // true
/// ```
public struct URLTypeDeclaration: Sendable, Hashable {
  /// `CFBundleURLName`, a reverse-DNS name for the type.
  public var name: Located<String>?
  /// `CFBundleURLSchemes`, as written.
  public var schemes: [Located<String>]
  /// `CFBundleTypeRole` (`Editor`, `Viewer`, `None`), when given.
  public var role: Located<String>?
  /// Its position in `CFBundleURLTypes`.
  public var index: Int
  /// Where the entry starts.
  public var location: SourceLocation?

  /// Creates an entry.
  public init(
    name: Located<String>? = nil, schemes: [Located<String>], role: Located<String>? = nil, index: Int = 0,
    location: SourceLocation? = nil
  ) {
    self.name = name
    self.schemes = schemes
    self.role = role
    self.index = index
    self.location = location
  }

  /// Whether `scheme` is one of this entry's schemes (ASCII case-insensitive).
  public func registers(scheme: String) -> Bool {
    let wanted = URLTypeDeclaration.normalized(scheme)
    return schemes.contains { URLTypeDeclaration.normalized($0.value) == wanted }
  }

  /// A scheme in the form compared: ASCII-lowercased.
  public static func normalized(_ scheme: String) -> String {
    String(decoding: scheme.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  /// Whether `scheme` has RFC 3986 scheme syntax: a letter, then letters, digits, `+`, `-` or `.`.
  public static func isValidScheme(_ scheme: String) -> Bool {
    guard let first = scheme.utf8.first, isLetter(first) else { return false }
    return scheme.utf8.allSatisfy {
      isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
    }
  }

  private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

  /// The same entry with every location removed.
  public var withoutLocations: URLTypeDeclaration {
    URLTypeDeclaration(
      name: name?.withoutLocation, schemes: schemes.map(\.withoutLocation), role: role?.withoutLocation, index: index)
  }
}
