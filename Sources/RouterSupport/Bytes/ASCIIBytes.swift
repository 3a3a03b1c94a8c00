/// ASCII byte helpers, once for the library (the URL reader, the host keys, the compiler).
///
/// ```swift
/// ASCIIBytes.lowercased(UInt8(ascii: "Q"))   // "q"
/// ```
public enum ASCIIBytes {
  /// The byte with `A`–`Z` mapped to `a`–`z`; every other byte as it is.
  @inlinable @inline(__always)
  public static func lowercased(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }
}
