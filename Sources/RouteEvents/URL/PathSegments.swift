import RouterSupport

/// The segments of a URL path: split on the raw `/` (never on `%2F`), dot segments resolved.
///
/// Policy, the same for every scheme:
/// - The leading `/` is the root, not a separator: `""` and `"/"` both have no segments and no
///   trailing slash.
/// - A trailing `/` is reported in ``hasTrailingSlash`` and adds no empty segment: `/a/b/` is
///   `[a, b]` with a trailing slash. The matcher decides whether `/a/b` and `/a/b/` are the same.
/// - Empty middle segments are kept as empty ranges: `/a//b` is `[a, "", b]`.
/// - `.` and `..` are resolved the WHATWG way, and so are their percent-encoded spellings (`%2e`,
///   `.%2e`, `%2e.`, `%2e%2e`, any case): `..` removes the previous segment, and a `..` above the root
///   stays at the root. A dot segment at the end leaves a trailing slash (`/a/b/..` is `[a]` + `/`).
///   Browsers do this before sending a URL; Foundation keeps the dots, so resolving them here is
///   what makes both readings route alike (and stops traversal through `%2e%2e`).
/// - Opaque paths (`notes:note/1`) are split and resolved the same way.
///
/// ```swift
/// let bytes = Array("/a/./b/../%2e%2e/c%2Fd/".utf8)
/// let segments = try bytes.withUnsafeBufferPointer { try PathSegments($0, path: 0..<$0.count) }
/// segments.ranges.count       // 1: "c%2Fd" (still encoded; decode each segment once)
/// segments.hasTrailingSlash   // true
/// ```
public struct PathSegments: Sendable, Hashable {
  /// The most segments a path may hold at any point while its dot segments are resolved: 256.
  public static let maxCount = 256

  /// The segment ranges, as offsets into the bytes the path was read from; still percent-encoded.
  public var ranges: [Range<Int>]
  /// Whether the path ends with `/` after a segment (or with a dot segment).
  public var hasTrailingSlash: Bool

  /// The outcome of the allocation-free ``resolve(_:path:into:)``: how many ranges it wrote.
  public struct Shape: Sendable, Hashable {
    /// The number of segment ranges written.
    public var count: Int
    /// Whether the path has a trailing slash.
    public var hasTrailingSlash: Bool
  }

  /// Creates segments from their parts.
  public init(ranges: [Range<Int>], hasTrailingSlash: Bool) {
    self.ranges = ranges
    self.hasTrailingSlash = hasTrailingSlash
  }

  /// Splits and resolves `bytes[path]`, allocating an array of at most `limit` ranges.
  public init(_ bytes: UnsafeBufferPointer<UInt8>, path: Range<Int>, limit: Int = maxCount) throws(URLReadError) {
    let capacity = max(limit, 0)
    var ranges = [Range<Int>](repeating: 0..<0, count: capacity)
    let result = ranges.withUnsafeMutableBufferPointer { Self.resolve(bytes, path: path, into: $0) }
    switch result {
    case .success(let shape):
      ranges.removeSubrange(shape.count...)
      self.ranges = ranges
      self.hasTrailingSlash = shape.hasTrailingSlash
    case .failure(let error):
      throw error
    }
  }

  /// Splits and resolves `bytes[path]`, writing segment ranges into `out`.
  ///
  /// Allocation-free: the hot path gives a stack buffer. Fails with
  /// ``URLReadError/Reason/tooManySegments`` when `out` is full.
  /// Splits a path on `/` as it is written, for a URL without an authority: a leading `/` is
  /// skipped, a trailing one noted, dot segments kept, empty segments kept; nil when there are
  /// more than `out.count` segments.
  package static func splitAsWritten(
    _ bytes: UnsafeBufferPointer<UInt8>, path: Range<Int>, into out: UnsafeMutableBufferPointer<Range<Int>>
  ) -> Shape? {
    var p = path.lowerBound
    let end = path.upperBound
    if p < end && bytes[p] == 0x2F { p &+= 1 }
    if p == end { return Shape(count: 0, hasTrailingSlash: false) }
    var count = 0
    var start = p
    var i = p
    var trailing = false
    while i <= end {
      if i < end && bytes[i] != 0x2F {
        i &+= 1
        continue
      }
      if i == end && start == i {
        trailing = true
      } else {
        guard count < out.count else { return nil }
        out[count] = start..<i
        count &+= 1
      }
      start = i &+ 1
      i &+= 1
    }
    return Shape(count: count, hasTrailingSlash: trailing)
  }

  public static func resolve(
    _ bytes: UnsafeBufferPointer<UInt8>, path: Range<Int>, into out: UnsafeMutableBufferPointer<Range<Int>>
  ) -> Result<Shape, URLReadError> {
    var count = 0
    var trailing = false
    var p = path.lowerBound
    let end = path.upperBound
    if p < end && bytes[p] == 0x2F { p &+= 1 }
    if p == end { return .success(Shape(count: 0, hasTrailingSlash: false)) }
    var start = p
    var i = p
    while i <= end {
      if i < end && bytes[i] != 0x2F {
        i &+= 1
        continue
      }
      let segment = start..<i
      let isLast = i == end
      if isDoubleDot(bytes, segment) {
        if count > 0 { count &-= 1 }
        if isLast { trailing = count > 0 }
      } else if isSingleDot(bytes, segment) {
        if isLast { trailing = count > 0 }
      } else if isLast && segment.isEmpty {
        trailing = count > 0
      } else {
        guard count < out.count else {
          return .failure(
            URLReadError(
              .invalidURL, URLReadError.Reason.tooManySegments, at: segment.lowerBound,
              "the path has more than \(out.count) segments"))
        }
        out[count] = segment
        count &+= 1
      }
      start = i &+ 1
      i &+= 1
    }
    return .success(Shape(count: count, hasTrailingSlash: trailing))
  }

  /// Whether `bytes[segment]` is `.` or `%2e` (any case).
  public static func isSingleDot(_ bytes: UnsafeBufferPointer<UInt8>, _ segment: Range<Int>) -> Bool {
    switch segment.count {
    case 1: return bytes[segment.lowerBound] == 0x2E
    case 3: return isEncodedDot(bytes, segment.lowerBound)
    default: return false
    }
  }

  /// Whether `bytes[segment]` is `..`, `.%2e`, `%2e.` or `%2e%2e` (any case).
  public static func isDoubleDot(_ bytes: UnsafeBufferPointer<UInt8>, _ segment: Range<Int>) -> Bool {
    let s = segment.lowerBound
    switch segment.count {
    case 2: return bytes[s] == 0x2E && bytes[s &+ 1] == 0x2E
    case 4:
      return (bytes[s] == 0x2E && isEncodedDot(bytes, s &+ 1)) || (isEncodedDot(bytes, s) && bytes[s &+ 3] == 0x2E)
    case 6: return isEncodedDot(bytes, s) && isEncodedDot(bytes, s &+ 3)
    default: return false
    }
  }

  private static func isEncodedDot(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
    bytes[i] == 0x25 && bytes[i &+ 1] == 0x32 && bytes[i &+ 2] | 0x20 == 0x65
  }
}
