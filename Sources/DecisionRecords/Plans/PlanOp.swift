import RouteTables

/// One step of a ``RecordPlan``: constant bytes, or a part of the line being written.
///
/// A plain value (no references), so that plans live in flat arrays and running one costs no
/// reference counting.
struct PlanOp {
  enum Kind: UInt8 {
    /// Bytes `start..<start + count` of the plan pool.
    case constant
    /// The line number.
    case line
    /// The line itself, as a JSON string.
    case input
    /// Path capture `start` as the JSON value of its type (``ParameterType/value(of:)``).
    case capture
    /// Path capture `start` inside a JSON string, as ``ValueTemplate`` interpolates it.
    case captureInString
  }

  var kind: Kind
  var type: ParameterType = .string
  var start: Int32 = 0
  var count: Int32 = 0

  static func constant(_ range: Range<Int>) -> PlanOp {
    PlanOp(kind: .constant, start: Int32(range.lowerBound), count: Int32(range.count))
  }

  static func capture(_ k: Int, _ type: ParameterType, inString: Bool) -> PlanOp {
    PlanOp(kind: inString ? .captureInString : .capture, type: type, start: Int32(k))
  }
}
