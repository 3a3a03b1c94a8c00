import ActivityRouter
import ActivityRouterTestSupport
import RouteTables
import RouterSupport
import Testing

@testable import RouteEvents
@testable import RouteMatcher

/// URLs with a query or a fragment on the fast path (the path walked on the raw bytes up to the
/// `?` or `#`, the constraints checked on the bytes after it, no URL reader): the same rule,
/// parameters and refusals as the general path, on tables of every query form and on generated
/// query strings full of the items that are easy to get wrong (repeated keys, empty values,
/// `&&`, `=` inside a value, `+`, `%` escapes, a `#` after the query).
@Suite struct FastQueryEquivalenceTests {
  static let tables: [(name: String, routes: [(String, String)], extra: String)] = [
    (
      "query constraints",
      [
        ("search", "https://example.com/search?q={q}&page={page:int?}"),
        ("search-all", "https://example.com/search"),
        ("tags", "https://example.com/t?tag={tags[]}"),
        ("ids", "https://example.com/t/{x}?id={ids:int[]}&n={n:uuid?}"),
        ("maybe", "https://example.com/o?x={xs[]?}"),
        ("grid", "https://example.com/mode?view=grid"),
        ("mode", "https://example.com/mode?view={view}"),
        ("set", "https://example.com/s/{n:int}/{tab:inbox|sent}?x={x?}"),
        ("affix", "https://example.com/a?id=item-{id:int}&v=v{major:int}.{minor:int}"),
        ("affix-any", "https://example.com/a?id={raw}"),
        ("fragment", "https://example.com/doc#{section}"),
        ("fragment-literal", "https://example.com/doc#top"),
        ("room", "https://example.com/app#/room/{id}"),
        ("app", "https://example.com/app"),
        ("new", "notes://new?title={title?}"),
        ("notes-search", "notes://search?q={query}"),
        ("note", "notes://note/{id:uuid}?v={v:int?}"),
        ("competing", "https://example.com/c/{x}?k={k}"),
        ("competing-new", "https://example.com/c/new?k={k:int}"),
        ("root", "https://example.com/?q={q}"),
      ], ""
    ),
    (
      "query constraints, plus as space",
      [
        ("search", "https://example.com/search?q={q}&page={page:int?}"),
        ("literal", "https://example.com/x?a+b=c+d"),
        ("list", "https://example.com/t?tag={tags[]}"),
        ("affix", "https://example.com/a?id=a+{x}"),
        ("keys", "https://example.com/k?q={q}&x={x?}"),
      ], #" "options": { "plusAsSpaceInQuery": true },"#
    ),
    (
      "query constraints, strict trailing slash",
      [
        ("search", "https://example.com/search?q={q}"),
        ("slash", "https://example.com/search/?q={q}&x={x?}"),
        ("root", "https://example.com/?r={r}"),
      ], #" "options": { "trailingSlash": "strict" },"#
    ),
  ]

  /// Query items: the keys the tables name, and items that bend them.
  static let items = [
    "q=1", "q=swift", "q=", "q", "page=2", "page=x", "page=-3", "page=", "tag=a", "tag=b", "tag=", "tag",
    "id=7", "id=-1", "id=item-7", "id=item-x", "id=item-", "v=v1.2", "v=v1.", "v=1.2", "x=1", "x=",
    "view=grid", "view=list", "view=gr%69d", "tab=inbox", "tab=sent", "tab=Inbox", "tab=in%62ox", "title=Groceries",
    "title=", "k=9", "k=new", "n=6f0e4f5a-6a57-4b55-9b0a-7c7c2b9b1e11", "n=x", "r=1", "a+b=c+d", "a%20b=c%20d",
    "a+b=c%20d", "id=a+b", "q=a+b", "q=a%2Bb", "q=a%20b", "q=%41", "q=%7e", "q=%zz", "q=%4", "q=%", "q=%00",
    "q=%7F", "q=%C3%A9", "q=caf\u{E9}", "q=a=b", "q==", "=x", "q=a b", "q=a%20b c", "q=[x]", "q=%41[x]",
    "q=a?b", "q=a/b", "q=a\\b", "q=a\u{7F}", "q=a\tb", "%71=1", "q%3D1", "Q=1", "tag=a%26b", "q=a;b",
    // Bytes Foundation encodes, beside an escape in the same component or alone; keys to decode.
    "q=%41<", "q=a`b", "q=%41{b}", "q=%41|b", "q=a^b%20", "q=\"%41\"", "t%69tle=x", "q+=1", "q%2B=1", "+q=1",
    "q=0123456789abcdef%20", "q=%20%20%20%20%20%20%20%20<",
  ]
  static let fragments = [
    "", "top", "intro", "/room/42", "/room/", "/room/a%20b", "/room/a/b", "a%20b", "%zz", "a#b", "a b",
    "%41[x]", "/room/%41", "/room/x?y=1", "\u{E9}",
  ]

  /// The tables' own paths with generated queries and fragments, and some random bytes.
  static func cases(_ routes: [(String, String)], seed: UInt64) -> [String] {
    var rng = SeededGenerator(seed: seed)
    func any<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }
    let values = ["apple", "42", "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11", "new", "x%41", "-1"]
    var paths: [String] = []
    for (_, pattern) in routes {
      var path = ""
      var inBraces = false
      for c in pattern {
        if c == "?" || c == "#" { break }
        if c == "{" {
          inBraces = true
          path += any(values)
        } else if c == "}" {
          inBraces = false
        } else if !inBraces {
          path.append(c)
        }
      }
      paths += [path, path + "/", path.replacing("example.com", with: "example.org")]
    }
    var urls: [String] = []
    for _ in 0..<6000 {
      var url = any(paths)
      switch rng.next() % 8 {
      case 0: break
      case 1: url += "#" + any(fragments)
      default:
        let count = Int(rng.next() % 5)
        let query = (0..<count).map { _ in any(items) }
        var separator = "&"
        if rng.next() % 8 == 0 { separator = "&&" }
        url += "?" + query.joined(separator: separator)
        if rng.next() % 10 == 0 { url += "&" }
        if rng.next() % 5 == 0 { url += "#" + any(fragments) }
      }
      if rng.next() % 30 == 0 { url += "?x=1" }
      urls.append(url)
    }
    return urls
  }

  @Test(arguments: tables.indices)
  func fastAndGeneralPathsAgree(_ t: Int) throws {
    let table = Self.tables[t]
    let router = try TestTables.router(table.routes, extra: table.extra)
    var scratch = MatchScratch()
    var disagreements: [String] = []
    var fastTaken = 0
    for url in Self.cases(table.routes, seed: 0x9E57 &+ UInt64(t)) {
      let general = router.matchGeneral(url: url)
      let full = router.match(url: url)
      if full != general {
        disagreements.append("\(url): match \(full), general path \(general)")
        continue
      }
      let rule = router.matchRoute(url: url, scratch: &scratch)
      let expected: Int? = if case .success(let m?) = general { m.route } else { nil }
      if rule != expected {
        disagreements.append(
          "\(url): matchRoute \(String(describing: rule)), general path \(String(describing: expected))")
      }
      var text = url
      let fast = text.withUTF8 { router.urls.fastMatchWithTail($0.baseAddress!, $0.count, &scratch) }
      switch fast {
      case .route(let route):
        fastTaken += 1
        if Int(route) != expected { disagreements.append("\(url): fast path \(route), general \(general)") }
      case .noRoute:
        fastTaken += 1
        if case .success(nil) = general {} else { disagreements.append("\(url): fast path no route, \(general)") }
      case .needsGeneralPath: break
      }
    }
    #expect(disagreements.isEmpty, "\(table.name): \(disagreements.prefix(10).joined(separator: "\n"))")
    // Most generated URLs have a query or fragment the fast path reads: it must take them.
    #expect(fastTaken > 2000, "\(table.name): the fast path took \(fastTaken)")
  }

  /// The fast path's word test for the bytes Foundation encodes in a query or a fragment is
  /// `ByteSet.fragmentAllowed`'s complement on printable ASCII (a `%` is an escape's, and left
  /// to the escape check), in every lane of a word.
  @Test func encodableLanesAreTheBytesFoundationEncodes() {
    for byte in UInt8(0x21)...UInt8(0x7E) {
      let expected = !ByteSet.fragmentAllowed.contains(byte) && byte != UInt8(ascii: "%")
      for lane in 0..<8 {
        var word = URLTrie.repeated(UInt8(ascii: "a"))
        word &= ~(UInt64(0xFF) << (8 * lane))
        word |= UInt64(byte) << (8 * lane)
        #expect((URLTrie.encodableLanes(word) != 0) == expected, "byte \(byte) in lane \(lane)")
      }
    }
  }

  /// The word-wise test of a component for those bytes (its whole words, then the word that ends
  /// at the component's end, the lanes before them left out) says what a byte-by-byte test of
  /// the component says, for components of every length to 30 at every offset, with encoded
  /// bytes just before and after them (which must not count) and inside them.
  @Test func holdsEncodableReadsTheComponentOnly() {
    var rng = SeededGenerator(seed: 0xE4C0)
    let plain = Array("abz09-._~!$&'()*+,;=:@/?%".utf8)
    let encodable = Array("\"#<>[\\]^`{|}".utf8)
    for _ in 0..<40000 {
      let count = 9 + Int(rng.next() % 40)
      let bytes = (0..<count).map { _ in
        rng.next() % 6 == 0
          ? encodable[Int(rng.next() % UInt64(encodable.count))] : plain[Int(rng.next() % UInt64(plain.count))]
      }
      let start = 9 + Int(rng.next() % UInt64(count - 8))
      let end = start + Int(rng.next() % UInt64(count - start + 1))
      let expected = bytes[start..<end].contains { !ByteSet.fragmentAllowed.contains($0) && $0 != UInt8(ascii: "%") }
      let got = bytes.withUnsafeBufferPointer { URLTrie.holdsEncodable($0.baseAddress!, from: start, end) }
      #expect(got == expected, "\(String(decoding: bytes, as: UTF8.self)) from \(start) to \(end)")
    }
  }

  /// Odd bytes put into the query and the fragment: refused or matched exactly as the general path.
  @Test(arguments: tables.indices)
  func oddBytesInTheQueryAgree(_ t: Int) throws {
    let table = Self.tables[t]
    let router = try TestTables.router(table.routes, extra: table.extra)
    var scratch = MatchScratch()
    var rng = SeededGenerator(seed: 0x0DD0 &+ UInt64(t))
    let odd: [UInt8] = [
      0x00, 0x09, 0x0A, 0x20, 0x22, 0x23, 0x25, 0x26, 0x2B, 0x3D, 0x3F, 0x5B, 0x5C, 0x7F, 0x80, 0xC3, 0xA9, 0xFF,
    ]
    var disagreements: [String] = []
    for url in Self.cases(table.routes, seed: 0xF00D &+ UInt64(t)).prefix(3000) {
      var bytes = Array(url.utf8)
      guard let start = bytes.firstIndex(where: { $0 == 0x3F || $0 == 0x23 }) else { continue }
      for _ in 0..<Int(1 + rng.next() % 2) {
        let at = start + Int(rng.next() % UInt64(bytes.count - start + 1))
        if rng.next() % 2 == 0 || at >= bytes.count {
          bytes.insert(odd[Int(rng.next() % UInt64(odd.count))], at: min(at, bytes.count))
        } else {
          bytes[at] = odd[Int(rng.next() % UInt64(odd.count))]
        }
      }
      let (fast, general) = bytes.withUnsafeBufferPointer {
        (router.matchRoute(utf8: $0, scratch: &scratch), router.matchRouteGeneral(utf8: $0))
      }
      if fast != general {
        disagreements.append(
          "\(String(decoding: bytes, as: UTF8.self)): fast \(String(describing: fast)), general \(String(describing: general))"
        )
      }
    }
    #expect(disagreements.isEmpty, "\(table.name): \(disagreements.prefix(5).joined(separator: "\n"))")
  }

  /// One pass over a query item (``URLTrie/queryItem(_:from:to:_:plus:)``) gives what the three
  /// scans it replaces gave: the item's end (its first `&`), its key's end (its first `=`) and
  /// whether the key holds a `%` (or a `+` read as a space), on random bytes where each of them
  /// falls before, on and after a word's edge, and where the query ends inside a word.
  @Test func queryItemIsTheThreeScans() {
    var rng = SeededGenerator(seed: 0x17E4)
    let alphabet: [UInt8] = Array("aaaaaaabc&=%+#".utf8)
    for _ in 0..<40000 {
      let count = 8 + Int(rng.next() % 33)
      let bytes = (0..<count).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
      let start = Int(rng.next() % UInt64(count + 1))
      let queryEnd = start + Int(rng.next() % UInt64(count - start + 1))
      let plus = rng.next() % 2 == 0
      bytes.withUnsafeBufferPointer { buffer in
        let p = buffer.baseAddress!
        let end = URLTrie.firstByte(0x26, p, from: start, to: queryEnd, count)
        let equals = URLTrie.firstByte(0x3D, p, from: start, to: end, count)
        let escaped =
          URLTrie.firstByte(0x25, p, from: start, to: equals, count) < equals
          || (plus && URLTrie.firstByte(0x2B, p, from: start, to: equals, count) < equals)
        let item = URLTrie.queryItem(p, from: start, to: queryEnd, count, plus: plus)
        let text = String(decoding: bytes, as: UTF8.self)
        if escaped {
          #expect(item.equals == -1, "\(text) from \(start) to \(queryEnd), plus \(plus): \(item)")
        } else {
          #expect(
            item.end == end && item.equals == equals,
            "\(text) from \(start) to \(queryEnd), plus \(plus): \(item), not \(end), \(equals)")
        }
      }
    }
  }

  /// Query items whose `&`, `=`, `%` and `+` fall on every byte of a word, around the key a
  /// constraint names (one of one to twelve bytes): the fast path's answer is the general
  /// path's, with and without `+` read as a space.
  @Test(arguments: [false, true])
  func queryItemsAroundWordEdgesAgree(_ plusAsSpace: Bool) throws {
    let routes = [
      ("k", "notes://k?k={k}"),
      ("key", "notes://key?abcdefgh={v}&x={x?}"),
      ("long", "notes://long/{id}?abcdefghijkl={v?}"),
    ]
    let router = try TestTables.router(
      routes, extra: plusAsSpace ? #" "options": { "plusAsSpaceInQuery": true },"# : "")
    var scratch = MatchScratch()
    var rng = SeededGenerator(seed: plusAsSpace ? 0x1E41 : 0x1E40)
    let keys = ["k", "x", "abcdefgh", "abcdefg", "abcdefghi", "abcdefghijkl", "abcdefghijk", "", "q"]
    let marks = ["%41", "+", "=", "&", "%20", "a", "abcdefgh"]
    let heads = ["notes://k", "notes://key", "notes://long/42", "notes://long/abcdefghijklmn"]
    var disagreements: [String] = []
    var fastTaken = 0
    for _ in 0..<6000 {
      var query: [String] = []
      for _ in 0..<Int(1 + rng.next() % 3) {
        var key = keys[Int(rng.next() % UInt64(keys.count))]
        if rng.next() % 3 == 0 {
          let at = key.index(key.startIndex, offsetBy: Int(rng.next() % UInt64(key.count + 1)))
          key.insert(contentsOf: marks[Int(rng.next() % UInt64(marks.count))], at: at)
        }
        let value = String(repeating: "v", count: Int(rng.next() % 10))
        let item =
          switch rng.next() % 4 {
          case 0: key
          case 1: key + "=" + value + marks[Int(rng.next() % UInt64(marks.count))]
          default: key + "=" + value
          }
        query.append(item)
      }
      var url = heads[Int(rng.next() % UInt64(heads.count))] + "?" + query.joined(separator: "&")
      if rng.next() % 6 == 0 { url += "#f" }
      let general = router.matchGeneral(url: url)
      if router.match(url: url) != general { disagreements.append("\(url): match(url:) differs") }
      let expected: Int? = if case .success(let m?) = general { m.route } else { nil }
      let rule = router.matchRoute(url: url, scratch: &scratch)
      if rule != expected { disagreements.append("\(url): matchRoute \(String(describing: rule)), \(general)") }
      var text = url
      let fast = text.withUTF8 { router.urls.fastMatchWithTail($0.baseAddress!, $0.count, &scratch) }
      if fast != .needsGeneralPath { fastTaken += 1 }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10).joined(separator: "\n"))")
    // Most of them are decided on the fast path, where the item scan is.
    #expect(fastTaken > 3000, "the fast path took \(fastTaken)")
  }

  /// Named cases, one per query form: what each URL gives on the fast path (and that it is
  /// decided there), and that the general path gives the same.
  @Test(arguments: [
    ("notes://new?title=Groceries", "new", #"{"title":"Groceries"}"#),
    ("notes://new?", "new", "{}"),
    ("notes://new#x", "new", "{}"),
    ("notes://search?q=meeting%20notes", "notes-search", #"{"query":"meeting notes"}"#),
    ("notes://search?q=a&q=b", "notes-search", #"{"query":"a"}"#),
    ("notes://search?q=", "notes-search", #"{"query":""}"#),
    ("notes://search?q=a=b", "notes-search", #"{"query":"a=b"}"#),
    ("notes://search?&&q=x&&", "notes-search", #"{"query":"x"}"#),
    ("notes://search?q=a+b", "notes-search", #"{"query":"a+b"}"#),
    (
      "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11?v=3", "note",
      #"{"id":"6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11","v":3}"#
    ),
    ("https://example.com/search?page=2&q=swift", "search", #"{"page":2,"q":"swift"}"#),
    ("https://example.com/search?page=x&q=swift", "search-all", "{}"),
    ("https://example.com/t?tag=a&tag=&tag=b", "tags", #"{"tags":["a","","b"]}"#),
    ("https://example.com/t/x?id=1&id=-2", "ids", #"{"ids":[1,-2],"x":"x"}"#),
    ("https://example.com/o#x", "maybe", "{}"),
    ("https://example.com/mode?view=grid", "grid", "{}"),
    ("https://example.com/mode?view=gr%69d", "grid", "{}"),
    ("https://example.com/mode?view=list", "mode", #"{"view":"list"}"#),
    ("https://example.com/s/4/sent?x=1", "set", #"{"n":4,"tab":"sent","x":"1"}"#),
    ("https://example.com/a?id=item-7&v=v1.2", "affix", #"{"id":7,"major":1,"minor":2}"#),
    ("https://example.com/a?id=item-x&v=v1.2", "affix-any", #"{"raw":"item-x"}"#),
    ("https://example.com/doc#intro", "fragment", #"{"section":"intro"}"#),
    ("https://example.com/doc#top", "fragment-literal", "{}"),
    ("https://example.com/app#/room/42", "room", #"{"id":"42"}"#),
    ("https://example.com/app#/lobby", "app", "{}"),
    ("https://example.com/c/new?k=3", "competing-new", #"{"k":3}"#),
    ("https://example.com/c/new?k=x", "competing", #"{"k":"x","x":"new"}"#),
    ("https://example.com?q=1", "root", #"{"q":"1"}"#),
  ])
  func eachQueryFormOnTheFastPath(_ url: String, _ route: String, _ parameters: String) throws {
    let router = try TestTables.router(Self.tables[0].routes)
    var scratch = MatchScratch()
    var text = url
    let fast = text.withUTF8 { router.urls.fastMatchWithTail($0.baseAddress!, $0.count, &scratch) }
    guard case .route = fast else {
      Issue.record("\(url): \(fast), not decided on the fast path")
      return
    }
    let match = try #require(try router.match(url: url).get())
    #expect(match.routeName == route)
    var json: [UInt8] = []
    JSONWriter.append(.object(match.parameters.object), to: &json, sortedKeys: true)
    #expect(String(decoding: json, as: UTF8.self) == parameters)
    #expect(try router.matchGeneral(url: url).get() == match)
  }

  /// What the fast path leaves to the general path, which decides (or refuses) it.
  @Test(arguments: [
    "notes://search?q=caf%C3%A9",  // an escape that decodes to more than ASCII
    "notes://search?q=%zz",  // refused by the reader
    "notes://search?q=%41[x]",  // refused: escapes beside a byte Foundation encodes
    "notes://search?q=a\u{7F}",  // refused: a control character
    "notes://search?q=caf\u{E9}",  // not ASCII
  ])
  func leftToTheGeneralPath(_ url: String) throws {
    let router = try TestTables.router(Self.tables[0].routes)
    var scratch = MatchScratch()
    var text = url
    let fast = text.withUTF8 { router.urls.fastMatchWithTail($0.baseAddress!, $0.count, &scratch) }
    #expect(fast == .needsGeneralPath)
    #expect(router.match(url: url) == router.matchGeneral(url: url))
  }

  /// `match(url:)` keeps one scratch between calls: from many tasks at once each call still
  /// gets memory of its own (ThreadSanitizer's CI run checks the hand-over), and every answer is
  /// the general path's.
  @Test func matchFromManyTasksAtOnce() async throws {
    let router = try TestTables.router(Self.tables[0].routes)
    let urls = Self.cases(Self.tables[0].routes, seed: 0x7A5C).prefix(400)
    let expected = urls.map { router.matchGeneral(url: $0) }
    let wrong = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<8 {
        group.addTask {
          var wrong = 0
          for (url, answer) in zip(urls, expected) where router.match(url: url) != answer { wrong += 1 }
          return wrong
        }
      }
      return await group.reduce(0, +)
    }
    #expect(wrong == 0)
  }
}
