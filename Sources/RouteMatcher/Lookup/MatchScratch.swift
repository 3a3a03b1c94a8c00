import RouteEvents
import Synchronization

/// Reusable working memory for matching URLs: segment and capture positions, query items and
/// a decoding buffer, allocated once so that a match allocates nothing.
///
/// A scratch belongs to one thread at a time; make one per task and reuse it for every URL.
///
/// ```swift
/// var scratch = MatchScratch()
/// for line in lines {
///   if let route = router.matchRoute(url: line, scratch: &scratch) { ... }
/// }
/// ```
public struct MatchScratch: ~Copyable {
  /// The segments of the current path (ranges into the input), dot segments resolved; after a
  /// fast-path match only the captured segments are recorded.
  @usableFromInline let segments: UnsafeMutablePointer<Range<Int>>
  /// Path captures: capture `k` covers segments `captures[k].first ..< captures[k].last`.
  @usableFromInline let captures: UnsafeMutablePointer<CaptureSpan>
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
  /// Where the last successful match ended.
  var end = MatchEnd.terminal(-1)
  /// The number of path captures of the last successful match.
  @usableFromInline var captureCount = 0
  /// The host slot of the last URL the fast path read (checked against the bytes before use).
  package var lastHost = -1
  /// While ``URLTrie/fastMatchWithTail(_:_:_:afterWalk:)`` walks a path that ends at a `?` or `#`: the
  /// URL's length (its query and fragment run from the path's end to here); 0 otherwise.
  var fastTailEnd = 0
  /// With ``fastTailEnd``: where the fragment's `#` is (``fastTailEnd`` when there is none).
  var fastFragmentStart = 0
  /// Memory the record writer keeps with the scratch from line to line (its cache of record
  /// fragments, `RecordFragments` in `DecisionRecords`): nil until the writer first needs it,
  /// then plain bytes it allocated, freed with the scratch.
  package var recordCache: UnsafeMutableRawPointer? = nil

  /// Allocates the working memory (about 80 KiB), in one block.
  public init() {
    self.init(
      block: UnsafeMutableRawPointer.allocate(
        byteCount: MatchScratch.blockBytes, alignment: MemoryLayout<Range<Int>>.alignment))
  }

  /// The size of the block: the segments (the fast path splits up to 512 before it checks the
  /// count), the captures, the query items and value captures, the buffer.
  private static var blockBytes: Int {
    keptHostOffset + MemoryLayout<Int>.stride
  }

  /// Where a block kept between calls (``giveBack()``) holds the ``lastHost`` of the scratch that
  /// gave it back, for the next one (after the buffer, aligned for an `Int`).
  private static var keptHostOffset: Int {
    let end =
      (2 * PathSegments.maxCount + 2) * MemoryLayout<Range<Int>>.stride + PathSegments.maxCount
      * MemoryLayout<CaptureSpan>.stride + (4 * URLTrie.maxQueryItems + 2 * (URLTrie.maxQueryItems + 1))
      * MemoryLayout<Int32>.stride + URLSyntax.maxLength
    return (end + MemoryLayout<Int>.alignment - 1) & ~(MemoryLayout<Int>.alignment - 1)
  }

  /// A scratch over `block` (``blockBytes``, aligned for `Range<Int>`), which it owns.
  @inline(__always)
  private init(block: UnsafeMutableRawPointer) {
    let segmentCount = 2 * PathSegments.maxCount + 2
    let items = URLTrie.maxQueryItems
    bufferCapacity = URLSyntax.maxLength
    // One allocation carved into the arrays, each at an offset aligned for its type (the
    // largest alignment first). Left uninitialized: every entry is written before it is read
    // (they are trivial types), and clearing the block cost more than a whole match.
    let segmentBytes = segmentCount * MemoryLayout<Range<Int>>.stride
    let captureBytes = PathSegments.maxCount * MemoryLayout<CaptureSpan>.stride
    let int32Bytes = (4 * items + 2 * (items + 1)) * MemoryLayout<Int32>.stride
    segments = block.bindMemory(to: Range<Int>.self, capacity: segmentCount)
    captures = (block + segmentBytes).bindMemory(to: CaptureSpan.self, capacity: PathSegments.maxCount)
    let int32s = (block + segmentBytes + captureBytes).bindMemory(to: Int32.self, capacity: 4 * items + 2 * (items + 1))
    queryNameStart = int32s
    queryNameEnd = int32s + items
    queryValueStart = int32s + 2 * items
    queryValueEnd = int32s + 3 * items
    valueStart = int32s + 4 * items
    valueEnd = int32s + 5 * items + 1
    buffer = (block + segmentBytes + captureBytes + int32Bytes).bindMemory(to: UInt8.self, capacity: bufferCapacity)
  }

  deinit {
    UnsafeMutableRawPointer(segments).deallocate()
    recordCache?.deallocate()
  }

  /// A scratch for one call: over the kept block when there is one (no allocation), else new.
  ///
  /// The kept block is behind `Synchronization`'s `Atomic`, which Apple's platforms have from
  /// macOS 15, iOS 18, tvOS 18, watchOS 11 and visionOS 2; before those a call makes its own
  /// scratch, as every call did before the block was kept (the library's deployment targets
  /// stay SwiftPM's defaults).
  @inline(__always)
  static func take() -> MatchScratch {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      let spare = SpareBlock.address.exchange(0, ordering: .acquiring)
      if let block = UnsafeMutableRawPointer(bitPattern: spare) {
        // (The host the last call read: checked against the next URL's bytes before use.)
        var scratch = MatchScratch(block: block)
        scratch.lastHost = block.load(fromByteOffset: keptHostOffset, as: Int.self)
        return scratch
      }
    }
    return MatchScratch()
  }

  /// Ends a scratch from ``take()``: its block is kept for the next call, or freed when one is
  /// kept already.
  consuming func giveBack() {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      UnsafeMutableRawPointer(segments).storeBytes(
        of: lastHost, toByteOffset: MatchScratch.keptHostOffset, as: Int.self)
      let block = UInt(bitPattern: UnsafeMutableRawPointer(segments))
      if SpareBlock.address.compareExchange(expected: 0, desired: block, ordering: .releasing).exchanged {
        // (The record writer's cache is not kept with the block.)
        recordCache?.deallocate()
        discard self
        return
      }
    }
    _ = consume self  // (freed by deinit)
  }
}

/// The block of one scratch kept between calls that make their own (``CompiledRouter/match(url:)``),
/// as an address (0: none kept). A call takes it with an atomic exchange, so two threads never
/// share it: a second thread meanwhile allocates a block of its own, and frees it when one is kept.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
private enum SpareBlock {
  static let address = Atomic<UInt>(0)
}

/// Where a successful match ended: the terminal the general search chose, or the node the fast
/// path reached, whose first terminal took the URL (read only when asked: matching a route needs
/// only the route, which the fast path has without it).
enum MatchEnd {
  case terminal(Int32)
  case firstTerminal(ofNode: Int32)
}

/// The segments one path capture covers: `first ..< last` (one segment for `{name}`, one or
/// more for `{name*}`).
@usableFromInline
struct CaptureSpan {
  @usableFromInline var first: Int32
  @usableFromInline var last: Int32

  @usableFromInline
  init(first: Int32, last: Int32) {
    self.first = first
    self.last = last
  }
}

extension MatchScratch {
  /// The number of path parameters (`{name}`, `{name*}`) the last successful match captured,
  /// in the order the pattern names them. A value set (`{tab:a|b}`) is not among them: it is
  /// matched as literal edges, so nothing is captured; ``CompiledRouter/match(url:)`` gives its value.
  ///
  /// Valid after ``CompiledRouter/matchRoute(url:scratch:)`` returned a route, until the next match.
  ///
  /// ```swift
  /// // pattern "https://example.com/repos/{owner}/{repo}"
  /// if router.matchRoute(url: "https://example.com/repos/apple/swift", scratch: &scratch) != nil {
  ///   scratch.pathCaptureCount   // 2
  /// }
  /// ```
  @inlinable
  public var pathCaptureCount: Int { captureCount }

  /// The bytes path capture `k` covers in the matched URL's UTF-8, still percent-encoded: one
  /// segment for `{name}`, from the first to the last segment for `{name*}`.
  ///
  /// Decode the bytes with ``PercentDecoding/decode(_:into:)->Int?`` when they hold a `%`. (For a
  /// catch-all over a path with dot segments, such as `/files/a/x/../b`, the range still spans
  /// the dots; ``pathCaptureSegmentCount(_:)`` and ``pathCaptureSegment(_:_:)`` give the
  /// segments it is made of, and ``CompiledRouter/match(url:)`` the joined value.)
  ///
  /// ```swift
  /// let bytes = Array("https://example.com/repos/apple/swift".utf8)
  /// if bytes.withUnsafeBufferPointer({ router.matchRoute(utf8: $0, scratch: &scratch) }) != nil {
  ///   String(decoding: bytes[scratch.pathCapture(0)], as: UTF8.self)   // "apple"
  /// }
  /// ```
  @inlinable
  public func pathCapture(_ k: Int) -> Range<Int> {
    precondition(k >= 0 && k < captureCount, "capture index out of range")
    let span = captures[k]
    return segments[Int(span.first)].lowerBound..<segments[Int(span.last) &- 1].upperBound
  }

  /// The number of path segments path capture `k` is made of (1 for `{name}`).
  ///
  /// ```swift
  /// // pattern "https://example.com/files/{path*}", URL "https://example.com/files/a/b"
  /// scratch.pathCaptureSegmentCount(0)   // 2
  /// ```
  @inlinable
  public func pathCaptureSegmentCount(_ k: Int) -> Int {
    precondition(k >= 0 && k < captureCount, "capture index out of range")
    return Int(captures[k].last &- captures[k].first)
  }

  /// The bytes of segment `i` of path capture `k` in the matched URL's UTF-8, still percent-encoded.
  ///
  /// ```swift
  /// // pattern "https://example.com/files/{path*}", URL "https://example.com/files/a/b"
  /// scratch.pathCaptureSegment(0, 1)   // 28..<29, the "b"
  /// ```
  @inlinable
  public func pathCaptureSegment(_ k: Int, _ i: Int) -> Range<Int> {
    precondition(i >= 0 && i < pathCaptureSegmentCount(k), "segment index out of range")
    return segments[Int(captures[k].first) &+ i]
  }
}
