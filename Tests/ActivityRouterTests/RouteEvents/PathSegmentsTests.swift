import ActivityRouter
import Testing

@testable import DecisionRecords
@testable import RouteEvents
@testable import RouteMatcher

/// A path and the raw segments and trailing slash it must give.
struct SegmentCase: Sendable, CustomTestStringConvertible {
  var testDescription: String
  var path: String
  var segments: [String]
  var trailingSlash: Bool
  init(_ name: String, _ path: String, _ segments: [String], trailing: Bool = false) {
    testDescription = name
    self.path = path
    self.segments = segments
    trailingSlash = trailing
  }
}

private let segmentCases: [SegmentCase] = [
  .init("empty path", "", []),
  .init("root", "/", []),
  .init("one segment", "/a", ["a"]),
  .init("trailing slash", "/a/", ["a"], trailing: true),
  .init("two segments", "/a/b", ["a", "b"]),
  .init("empty middle segment kept", "/a//b", ["a", "", "b"]),
  .init("only slashes", "//", [""], trailing: true),
  .init("empty segments and a trailing slash", "/a//", ["a", ""], trailing: true),
  .init("single dot removed", "/a/./b", ["a", "b"]),
  .init("double dot removes the previous segment", "/a/../b", ["b"]),
  .init("double dot above the root stays at the root", "/../a", ["a"]),
  .init("many double dots above the root", "/a/../../../b", ["b"]),
  .init("double dot at the end leaves a trailing slash", "/a/b/..", ["a"], trailing: true),
  .init("double dot back to the root", "/a/..", []),
  .init("single dot at the end leaves a trailing slash", "/a/b/.", ["a", "b"], trailing: true),
  .init("%2e%2E is a double dot", "/a/%2e%2E/b", ["b"]),
  .init(".%2e is a double dot", "/a/.%2e/b", ["b"]),
  .init("%2e. is a double dot", "/a/%2E./b", ["b"]),
  .init("%2e is a single dot", "/a/%2e/b", ["a", "b"]),
  .init("double dot pops an empty segment", "/a//../b", ["a", "b"]),
  .init("three dots are a name", "/.../a", ["...", "a"]),
  .init("%2e%2e%2e is a name", "/%2e%2e%2e", ["%2e%2e%2e"]),
  .init("dot inside a name", "/a.b/..c/c..", ["a.b", "..c", "c.."]),
  .init("%2F never splits", "/a%2Fb/c", ["a%2Fb", "c"]),
  .init("%2F as a whole segment", "/a/%2F/b", ["a", "%2F", "b"]),
  .init("%5C never splits", "/a%5Cb", ["a%5Cb"]),
  .init("opaque path", "note/1", ["note", "1"]),
  .init("opaque path with dots", "a/../b", ["b"]),
  .init("opaque path, trailing slash", "note/", ["note"], trailing: true),
]

@Suite("PathSegments")
struct PathSegmentsTests {
  @Test("split on raw '/', dot segments resolved", arguments: segmentCases)
  func split(_ c: SegmentCase) throws {
    let bytes = Array(c.path.utf8)
    let segments = try bytes.withUnsafeBufferPointer { try PathSegments($0, path: 0..<$0.count) }
    #expect(segments.ranges.map { String(decoding: bytes[$0], as: UTF8.self) } == c.segments)
    #expect(segments.hasTrailingSlash == c.trailingSlash)
  }

  @Test("ranges are offsets into the whole input")
  func offsets() throws {
    let bytes = Array("https://h.com/ab/cd?x".utf8)
    let segments = try bytes.withUnsafeBufferPointer { try PathSegments($0, path: 13..<19) }
    #expect(segments.ranges == [14..<16, 17..<19])
  }

  @Test("the segment limit is accepted, one past it is not")
  func limit() throws {
    let atLimit = Array(String(repeating: "/a", count: PathSegments.maxCount).utf8)
    let pastLimit = atLimit + Array("/a".utf8)
    let ok = try atLimit.withUnsafeBufferPointer { try PathSegments($0, path: 0..<$0.count) }
    #expect(ok.ranges.count == PathSegments.maxCount)
    #expect(throws: URLReadError.self) {
      _ = try pastLimit.withUnsafeBufferPointer { try PathSegments($0, path: 0..<$0.count) }
    }
    let error = try #require(
      pastLimit.withUnsafeBufferPointer { buffer -> URLReadError? in
        do throws(URLReadError) { _ = try PathSegments(buffer, path: 0..<buffer.count) } catch { return error }
        return nil
      })
    #expect(error.reason == URLReadError.Reason.tooManySegments)
    #expect(error.offset == 2 * PathSegments.maxCount + 1)
  }

  @Test("the allocation-free form writes into a caller's buffer")
  func callerBuffer() throws {
    let bytes = Array("/a/b/../c/d".utf8)
    var storage = [Range<Int>](repeating: 0..<0, count: 3)
    let shape = try bytes.withUnsafeBufferPointer { input in
      try storage.withUnsafeMutableBufferPointer { PathSegments.resolve(input, path: 0..<input.count, into: $0) }.get()
    }
    #expect(shape == PathSegments.Shape(count: 3, hasTrailingSlash: false))
    #expect(storage.map { String(decoding: bytes[$0], as: UTF8.self) } == ["a", "c", "d"])

    var small = [Range<Int>](repeating: 0..<0, count: 1)
    let failure = bytes.withUnsafeBufferPointer { input in
      small.withUnsafeMutableBufferPointer { PathSegments.resolve(input, path: 0..<input.count, into: $0) }
    }
    guard case .failure(let error) = failure else {
      Issue.record("a one-range buffer held three segments")
      return
    }
    #expect(error.reason == URLReadError.Reason.tooManySegments)
  }

  @Test(
    "segments decode once, after splitting",
    arguments: [
      ("https://h.com/a%252Fb/c%2Fd", ["a%2Fb", "c/d"]),
      ("https://h.com/%2e%2e/%2E%2E/etc/passwd", ["etc", "passwd"]),
      ("https://h.com/a/%2e%2e%2Fetc", ["a", "../etc"]),
      ("https://h.com/a%5C..%5Cb", ["a\\..\\b"]),
      ("notes:note/caf%C3%A9", ["note", "café"]),
    ])
  func decodedSegments(_ input: String, _ expected: [String]) throws {
    #expect(try URLRecord(parsing: input).pathSegments == expected)
  }
}
