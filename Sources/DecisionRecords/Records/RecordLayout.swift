/// Where a written record holds the parts that vary from line to line: the byte ranges of its
/// line number, its input, its parameters and its value, counted from the record's first byte.
///
/// The record writers fill it in as they write; ``RecordPlans`` cuts a record at these ranges to
/// make the plan it reuses for every later line of the same route pattern. A range is nil when
/// the record has no such part; `isExact` is false when the writer rewrote the bytes after
/// writing them (the text form's terminal escaping), so the ranges cannot be trusted.
struct RecordLayout {
  var line: Range<Int>?
  var input: Range<Int>?
  var params: Range<Int>?
  var value: Range<Int>?
  var isExact = true
  /// The cache of record fragments kept with the line's scratch (``RecordFragments``), when the
  /// record is written with one; nil otherwise (every fragment written afresh).
  var fragments: UnsafeMutableRawPointer?
}
