import RouteEvents
import RouteTables

/// The host key of the routes whose host is a parameter (`myapp://{screen}/…`):
/// `scheme://` then the byte 0x01, a byte for the type and the port as in ``HostKey``. No URL's
/// key holds a control byte (the reader refuses them), so only the matcher's own lookup for a
/// host parameter reaches these roots, and the fast path never takes them.
///
/// ```swift
/// HostParameterKey.make(scheme: "myapp", type: .string, port: nil)   // "myapp://\u{1}s"
/// ```
enum HostParameterKey {
  /// The byte after `scheme://` that marks a host parameter key.
  static let marker: UInt8 = 0x01

  /// The types a host parameter may have, in the order the matcher tries them (typed first).
  static let order: [ParameterType] = [.int, .uuid, .string]

  /// The type's byte in the key.
  static func tag(_ type: ParameterType) -> UInt8 {
    switch type {
    case .int: return UInt8(ascii: "i")
    case .uuid: return UInt8(ascii: "u")
    case .string: return UInt8(ascii: "s")
    }
  }

  /// The key of a pattern whose host is a parameter of `type`.
  static func make(scheme: String, type: ParameterType, port: Int?) -> [UInt8] {
    var key = Array(scheme.utf8) + [0x3A, 0x2F, 0x2F, marker, tag(type)]
    HostKey.appendPort(port, scheme: scheme) { key.append($0) }
    return key
  }

  /// Whether a host key is a host parameter key.
  static func isParameterKey(_ key: [UInt8]) -> Bool { key.contains(marker) }
}
