import RouteMatcher

extension RecordWriter {
  /// A match's parameters as a JSON object, compact and in order: what
  /// `object(parameters.object)` writes, without making the object.
  ///
  /// Parameters kept in place are written from their packed bytes, read where they are: a name
  /// and a text of 15 bytes or fewer as two words (``quoted(low:high:count:colon:)``), a longer
  /// text from its bytes, an integer's digits, a UUID's 36 characters from its two words
  /// (``uuid(high:low:)``); no string, no `JSONValue`. Parameters held as an object are written
  /// as the object.
  ///
  /// ```swift
  /// w.literal(#","params":"#)
  /// w.parameters(match.parameters)   // {"owner":"apple","number":42}
  /// ```
  mutating func parameters(_ parameters: RouteParameters) {
    if let object = parameters.storage.object { return self.object(object) }
    withUnsafeBytes(of: parameters.storage.words) { raw in
      let p = raw.baseAddress.unsafelyUnwrapped
      let count = RouteParameters.Storage.count(in: p)
      byte(UInt8(ascii: "{"))
      for k in 0..<count {
        let name = RouteParameters.Storage.name(in: p, k)
        if !quoted(low: name.low, high: name.high, count: Int(name.count), comma: k > 0, colon: true) {
          if k > 0 { byte(UInt8(ascii: ",")) }
          quoted(name)
          byte(UInt8(ascii: ":"))
        }
        inPlaceValue(in: p, k)
      }
      byte(UInt8(ascii: "}"))
    }
  }

  /// Parameter `k` of `storage` in place, from its bytes: what `json(storage.json(k))` writes.
  @inline(__always)
  mutating func inPlaceValue(_ storage: RouteParameters.Storage, _ k: Int) {
    withUnsafeBytes(of: storage.words) { inPlaceValue(in: $0.baseAddress.unsafelyUnwrapped, k) }
  }

  /// Parameter `k` of the storage's words at `p`, from its bytes.
  @inline(__always)
  mutating func inPlaceValue(in p: UnsafeRawPointer, _ k: Int) {
    let value = RouteParameters.Storage.value(in: p, k)
    switch value.kind {
    case .text:
      if !quoted(low: value.low, high: value.high, count: Int(value.count), colon: false) {
        quoted(RouteParameters.Bytes16(low: value.low, high: value.high, count: value.count))
      }
    case .int: integer(Int(truncatingIfNeeded: Int64(bitPattern: value.low)))
    case .uuid: uuid(high: value.high, low: value.low)
    case .long: quoted(long: RouteParameters.Storage.text(in: p, value))
    }
  }

  /// A text in place of more than 15 bytes as a quoted JSON string: as the string it is made as
  /// (`String(decoding:as:)`) is written.
  @inline(never)
  private mutating func quoted(long raw: UnsafeBufferPointer<UInt8>) {
    guard raw.allSatisfy({ $0 < 0x80 }) else { return string(String(decoding: raw, as: UTF8.self)) }
    quoted(raw)
  }

  /// Bytes in place that need an escape, or are not all ASCII, as a quoted JSON string: as the
  /// string the parameter's name or value is made as (`String(decoding:as:)`) is written.
  @inline(never)
  private mutating func quoted(_ bytes: RouteParameters.Bytes16) {
    guard bytes.isASCII else { return string(bytes.string) }
    withUnsafeBytes(of: (bytes.low, bytes.high)) { raw in
      // Bound to bytes for the call only (the tuple's memory is bound to UInt64).
      raw.withMemoryRebound(to: UInt8.self) { quoted(UnsafeBufferPointer(rebasing: $0[0..<Int(bytes.count)])) }
    }
  }
}
