import RouteTables
import RouterSupport

/// The record of one route pattern under fixed open sessions, made once by the decision engine
/// and the record writer, then cut where its lines differ: the line number, the input, the
/// parameters and the value. Every later line the pattern takes is written by splicing its
/// own parts between the constant bytes.
///
/// Valid only for decisions that read nothing of the event but its route and parameters
/// (the decision's `DetailReads` marked nothing): ``RecordPlans`` makes plans for those alone,
/// and checks each plan against the record it was cut from before using it.
///
/// The parameters and the value are compiled into steps too: the `"name":` keys and the
/// template's constant JSON become constant bytes, each captured value a capture step. They
/// write what `JSONWriter.append(.object(match.parameters))` and
/// `JSONWriter.append(template.render(match.parameters))` write: a parameter the pattern does
/// not capture renders as `null` (nothing inside text), a literal as its JSON.
struct RecordPlan {
  var ops: [PlanOp] = []
  /// The bytes of the constant steps.
  var pool: [UInt8] = []
  /// The number of capture steps (for the bound on a record's length).
  var captureSteps = 0

  /// Cuts `record` (one whole record, its ranges in `layout` relative to its start) for a
  /// pattern whose path captures are `captures` (names and types, in order) and whose route's
  /// value is `value`; nil when it cannot be cut: the writer rewrote its bytes, or its parts
  /// are not where a plan expects them.
  init?(
    record: ArraySlice<UInt8>, layout: RecordLayout, captures: [(name: String, type: ParameterType)],
    value: ValueTemplate?
  ) {
    guard layout.isExact else { return nil }
    enum Part { case line, input, params, value }
    var parts: [(Range<Int>, Part)] = []
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
    for (range, part) in parts {
      guard range.lowerBound >= cursor, range.upperBound <= record.count else { return nil }
      constant(record[(base + cursor)..<(base + range.lowerBound)])
      switch part {
      case .line: ops.append(PlanOp(kind: .line))
      case .input: ops.append(PlanOp(kind: .input))
      case .params: emitParams(captures)
      case .value: if let value { emit(value, captures) }
      }
      cursor = range.upperBound
    }
    constant(record[(base + cursor)...])
  }

  private mutating func emitParams(_ captures: [(name: String, type: ParameterType)]) {
    constant("{")
    for (k, capture) in captures.enumerated() {
      key(capture.name, first: k == 0)
      captureStep(k, capture.type, inString: false)
    }
    constant("}")
  }

  private mutating func emit(_ template: ValueTemplate, _ captures: [(name: String, type: ParameterType)]) {
    switch template {
    case .literal(let value):
      var bytes: [UInt8] = []
      JSONWriter.append(value, to: &bytes)
      constant(bytes[...])
    case .parameter(let name):
      if let k = captures.firstIndex(where: { $0.name == name }) {
        captureStep(k, captures[k].type, inString: false)
      } else {
        constant("null")
      }
    case .text(let pieces):
      constant("\"")
      for piece in pieces {
        switch piece {
        case .text(let text):
          var bytes: [UInt8] = []
          var copy = text
          copy.withUTF8 { JSONWriter.appendEscaped(utf8: $0, to: &bytes) }
          constant(bytes[...])
        case .parameter(let name):
          if let k = captures.firstIndex(where: { $0.name == name }) {
            captureStep(k, captures[k].type, inString: true)
          }
        }
      }
      constant("\"")
    case .array(let items):
      constant("[")
      for (i, item) in items.enumerated() {
        if i > 0 { constant(",") }
        emit(item, captures)
      }
      constant("]")
    case .object(let members):
      constant("{")
      for (i, member) in members.enumerated() {
        key(member.key, first: i == 0)
        emit(member.value, captures)
      }
      constant("}")
    }
  }

  /// An object member's `"name":`, after a `,` unless it is the first.
  private mutating func key(_ name: String, first: Bool) {
    var bytes: [UInt8] = first ? [] : [UInt8(ascii: ",")]
    JSONWriter.appendString(name, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    constant(bytes[...])
  }

  private mutating func captureStep(_ k: Int, _ type: ParameterType, inString: Bool) {
    ops.append(.capture(k, type, inString: inString))
    captureSteps += 1
  }

  private mutating func constant(_ text: StaticString) {
    constant(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)[...])
  }

  /// Appends constant bytes, merged with the constant step before them.
  private mutating func constant<C: Collection<UInt8>>(_ bytes: C) {
    guard !bytes.isEmpty else { return }
    if let last = ops.last, last.kind == .constant, Int(last.start + last.count) == pool.count {
      ops[ops.count - 1].count += Int32(bytes.count)
    } else {
      ops.append(.constant(pool.count..<pool.count + bytes.count))
    }
    pool.append(contentsOf: bytes)
  }
}
