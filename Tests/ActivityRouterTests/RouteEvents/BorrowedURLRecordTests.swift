import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import RouteEvents
@testable import RouteMatcher

/// A record that borrows a line's bytes (`URLRecord(borrowing:ranges:)`, the engine's view of a
/// URL line) reads as the record that owns its text does, and the reader gives a borrowing
/// line the event and the error it gives the line read whole.
@Suite("URLRecord borrowing a line's bytes")
struct BorrowedURLRecordTests {
  static let urls = [
    "HTTPS://u:p@Bücher.Example:8443/a b/../c?q=1+2&q=3#top",
    "https://example.com/repos/8787/qet1539f/stats/participation",
    "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11?x=%2F&y#f",
    "https://[0:0::1]:80/a/%2e%2e/b%2Fc",
    "mailto:a@b.c",
    "file:///tmp/x.txt",
  ]

  @Test("reads as the owned record", arguments: urls)
  func readsAsOwned(text: String) throws {
    let owned = try URLRecord(parsing: text)
    var line = text
    try line.withUTF8 { bytes in
      let borrowed = try EventReader.readURL(borrowing: bytes).get()
      #expect(borrowed == owned)
      #expect(borrowed.hashValue == owned.hashValue)
      #expect(borrowed.text == owned.text)
      #expect(borrowed.ranges == owned.ranges)
      #expect(borrowed.scheme == owned.scheme)
      #expect(borrowed.normalizedScheme == owned.normalizedScheme)
      #expect(borrowed.host == owned.host)
      #expect(borrowed.normalizedHost == owned.normalizedHost)
      #expect(borrowed.port == owned.port)
      #expect(borrowed.path == owned.path)
      #expect(borrowed.query == owned.query)
      #expect(borrowed.fragment == owned.fragment)
      #expect(borrowed.absoluteString == owned.absoluteString)
      #expect(borrowed.pathSegments == owned.pathSegments)
      #expect(borrowed.queryItems.map(\.name) == owned.queryItems.map(\.name))
      #expect(borrowed.queryItems.map(\.value) == owned.queryItems.map(\.value))
      #expect(borrowed.decodedFragment == owned.decodedFragment)
      // Read in place, as the engine reads them.
      withUnsafePointer(to: borrowed) { b in
        withUnsafePointer(to: owned) { o in
          #expect(URLRecord.lowercasedScheme(at: b) == URLRecord.lowercasedScheme(at: o))
          #expect(URLRecord.isHTTPS(at: b) == URLRecord.isHTTPS(at: o))
          #expect(URLRecord.withBytes(at: b) { Array($0) } == Array(text.utf8))
          #expect(URLRecord.borrowedBytes(at: b).map { Array($0) } == Array(text.utf8))
          #expect(URLRecord.borrowedBytes(at: o) == nil)
          #expect(
            URLRecord.testAbsoluteString(at: b) { $0.count > 20 }
              == URLRecord.testAbsoluteString(at: o) { $0.count > 20 })
        }
      }
      #expect(EventReader.read(validUTF8: bytes) == .success(Event(.url(borrowed))))
    }
  }

  @Test("a borrowed record matches as the owned one")
  func matches() throws {
    let router = try TestTables.router([("note", "notes://note/{id}"), ("ab", "https://h.com/a/{x}/b")])
    var scratch = MatchScratch()
    for text in ["notes://note/42", "https://h.com/a/%41/b", "https://h.com/a/x/c", "notes://NOTE/1"] {
      let owned = try URLRecord(parsing: text)
      var line = text
      try line.withUTF8 { bytes in
        let borrowed = try EventReader.readURL(borrowing: bytes).get()
        let a = withUnsafePointer(to: borrowed) { router.match($0, scratch: &scratch) }
        let b = withUnsafePointer(to: owned) { router.match($0, scratch: &scratch) }
        #expect(a == b)
        #expect(router.match(borrowed, scratch: &scratch) == b)
      }
    }
  }

  @Test(
    "refused as the line read whole",
    arguments: [
      "", " https://a.com", "://x", "https://h.com\\evil.com/", "https://example.com/%zz", "x", "https://[::1/",
    ])
  func refused(text: String) {
    var line = text
    line.withUTF8 { bytes in
      guard case .failure(let borrowed) = EventReader.readURL(borrowing: bytes),
        case .failure(let whole) = EventReader.read(validUTF8: bytes)
      else {
        Issue.record("'\(text)' read")
        return
      }
      #expect(borrowed == whole)
    }
  }
}
