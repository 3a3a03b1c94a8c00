/// The record of one route pattern under fixed open sessions, made once by the decision engine
/// and the record writer, then cut where its lines differ: the line number, the input, the
/// parameters and the value. Every later line the pattern takes is written by splicing its
/// own parts between the constant bytes.
///
/// Valid only for decisions that read nothing of the event but its route and parameters
/// (``DecisionContext/readsEventDetails`` false): ``BulkRouter`` makes plans for those alone,
/// and checks each plan against the record it was cut from before using it.
struct RecordPlan {
  enum Op {
    /// Bytes of the plan's pool.
    case constant(Range<Int>)
    case line
    /// The line itself, as a JSON string.
    case input
    /// The path captures, as the JSON object of the match's parameters.
    case params
    case value
  }

  var ops: [Op] = []
  var pool: [UInt8] = []
  var captures: [CaptureFormat]
  var value: ValueProgram?

  /// Cuts `record` (one whole record, its ranges in `layout` relative to its start); nil when
  /// it cannot be cut: the writer rewrote its bytes, or its parts are not where a plan expects.
  init?(record: ArraySlice<UInt8>, layout: RecordLayout, captures: [CaptureFormat], value: ValueProgram?) {
    guard layout.isExact else { return nil }
    self.captures = captures
    self.value = value
    var parts: [(Range<Int>, Op)] = []
    if let line = layout.line { parts.append((line, .line)) }
    if let input = layout.input { parts.append((input, .input)) }
    if let params = layout.params { parts.append((params, .params)) }
    if let range = layout.value {
      guard value != nil else { return nil }
      parts.append((range, .value))
    }
    parts.sort { $0.0.lowerBound < $1.0.lowerBound }
    let base = record.startIndex
    var cursor = 0
    for (range, op) in parts {
      guard range.lowerBound >= cursor, range.upperBound <= record.count else { return nil }
      constant(record[(base + cursor)..<(base + range.lowerBound)])
      ops.append(op)
      cursor = range.upperBound
    }
    constant(record[(base + cursor)...])
  }

  private mutating func constant(_ bytes: ArraySlice<UInt8>) {
    guard !bytes.isEmpty else { return }
    ops.append(.constant(pool.count..<pool.count + bytes.count))
    pool.append(contentsOf: bytes)
  }

  /// Appends the record of line `line`, whose bytes the plan's pattern took with its captures
  /// in `scratch`. False, having appended nothing, when a captured value is not of its type
  /// (the fast matcher checked it, so this does not happen; the general path would then decide).
  func append(
    line: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ scratch: borrowing MatchScratch, to out: inout [UInt8]
  ) -> Bool {
    let start = out.count
    for op in ops {
      switch op {
      case .constant(let range):
        pool.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
      case .line:
        DecisionRecord.appendInteger(line, to: &out)
      case .input:
        JSONWriter.appendString(utf8: bytes, to: &out)
      case .params:
        out.append(UInt8(ascii: "{"))
        for k in captures.indices {
          if k > 0 { out.append(UInt8(ascii: ",")) }
          out.append(contentsOf: captures[k].key)
          let raw = UnsafeBufferPointer(rebasing: bytes[scratch.pathCapture(k)])
          guard CaptureFormat.append(raw, as: captures[k].type, inString: false, to: &out) else {
            out.removeSubrange(start...)
            return false
          }
        }
        out.append(UInt8(ascii: "}"))
      case .value:
        guard let value, appendValue(value, bytes, scratch, to: &out) else {
          out.removeSubrange(start...)
          return false
        }
      }
    }
    return true
  }

  private func appendValue(
    _ program: ValueProgram, _ bytes: UnsafeBufferPointer<UInt8>, _ scratch: borrowing MatchScratch, to out: inout [UInt8]
  ) -> Bool {
    for op in program.ops {
      switch op {
      case .constant(let range):
        program.pool.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
      case .capture(let k), .captureInString(let k):
        var inString = false
        if case .captureInString = op { inString = true }
        let raw = UnsafeBufferPointer(rebasing: bytes[scratch.pathCapture(k)])
        guard CaptureFormat.append(raw, as: captures[k].type, inString: inString, to: &out) else { return false }
      }
    }
    return true
  }
}
