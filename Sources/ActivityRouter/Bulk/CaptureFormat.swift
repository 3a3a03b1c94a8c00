/// How one path capture of a route pattern is written into a record: its JSON key and its type,
/// byte for byte as ``CompiledRouter/match(url:)`` and the record writers would write it.
///
/// Only captures the fast matcher took are written this way: one or more whole segments of
/// printable ASCII without `%`, so there is nothing to decode, and the general path's value
/// (the segments, joined with `/`) is the captured bytes themselves.
struct CaptureFormat {
  /// `"name":`, escaped.
  var key: [UInt8]
  var type: ParameterType

  /// Appends the captured bytes as the JSON value of ``ParameterType/value(of:)``, or inside a
  /// JSON string as ``ValueTemplate`` interpolates it (`inString`). False, having appended
  /// nothing, when the bytes are not of the type (the caller then takes the general path).
  static func append(
    _ raw: UnsafeBufferPointer<UInt8>, as type: ParameterType, inString: Bool, to out: inout [UInt8]
  ) -> Bool {
    switch type {
    case .string:
      if !inString { out.append(UInt8(ascii: "\"")) }
      JSONWriter.appendEscaped(utf8: raw, to: &out)
      if !inString { out.append(UInt8(ascii: "\"")) }
    case .int:
      guard let value = ParameterType.parseInt(raw) else { return false }
      // JSONNumber's text (String(Int64)); a small string, so no allocation.
      out.append(contentsOf: String(value).utf8)
    case .uuid:
      guard ParameterType.isUUID(raw) else { return false }
      if !inString { out.append(UInt8(ascii: "\"")) }
      for byte in raw { out.append(byte &- UInt8(ascii: "a") < 26 ? byte &- 0x20 : byte) }
      if !inString { out.append(UInt8(ascii: "\"")) }
    }
    return true
  }
}
