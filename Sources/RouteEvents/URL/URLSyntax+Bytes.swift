// Byte-level helpers shared by the URL reader and the percent decoder: hex digits and control
// characters (UTF-8 validation is RouterSupport's UTF8Bytes). No allocation.

extension URLSyntax {
  /// The value of a hex digit, or nil.
  @inline(__always)
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte &- 0x30
    case 0x41...0x46: return byte &- 0x37
    case 0x61...0x66: return byte &- 0x57
    default: return nil
    }
  }

  /// Whether `byte` is a control character: U+0000–U+001F or U+007F.
  @inline(__always)
  static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }
}
