/// Reusable working memory for matching URLs: segment and capture positions, query items and
/// a decoding buffer, allocated once so that a match allocates nothing.
///
/// A scratch belongs to one thread at a time; make one per task and reuse it for every URL.
///
/// ```swift
/// var scratch = MatchScratch()
/// for line in lines {
///   if let rule = router.matchRule(url: line, scratch: &scratch) { ... }
/// }
/// ```
public struct MatchScratch: ~Copyable {
  /// The segments of the current path (ranges into the input), dot segments resolved.
  let segments: UnsafeMutablePointer<Range<Int>>
  /// Path captures: capture `k` covers segments `captureFirst[k] ..< captureLast[k]`.
  let captureFirst: UnsafeMutablePointer<Int32>
  let captureLast: UnsafeMutablePointer<Int32>
  /// Query items: name and value ranges (value start -1 when there is no '=').
  let queryNameStart: UnsafeMutablePointer<Int32>
  let queryNameEnd: UnsafeMutablePointer<Int32>
  let queryValueStart: UnsafeMutablePointer<Int32>
  let queryValueEnd: UnsafeMutablePointer<Int32>
  /// Value captures of query/fragment constraints, by constraint position in the terminal
  /// (start -1 when absent).
  let valueStart: UnsafeMutablePointer<Int32>
  let valueEnd: UnsafeMutablePointer<Int32>
  /// Decoding and host-key buffer.
  let buffer: UnsafeMutablePointer<UInt8>
  let bufferCapacity: Int

  var segmentCount = 0
  var queryCount = 0
  var trailingSlash = false
  /// The terminal of the last successful match.
  var terminal: Int32 = -1

  /// Allocates the working memory (about 80 KiB).
  public init() {
    segments = .allocate(capacity: PathSegments.maxCount)
    segments.initialize(repeating: 0..<0, count: PathSegments.maxCount)
    captureFirst = .allocate(capacity: PathSegments.maxCount)
    captureLast = .allocate(capacity: PathSegments.maxCount)
    let items = URLTrie.maxQueryItems
    queryNameStart = .allocate(capacity: items)
    queryNameEnd = .allocate(capacity: items)
    queryValueStart = .allocate(capacity: items)
    queryValueEnd = .allocate(capacity: items)
    valueStart = .allocate(capacity: items + 1)
    valueEnd = .allocate(capacity: items + 1)
    bufferCapacity = URLSyntax.maxLength
    buffer = .allocate(capacity: bufferCapacity)
  }

  deinit {
    segments.deallocate()
    captureFirst.deallocate()
    captureLast.deallocate()
    queryNameStart.deallocate()
    queryNameEnd.deallocate()
    queryValueStart.deallocate()
    queryValueEnd.deallocate()
    valueStart.deallocate()
    valueEnd.deallocate()
    buffer.deallocate()
  }
}
