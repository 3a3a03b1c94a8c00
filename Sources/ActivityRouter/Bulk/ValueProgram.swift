/// A route's value template compiled against one pattern's captures: constant JSON bytes with
/// the captured values spliced in, written without building a ``JSONValue``.
///
/// It writes what `JSONWriter.append(template.render(parameters))` writes: a parameter the
/// pattern does not capture renders as `null` (nothing inside text), a literal as its JSON, a
/// capture as its typed value, or inside text as the text of that value.
struct ValueProgram {
  enum Op {
    /// Bytes of the program's pool.
    case constant(Range<Int>)
    /// Capture `k` as a JSON value.
    case capture(Int)
    /// Capture `k` inside a JSON string.
    case captureInString(Int)
  }

  var ops: [Op] = []
  var pool: [UInt8] = []

  /// Compiles `template` for a pattern whose captures are named `names`, in order.
  init(_ template: ValueTemplate, names: [String]) {
    emit(template, names)
  }

  private mutating func emit(_ template: ValueTemplate, _ names: [String]) {
    switch template {
    case .literal(let value):
      var bytes: [UInt8] = []
      JSONWriter.append(value, to: &bytes)
      constant(bytes)
    case .parameter(let name):
      if let k = names.firstIndex(of: name) { ops.append(.capture(k)) } else { constant(Array("null".utf8)) }
    case .text(let pieces):
      constant([UInt8(ascii: "\"")])
      for piece in pieces {
        switch piece {
        case .text(let text):
          var bytes: [UInt8] = []
          var copy = text
          copy.withUTF8 { JSONWriter.appendEscaped(utf8: $0, to: &bytes) }
          constant(bytes)
        case .parameter(let name):
          if let k = names.firstIndex(of: name) { ops.append(.captureInString(k)) }
        }
      }
      constant([UInt8(ascii: "\"")])
    case .array(let items):
      constant([UInt8(ascii: "[")])
      for (i, item) in items.enumerated() {
        if i > 0 { constant([UInt8(ascii: ",")]) }
        emit(item, names)
      }
      constant([UInt8(ascii: "]")])
    case .object(let members):
      constant([UInt8(ascii: "{")])
      for (i, member) in members.enumerated() {
        var key: [UInt8] = i > 0 ? [UInt8(ascii: ",")] : []
        JSONWriter.appendString(member.key, to: &key)
        key.append(UInt8(ascii: ":"))
        constant(key)
        emit(member.value, names)
      }
      constant([UInt8(ascii: "}")])
    }
  }

  /// Appends bytes, merged with the constant before them.
  private mutating func constant(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    if case .constant(let range)? = ops.last, range.upperBound == pool.count {
      ops[ops.count - 1] = .constant(range.lowerBound..<range.upperBound + bytes.count)
    } else {
      ops.append(.constant(pool.count..<pool.count + bytes.count))
    }
    pool.append(contentsOf: bytes)
  }
}
