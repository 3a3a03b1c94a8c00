import ActivityRouter
import ActivityRouterTestSupport
import RouteTables
import Testing

@testable import DecisionRecords
@testable import RouteEvents
@testable import RouteMatcher

/// The matcher's fast path (raw bytes, eight at a time, no backtracking) must give exactly what
/// the general path gives (read the URL, resolve dot segments, decode, backtrack) on every input:
/// the same rule, the same parameters, the same refusal. These tests compare the two on tables
/// that exercise every kind of node and on generated URLs full of the bytes that make the fast
/// path step aside.
@Suite struct FastPathEquivalenceTests {
  /// Tables (routes in table order, and JSON to add at the top level).
  static let tables: [(name: String, routes: [(String, String)], extra: String)] = [
    (
      "literals and parameters",
      [
        ("root", "https://example.com/"),
        ("repos", "https://example.com/repos/{owner}/{repo}"),
        ("issues", "https://example.com/repos/{owner}/{repo}/issues"),
        ("issue", "https://example.com/repos/{owner}/{repo}/issues/{number}"),
        ("user", "https://example.com/users/{user}"),
        ("long", "https://example.com/applications/authorizations-and-grants/{id}"),
        ("mid", "https://example.com/notifications/threads/{id}/subscription"),
        ("files", "https://example.com/files/{path*}"),
        ("dots", "https://example.com/v1.2/a.b/{x}"),
        ("odd", "https://example.com/~x/a&b/c'd/(e)/{y}"),
        ("other", "myapp-development://open/item/{id}"),
        ("port", "https://example.com:8443/p/{x}"),
        ("short", "a://bc/{x}"),
      ], ""
    ),
    (
      "literals and parameters compete",
      [
        ("new", "https://example.com/users/new"),
        ("by-id", "https://example.com/users/{id}"),
        ("edit", "https://example.com/users/{id}/edit"),
        ("settings", "https://example.com/users/new/settings"),
        ("typed", "https://example.com/orders/{n:int}"),
        ("uuid", "https://example.com/orders/{u:uuid}/items"),
        ("any", "https://example.com/orders/{slug}"),
        ("opt", "https://example.com/docs/{page?}"),
        ("star", "https://example.com/w/*/x"),
        ("rest", "https://example.com/w/{rest*}"),
        ("query", "https://example.com/search?q={q}&page={page:int?}"),
        ("plain-search", "https://example.com/search"),
        ("fragment", "https://example.com/doc#{section}"),
        ("doc", "https://example.com/doc"),
        ("encoded", "https://example.com/caf%C3%A9/{x}"),
        ("pct", "https://example.com/a%25b/{x}"),
        ("bang", "https://example.com/!x/{x}"),
      ], ""
    ),
    (
      "wildcard hosts",
      [
        ("sub", "https://*.example.com/p/{x}"),
        ("www", "https://www.example.com/p/{x}/q"),
        ("exact", "https://www.example.com/e/{x}"),
      ], ""
    ),
    (
      "unusual hosts",
      [
        ("file", "file:///files/{x}"),
        ("v4", "https://127.0.0.1/ip/{x}"),
        ("empty-host", "myapp:///empty/{x}"),
        ("idn", "https://bücher.example/b/{x}"),
      ], ""
    ),
    (
      "strict trailing slash",
      [
        ("no-slash", "https://example.com/a/{x}"),
        ("slash", "https://example.com/a/{x}/"),
        ("b", "https://example.com/b"),
      ], #" "options": { "trailingSlash": "strict" },"#
    ),
    (
      "case-insensitive paths",
      [
        ("about", "https://example.com/About/{x}")
      ], #" "options": { "caseSensitivePaths": false },"#
    ),
    (
      "value sets",
      [
        ("folder", "https://example.com/mail/{tab:inbox|sent|archive}"),
        ("message", "https://example.com/mail/{tab:inbox|sent}/{id:int}"),
        ("any", "https://example.com/mail/{name}"),
        ("drafts", "https://example.com/mail/drafts/{id}"),
        ("view", "https://example.com/view/{mode:list|grid?}/{x}"),
        ("long", "https://example.com/{kind:authorizations-and-grants|a}/{x}"),
        ("app", "myapp-development://open/{screen:inbox|settings}"),
      ], ""
    ),
    (
      "affixed query values",
      [
        ("item", "https://example.com/q?id=item-{id:int}"),
        ("slug", "https://example.com/q?id=item-{slug}"),
        ("plain", "https://example.com/q?id={raw}"),
        ("version", "https://example.com/api?v=v{major:int}.{minor:int}&x={x?}"),
      ], ""
    ),
    (
      "named value sets",
      [
        ("folder", "https://example.com/mail/{box:tab}"),
        ("message", "https://example.com/mail/{box:tab}/{id:int}"),
        ("any", "https://example.com/mail/{name}"),
        ("view", "https://example.com/view/{mode:layout?}/{x}"),
        ("app", "myapp-development://open/{screen:tab}"),
      ], #" "valueSets": { "tab": ["inbox", "sent", "caf%C3%A9"], "layout": ["list"] },"#
    ),
    (
      "affixed segments",
      [
        ("json", "https://example.com/files/{name}.json"),
        ("index", "https://example.com/files/index.json"),
        ("file", "https://example.com/files/{name}"),
        ("ext", "https://example.com/files/{base}.{ext}"),
        ("account", "https://example.com/u/@{account}/{tab?}"),
        ("item", "https://example.com/i/item-{id:int}"),
        ("item-slug", "https://example.com/i/item-{slug}/edit"),
        ("slug-id", "https://example.com/p/{slug}-{id:int}"),
        ("version", "https://example.com/api/v{major:int}.{minor:int}/{path*}"),
        ("uuid", "myapp-development://open/n-{id:uuid}.md"),
      ], ""
    ),
    (
      "affixed segments, case-insensitive paths",
      [
        ("json", "https://example.com/Files/{name}.JSON"),
        ("v", "https://example.com/V{n:int}-{x}"),
      ], #" "options": { "caseSensitivePaths": false },"#
    ),
    (
      "optional groups",
      [
        ("product", "https://example.com[/en]/products/{id}"),
        ("plain", "https://example.com/products/new"),
        ("sale", "https://example.com/shop[/sale/today]/{n:int}"),
        ("shop", "https://example.com/shop/{x}"),
      ], ""
    ),
    (
      "optional catch-alls",
      [
        ("files", "https://example.com/files/{path*?}"),
        ("files-root", "https://example.com/files"),
        ("docs", "https://example.com/docs/{page:int}/{rest*?}"),
        ("any", "https://example.com/{first}/{rest*?}"),
      ], ""
    ),
    (
      "no authority",
      [
        ("mail", "mailto:{address}"),
        ("user", "matrix:u/{user}"),
        ("share", "myapp:/share/{x?}"),
        ("feed", "feed:{url*}"),
        ("host", "myapp://share/{x}"),
        ("host-feed", "feed://example.com/{x}"),
      ], ""
    ),
    (
      "host parameters",
      [
        ("screen", "myapp-development://{screen}/{id}"),
        ("open", "myapp-development://open/{x}"),
        ("numbered", "myapp-development://{n:int}/{rest*?}"),
        ("feed", "feed://{host}/{path*}"),
        ("feed-example", "feed://example.com/{x}"),
        ("feed-sub", "feed://*.example.com/{x}/{y}"),
        ("a", "a://{h}"),
      ], ""
    ),
    (
      "typed parameters alone",
      [
        ("note", "notes://note/{id:uuid}"),
        ("close", "notes://note/{id:uuid}/close"),
        ("n", "https://example.com/n/{id:uuid}"),
        ("attachment", "https://example.com/n/{id:uuid}/attachments/{path*}"),
        ("order", "https://example.com/orders/{n:int}"),
        ("chain", "https://example.com/a/{x:int}/{y:int}/{z}"),
        ("mixed", "https://example.com/m/{x}/{y:uuid}/{z:int}/end"),
        ("query", "https://example.com/q/{n:int}?page={page:int?}"),
        ("set", "https://example.com/s/{n:int}/{tab:inbox|sent}"),
      ], ""
    ),
    (
      "affixed segments against parameters",
      [
        ("json", "https://example.com/files/{name}.json"),
        ("file", "https://example.com/files/{name}"),
        ("number", "https://example.com/files/{n:int}"),
        ("at", "https://example.com/u/@{account}"),
        ("user", "https://example.com/u/{user}/{tab:posts|likes?}"),
        ("pair", "https://example.com/d/{a}-{b:int}"),
        ("int", "https://example.com/d/{x:int}"),
        ("deeper", "https://example.com/d/{x}/more"),
        ("item", "https://example.com/i/item-{id:int}"),
        ("item-slug", "https://example.com/i/item-{slug}"),
        ("uuid", "https://example.com/i/{u:uuid}"),
      ], ""
    ),
    (
      "affixed edges on the fast path",
      [
        ("json", "https://example.com/files/{name}.json"),
        ("index", "https://example.com/files/index.json"),
        ("ext", "https://example.com/files/{base}.{ext}"),
        ("number", "https://example.com/files/{n:int}"),
        ("file", "https://example.com/files/{name}"),
        ("whole", "https://example.com/w/item-{x}"),
        ("prefix-literal", "https://example.com/w/item-"),
        ("at", "https://example.com/u/@{account}/posts"),
        ("user", "https://example.com/u/{user}/{tab}"),
        ("version", "https://example.com/api/v{major:int}.{minor:int}/{rest*?}"),
        ("api-any", "https://example.com/api/{x}/{y}"),
        ("three", "https://example.com/t/{a}-{b}-{c:int}"),
        ("dotted", "https://example.com/t/{a}.{b:int}"),
        ("note", "https://example.com/t/n-{id:uuid}"),
        ("t-uuid", "https://example.com/t/{x:uuid}"),
        ("deep", "https://example.com/d/{a}.x/{b}.y/{c}"),
        ("deep-any", "https://example.com/d/{a}/{b}/{c}"),
        ("s-json", "https://example.com/s/{name}.json"),
        ("s-rest", "https://example.com/s/{rest*}"),
        ("app", "myapp-development://open/{slug}-{id:int}.md"),
      ], ""
    ),
    (
      "one affixed child (the one-affix step)",
      [
        ("json", "https://example.com/o/{name}.json"),
        ("item", "https://example.com/p/item-{id}/edit"),
        ("both", "https://example.com/q/v{n}-beta"),
        ("long-suffix", "https://example.com/r/{name}.backup-archive"),
        ("long-prefix", "https://example.com/l/release-candidate-{n}/notes"),
        ("same-bytes", "https://example.com/ab/ab{x}ba"),
        ("nested", "https://example.com/n/{a}.x/{b}.y"),
        ("below-general", "https://example.com/g/pre-{a}/{rest*?}"),
        ("sibling", "https://example.com/v/v{n}-beta"), ("sibling-literal", "https://example.com/v/vx-beta"),
        ("custom", "myapp-development://open/{slug}.md"),
        // The ends compared as words: eight bytes each, a '.' prefix (a `..` segment fits it),
        // and literals that are not fast bytes (no one-affix step: the competing step decides).
        ("eight", "https://example.com/e/abcdefgh{x}12345678"), ("dot", "https://example.com/d/.{x}"),
        ("bang", "https://example.com/b/{x}!"), ("accent", "https://example.com/s/é{x}"),
      ], ""
    ),
    (
      "catch-alls alone",
      [
        ("files", "https://example.com/files/{path*}"),
        ("attachments", "https://example.com/n/{id:uuid}/attachments/{path*}"),
        ("docs", "https://example.com/docs/{page*?}"),
        ("raw", "https://example.com/raw/{a}/{rest*}"),
        ("typed", "https://example.com/q/{rest*}?v={v:int}"),
        ("untyped", "https://example.com/q/{rest*}"),
        ("custom", "myapp-development://open/{path*}"),
        ("root", "a://bc/{all*}"),
      ], ""
    ),
    (
      "catch-alls, strict trailing slash",
      [
        ("files", "https://example.com/files/{path*}"),
        ("docs", "https://example.com/docs/{page*?}"),
      ], #" "options": { "trailingSlash": "strict" },"#
    ),
    (
      "hosts no route has",
      [
        ("note", "notes://note/{id:uuid}"), ("tag", "notes://tag/{name}"), ("new", "notes://new?title={title?}"),
        ("site", "https://example.com/x/{y}"), ("port", "https://example.com:8443/p/{x}"),
      ], ""
    ),
    (
      // The Notes app's table (Fixtures/Notes): UUIDs in either case, a catch-all after one, a
      // host with a query and nothing else, a host no route has beside them.
      "a real app (Notes)",
      [
        ("note-list", "notes://notes"), ("note-list-web", "https://notes.example.com/"),
        ("note", "notes://note/{id:uuid}"), ("note-web", "https://notes.example.com/n/{id:uuid}"),
        ("note-attachment", "https://notes.example.com/n/{id:uuid}/attachments/{path*}"),
        ("close-note", "notes://note/{id:uuid}/close"), ("new-note", "notes://new?title={title?}"),
        ("search", "notes://search?q={query}"), ("tag", "notes://tag/{name}"),
        ("tag-web", "https://notes.example.com/tags/{name}"),
      ], ""
    ),
    (
      "query keys and values, plus as space",
      [
        ("search", "notes://search?q={query}&page={page:int?}"), ("new", "notes://new?title={title?}&flag"),
        ("typed", "notes://t?n={n:int}&u={u:uuid?}"), ("frag", "notes://f?q={q}#{section?}"),
      ], #" "options": { "plusAsSpaceInQuery": true },"#
    ),
    (
      "value sets, case-insensitive paths",
      [
        ("folder", "https://example.com/Mail/{tab:Inbox|Sent}"),
        ("any", "https://example.com/Mail/{name}/{x?}"),
      ], #" "options": { "caseSensitivePaths": false },"#
    ),
  ]

  /// Pieces that URLs are made of: plain ones the fast path takes, and every kind of byte that
  /// must send it to the general path.
  static let pieces = [
    "repos", "users", "new", "edit", "settings", "issues", "42", "-7", "abc", "apple", "swift", "issues",
    "6f0e4f5a-6a57-4b55-9b0a-7c7c2b9b1e11", "applications", "authorizations-and-grants", "notifications",
    "threads", "subscription", "files", "v1.2", "a.b", "~x", "a&b", "c'd", "(e)", "orders", "items", "docs",
    "w", "x", "search", "doc", "p", "q", "e", "a", "b", "About", "ABOUT", "about", "open", "item", "café",
    "caf%C3%A9", "caf%c3%a9", "a%25b", "a%b", "!x", "%21x", "a%2Fb", "%2e", "%2E%2e", ".", "..", "...", "",
    "a b", "a\tb", "a\\b", "a?b", "a#b", "a?q=1", "x#frag", "%zz", "%00", "%C3%28", "ü", "a+b", "a$b", "a\"b",
    "a<b>", "a[b]", "a{b}", "a|b", "a^b", "a`b", "verylongsegmentnameovertwentybytes", "0123456789abcdef",
    "0123456789abcdefg", "12345678", "123456789",
    // Near UUIDs: 36 bytes that are not one (a byte of 0x80 or more, a letter past F, no dash).
    "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1Eé", "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1G11",
    "6F0E4F5A_6A57-4B55-9B0A-7C7C2B9B1E11",
    "6f0E4f5A-6a57-4B55-9b0A-7C7c2B9b1E11", "%36F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11",
  ]
  static let origins = [
    "https://example.com", "HTTPS://example.com", "https://Example.com", "https://example.com:443",
    "https://example.com:8443", "https://user@example.com", "https://www.example.com", "https://a.example.com",
    "https://a.b.example.com", "https://example.com.", "https:/example.com", "https:///example.com",
    "myapp-development://open", "a://bc", "https://exa%6Dple.com", "https://example.org", "file://example.com",
    "file://", "file:///C:", "file:///c|", "https://[::1]", "https://[0:0::1]", "https://127.0.0.1", "https://127.1",
    "myapp://", "https://xn--bcher-kva.example", "https://bücher.example", "https://BÜCHER.example",
    "mailto:a@b.example", "matrix:u", "myapp:", "myapp:share", "feed:https://example.com", "MATRIX:u",
    "myapp-development://42", "myapp-development://inbox", "myapp-development://Open", "feed://example.com",
    "feed://a.example.com", "feed://news.example.org", "feed://caf%C3%A9", "feed://x:8080", "a://1",
    // Hosts no route has, as the reader takes them or refuses them.
    "notes://unknown", "notes://NOTE", "notes://u@unknown", "notes://unknown:80", "notes://x%C3%A9", "notes://%41",
    "https://example.net:443", "https://EXAMPLE.org", "https://a..b", "https://-x.example", "notes://a b",
    "notes://tag", "notes://", "https://example.com:8443",
  ]

  static func urls(seed: UInt64, count: Int) -> [String] {
    var rng = SeededGenerator(seed: seed)
    var result: [String] = []
    for _ in 0..<count {
      var url = origins[Int(rng.next() % UInt64(origins.count))]
      let segments = Int(rng.next() % 6)
      for _ in 0..<segments {
        url += "/" + pieces[Int(rng.next() % UInt64(pieces.count))]
      }
      switch rng.next() % 10 {
      case 0: url += "/"
      case 1: url += "?q=" + pieces[Int(rng.next() % UInt64(pieces.count))]
      case 2: url += "#" + pieces[Int(rng.next() % UInt64(pieces.count))]
      case 3: url += "//"
      default: break
      }
      if rng.next() % 40 == 0 { url = " " + url }
      if rng.next() % 40 == 0 { url += " " }
      result.append(url)
    }
    return result
  }

  /// The URLs every table is tried with: random ones, and the table's own patterns filled in
  /// with plain values and then bent (a piece replaced or added, an origin changed, a query,
  /// a fragment or slashes appended), so that the walk gets deep before it meets the odd byte.
  static func cases(_ routes: [(String, String)], seed: UInt64) -> [String] {
    var urls = urls(seed: seed, count: 2000)
    var rng = SeededGenerator(seed: seed ^ 0xA5A5)
    func any<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
    let values = [
      "apple", "42", "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11", "a/b/c", "x.y", "swift", "-1", "z", "inbox", "Sent",
      "grid", "a-b", "7.json", "x%2Ey", "%C3%A9", "6f0e4f5a-6a57-4b55-9b0a-7c7c2b9b1e11",
      "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E1", "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11x", "0042", "-",
      "9223372036854775808",
      "-9223372036854775808", "%34%32", "@bob", "item-7", "a-b-3", "x.json", "posts",
      // Affixed segments: empty captures, a prefix that is the whole segment, several splits.
      "item-", ".json", "a.b.json", "1.2", "v1.2", "v1.x", "@", "@@x", "a-b-c-7", "--7", "x.x", "y.y", "a.x",
      "n-6f0e4f5a-6a57-4b55-9b0a-7c7c2b9b1e11", "n-", "7.", ".7", "a%2Db-3", "a-b-%37",
      // One-affix nodes: a value that makes the segment its prefix and suffix only, or shorter.
      "v-beta", "-beta", "x-beta", "vx-beta", "aba", "ab", "ba", ".backup-archive", "x.backup-archive",
      "release-candidate-", ".y", "x.x.x", "%2E",
      // The one-affix step checks only the capture's bytes: odd bytes inside it, next to the ends.
      "a%41", "%41", "a b", "a!", "!", ".", "..", "abcdefgh", "12345678", "abcdefgh12345678", "x12345678",
      "0123456789abcdefghij", "a%2Ejson", ".%2E",
    ]
    for _ in 0..<6000 {
      let pattern = any(routes).1
      let filled = pattern.replacingBraces(with: (0..<4).map { _ in any(values) })
      guard let schemeEnd = filled.firstRange(of: "://") else { continue }
      let afterScheme = filled[schemeEnd.upperBound...]
      let pathStart = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
      var origin = String(filled[..<pathStart])
      var segments = afterScheme[pathStart...].split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(
        String.init)
      for _ in 0..<Int(rng.next() % 3) {
        switch rng.next() % 6 {
        case 0, 1: if !segments.isEmpty { segments[Int(rng.next() % UInt64(segments.count))] = any(pieces) }
        case 2: segments.insert(any(pieces), at: Int(rng.next() % UInt64(segments.count + 1)))
        case 3: segments.append(any(pieces))
        case 4: origin = any(origins)
        default: if !segments.isEmpty { segments.removeLast() }
        }
      }
      var url = origin + (segments.isEmpty ? "" : "/" + segments.joined(separator: "/"))
      switch rng.next() % 8 {
      case 0: url += "/"
      case 1:
        url +=
          "?"
          + any([
            "q=1", "q=a%26b&page=2", "page=x", "", "q", "title=Groceries", "q=meeting%20notes", "q=a+b&page=3",
            "q=%2B&q=2", "title", "&&q=x&", "q=x#top", "q=x#a%20b", "Q=1", "q%3D=1", "t%69tle=x", "q+=1",
            "title=a%7Cb|c", "q=a<b", "q=%41<", "q=x#a%20<", "q=%C3%A9", "q=a%2",
            "n=0042&u=6f0e4f5a-6a57-4b55-9b0a-7c7c2b9b1e11",
            "n=%34%32", "n=x", "flag&title=", "title=a=b", "q=a&q=b", "page=2&q=x#", "q=a\\b", "q=a\"b",
          ])
      case 2: url += "#" + any(["intro", "", "a%20b", "top"])
      case 3: url += "//"
      default: break
      }
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
    for url in Self.cases(table.routes, seed: 0x5EED &+ UInt64(t)) {
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
        continue
      }
      // The zero-allocation captures hold the raw text of the parameters match(url:) decodes.
      if case .success(let m?) = general, rule != nil {
        let bytes = Array(url.utf8)
        let pattern = router.table.routes[m.route].urlPatterns[m.pattern]
        // A host parameter is capture 0.
        var names: [String] = []
        if case .parameter(let p) = pattern.host { names.append(p.name) }
        names += pattern.segments.flatMap { segment -> [String] in
          switch segment {
          case .parameter(let p), .optional(let p): return [p.name]
          case .catchAll(let name): return [name]
          case .optionalCatchAll(let name): return m.parameters[name] == "" ? [] : [name]
          case .affixed(let a): return a.parameters.map(\.name)
          default: return []
          }
        }
        let present = names.filter { m.parameters[$0] != nil }
        if scratch.pathCaptureCount != present.count {
          disagreements.append("\(url): \(scratch.pathCaptureCount) captures, expected \(present.count)")
          continue
        }
        for (k, name) in present.enumerated() {
          let raw = String(decoding: bytes[scratch.pathCapture(k)], as: UTF8.self)
          guard case .string(let value)? = m.parameters[name], !raw.contains("%"), !raw.contains("/.") else { continue }
          if raw != value && raw.uppercased() != value {
            disagreements.append("\(url): capture \(name) is '\(raw)', match(url:) says '\(value)'")
          }
        }
      }
    }
    #expect(disagreements.isEmpty, "\(table.name): \(disagreements.prefix(10).joined(separator: "\n"))")
  }

  /// Bytes a Swift string cannot hold (invalid UTF-8) and every other odd byte, put into URLs
  /// that match: the byte-level entry point must refuse or match exactly as the general path.
  @Test(arguments: tables.indices)
  func oddBytesAgree(_ t: Int) throws {
    let table = Self.tables[t]
    let router = try TestTables.router(table.routes, extra: table.extra)
    var scratch = MatchScratch()
    var rng = SeededGenerator(seed: 0xB17E5 &+ UInt64(t))
    let odd: [UInt8] = [
      0x00, 0x01, 0x09, 0x0A, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x2E, 0x2F, 0x3F, 0x5C, 0x7F, 0x80, 0xBF, 0xC3, 0xE2,
      0xFF,
    ]
    var disagreements: [String] = []
    for url in Self.cases(table.routes, seed: 0xC0FFEE &+ UInt64(t)).prefix(3000) {
      var bytes = Array(url.utf8)
      guard bytes.count > 20 else { continue }
      for _ in 0..<Int(1 + rng.next() % 2) {
        let at = 20 + Int(rng.next() % UInt64(bytes.count - 19))
        if rng.next() % 2 == 0 {
          bytes.insert(odd[Int(rng.next() % UInt64(odd.count))], at: min(at, bytes.count))
        } else if at < bytes.count {
          bytes[at] = odd[Int(rng.next() % UInt64(odd.count))]
        }
      }
      let (fast, general) = bytes.withUnsafeBufferPointer {
        (router.matchRoute(utf8: $0, scratch: &scratch), router.matchRouteGeneral(utf8: $0))
      }
      if fast != general {
        disagreements.append("\(bytes): fast \(String(describing: fast)), general \(String(describing: general))")
      }
    }
    #expect(disagreements.isEmpty, "\(table.name): \(disagreements.prefix(5).joined(separator: "\n"))")
  }

  /// Typed parameters that are a node's only child are decided on the fast path (no general
  /// search): UUIDs in either case, integers, and a value of the wrong type is a miss there.
  @Test func typedParametersStayOnTheFastPath() throws {
    let router = try TestTables.router([
      ("note", "notes://note/{id:uuid}"), ("close", "notes://note/{id:uuid}/close"),
      ("order", "https://example.com/orders/{n:int}/items/{item:int}"),
    ])
    var scratch = MatchScratch()
    func fast(_ url: String) -> URLTrie.FastMatch { router.fastVerdict(url, &scratch).0 }
    #expect(fast("notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11") == .route(0))
    #expect(fast("notes://note/6f0e4f5a-6a57-4b55-9b0a-7c7c2b9b1e11") == .route(0))
    #expect(fast("notes://note/6f0e4f5a-6a57-4B55-9b0a-7c7c2b9b1e11/close") == .route(1))
    #expect(fast("https://example.com/orders/42/items/-7") == .route(2))
    #expect(scratch.pathCaptureCount == 2)
    #expect(fast("notes://note/6f0e4f5a-6a57-4b55-9b0a-7c7c2b9b1e1") == .noRoute)
    #expect(fast("https://example.com/orders/4x2/items/7") == .noRoute)
    #expect(fast("https://example.com/orders/9223372036854775808/items/7") == .noRoute)
    // What the fast path cannot read as it is still goes to the general path.
    #expect(fast("https://example.com/orders/%2E/items/7") == .needsGeneralPath)
    #expect(fast("https://example.com/orders/%C3%A9/items/7") == .needsGeneralPath)
    // An escape that decodes to printable ASCII is read there: the type checked on the decoded value.
    #expect(fast("https://example.com/orders/%34%32/items/7") == .route(2))
    #expect(fast("https://example.com/orders/%34x/items/7") == .noRoute)
    #expect(fast("notes://note/%36F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11") == .route(0))
    #expect(fast("https://example.com/orders/x/../42/items/7") == .needsGeneralPath)
  }

  /// The fast path's word-at-a-time UUID test says what `ParameterType.uuid` says, on UUIDs with
  /// one byte changed to every plain byte and at every position.
  @Test func theWordUUIDTestAgreesWithTheType() {
    let base = Array("6F0E4F5A-6A57-4b55-9B0A-7c7c2B9B1E11".utf8)
    var checked = 0
    var accepted = 0
    for position in 0..<36 {
      for byte in UInt8(0x26)...UInt8(0x7E) where PlainBytes.contains(byte) {
        var bytes = base
        bytes[position] = byte
        let (word, type) = bytes.withUnsafeBufferPointer {
          (URLTrie.isUUID(plain: $0.baseAddress!), ParameterType.isUUID($0))
        }
        #expect(word == type, "\(String(decoding: bytes, as: UTF8.self))")
        checked += 1
        if word { accepted += 1 }
      }
    }
    #expect(checked > 3000)
    #expect(accepted == 32 * 22 + 4)  // 22 hex digits at each of 32 places, '-' at each of 4
  }

  /// Affixed segments, alone or competing with literals and parameters, are decided on the fast
  /// path (no general search): the precedence order, backtracking to the next child when the
  /// walk below fails, the split of several captures; a byte to decode still goes general.
  @Test func affixedEdgesStayOnTheFastPath() throws {
    let router = try TestTables.router([
      ("json", "https://example.com/files/{name}.json"), ("index", "https://example.com/files/index.json"),
      ("ext", "https://example.com/files/{base}.{ext}"), ("number", "https://example.com/files/{n:int}"),
      ("file", "https://example.com/files/{name}"), ("at", "https://example.com/u/@{account}/posts"),
      ("user", "https://example.com/u/{user}/{tab}"), ("three", "https://example.com/t/{a}-{b}-{c:int}"),
    ])
    var scratch = MatchScratch()
    func fast(_ url: String) -> (URLTrie.FastMatch, [String]) { router.fastVerdict(url, &scratch) }
    let expected: [(String, URLTrie.FastMatch, [String])] = [
      ("https://example.com/files/a.json", .route(0), ["a"]),
      ("https://example.com/files/index.json", .route(1), []),
      ("https://example.com/files/a.b.c", .route(2), ["a.b", "c"]),
      ("https://example.com/files/a.b.json", .route(0), ["a.b"]),
      ("https://example.com/files/42", .route(3), ["42"]),
      ("https://example.com/files/x", .route(4), ["x"]),
      ("https://example.com/files/.json", .route(4), [".json"]),
      ("https://example.com/u/@bob/posts", .route(5), ["bob"]),
      // The affixed child fits, the walk below it does not: back to the parameter.
      ("https://example.com/u/@bob/likes", .route(6), ["@bob", "likes"]),
      ("https://example.com/t/a-b-c-7", .route(7), ["a-b", "c", "7"]),
      ("https://example.com/t/a-b", .noRoute, []),
      ("https://example.com/t/a-b-c", .noRoute, []),
      ("https://example.com/files/a.json/x", .noRoute, []),
      // What the fast path cannot read as it is still goes to the general path.
      ("https://example.com/files/a%2Ejson", .needsGeneralPath, []),
      ("https://example.com/t/a-b-7/..", .needsGeneralPath, []),
    ]
    for (url, result, captures) in expected {
      let (got, values) = fast(url)
      #expect(got == result, "\(url)")
      #expect(values == captures, "\(url)")
      let general = Array(url.utf8).withUnsafeBufferPointer { router.matchRouteGeneral(utf8: $0) }
      if case .route(let rule) = result {
        #expect(general == Int(rule), "\(url)")
        let inLoop = scratch.endedInFastLoop
        #expect(inLoop, "\(url): handed over to the general search")
      }
    }
  }

  /// A node whose only child is one affixed edge with one capture is stepped over on the fast
  /// path (no competing search, no hand-over): the prefix and the suffix must both be there and
  /// leave at least one byte between them; a segment to decode or a dot segment still goes general.
  @Test func oneAffixedChildStaysOnTheFastPath() throws {
    let router = try TestTables.router([
      ("json", "https://example.com/o/{name}.json"), ("item", "https://example.com/p/item-{id}/edit"),
      ("both", "https://example.com/q/v{n}-beta"), ("long", "https://example.com/r/{name}.backup-archive"),
      ("long-prefix", "https://example.com/l/release-candidate-{n}/notes"),
      ("same", "https://example.com/ab/ab{x}ba"), ("nested", "https://example.com/n/{a}.x/{b}.y"),
      ("below", "https://example.com/g/pre-{a}/{rest*?}"),
      ("eight", "https://example.com/e/abcdefgh{x}12345678"), ("dot", "https://example.com/d/.{x}"),
      ("bang", "https://example.com/b/{x}!"), ("md", "https://example.com/m/{x}.md"),
      ("then", "https://example.com/t/{x}.v/{y}"), ("dot-end", "https://example.com/z/{x}."),
    ])
    #expect(router.trieDescription.contains("o [competing, one affix]"))
    #expect(router.trieDescription.contains("q [competing, one affix]"))
    #expect(router.trieDescription.contains("e [competing, one affix]"))
    // A literal that is not fast bytes: the competing step, which checks the whole segment.
    #expect(router.trieDescription.contains("b [competing]\n"))
    #expect(router.trieInvariantViolations == [])
    var scratch = MatchScratch()
    func fast(_ url: String) -> (URLTrie.FastMatch, [String]) { router.fastVerdict(url, &scratch) }
    let expected: [(String, URLTrie.FastMatch, [String])] = [
      ("https://example.com/o/a.json", .route(0), ["a"]),
      ("https://example.com/o/a.b.json", .route(0), ["a.b"]),
      ("https://example.com/o/..json", .route(0), ["."]),
      ("https://example.com/o/.json", .noRoute, []),
      ("https://example.com/o/json", .noRoute, []),
      ("https://example.com/o/a.jsonx", .noRoute, []),
      ("https://example.com/o/a.json/more", .noRoute, []),
      ("https://example.com/p/item-7/edit", .route(1), ["7"]),
      ("https://example.com/p/item-/edit", .noRoute, []),
      ("https://example.com/p/item-7/view", .noRoute, []),
      ("https://example.com/q/v1-beta", .route(2), ["1"]),
      ("https://example.com/q/v-beta", .noRoute, []),
      ("https://example.com/q/-beta", .noRoute, []),
      ("https://example.com/q/v1-betax", .noRoute, []),
      ("https://example.com/r/x.backup-archive", .route(3), ["x"]),
      ("https://example.com/r/.backup-archive", .noRoute, []),
      ("https://example.com/r/x.backup-archivf", .noRoute, []),
      ("https://example.com/l/release-candidate-3/notes", .route(4), ["3"]),
      ("https://example.com/l/release-candidatf-3/notes", .noRoute, []),
      // The prefix and the suffix may not share bytes: "aba" is not ab + x + ba.
      ("https://example.com/ab/aba", .noRoute, []),
      ("https://example.com/ab/abba", .noRoute, []),
      ("https://example.com/ab/ab.ba", .route(5), ["."]),
      ("https://example.com/n/a.x/b.y", .route(6), ["a", "b"]),
      ("https://example.com/n/a.x/b.z", .noRoute, []),
      // Below the affix a general node: the general search takes over there, on the fast path.
      ("https://example.com/g/pre-a/x/y", .route(7), ["a", "x/y"]),
      // Both ends of eight bytes, each compared as one word.
      ("https://example.com/e/abcdefghX12345678", .route(8), ["X"]),
      ("https://example.com/e/abcdefghXYZ0123456789abc12345678", .route(8), ["XYZ0123456789abc"]),
      ("https://example.com/e/abcdefgh12345678", .noRoute, []),
      ("https://example.com/e/abcdefghX12345670", .noRoute, []),
      ("https://example.com/e/abcdefgiX12345678", .noRoute, []),
      ("https://example.com/e/bcdefghX12345678", .noRoute, []),
      ("https://example.com/d/.a", .route(9), ["a"]),
      ("https://example.com/d/..a", .route(9), [".a"]),
      ("https://example.com/p/item-0123456789abcdefghij/edit", .route(1), ["0123456789abcdefghij"]),
      // Captures of one to eight bytes (one word), nine to sixteen (two) and more, each checked
      // in the loop's step; the walk goes on below it in the loop.
      ("https://example.com/m/a.md", .route(11), ["a"]),
      ("https://example.com/m/abcdefgh.md", .route(11), ["abcdefgh"]),
      ("https://example.com/m/abcdefghi.md", .route(11), ["abcdefghi"]),
      ("https://example.com/m/abcdefghijklmnop.md", .route(11), ["abcdefghijklmnop"]),
      ("https://example.com/m/abcdefghijklmnopq.md", .route(11), ["abcdefghijklmnopq"]),
      ("https://example.com/m/.md", .noRoute, []),
      ("https://example.com/m/a.mx", .noRoute, []),
      ("https://example.com/t/a.v/b", .route(12), ["a", "b"]),
      ("https://example.com/t/abcdefghijk.v/bcd", .route(12), ["abcdefghijk", "bcd"]),
      ("https://example.com/t/a.v", .noRoute, []),
      ("https://example.com/t/a.v/b/c", .noRoute, []),
      ("https://example.com/t/a.w/b", .noRoute, []),
      // Below it, a parameter with a printable escape: read on the fast path (raw bytes here).
      ("https://example.com/t/a.v/b%41", .route(12), ["a", "b%41"]),
      ("https://example.com/z/a.", .route(13), ["a"]),
      ("https://example.com/z/...", .route(13), [".."]),
      // What the fast path cannot read as it is still goes to the general path: a byte to
      // decode in the capture (only its bytes are checked) or where a literal should be, a
      // dot segment (`..` would fit `.{x}`), a literal that is not fast bytes.
      ("https://example.com/o/a%2Ejson", .needsGeneralPath, []),
      ("https://example.com/o/a%41.json", .needsGeneralPath, []),
      ("https://example.com/p/item-a%20b/edit", .needsGeneralPath, []),
      ("https://example.com/e/abcdefghX%41345678", .needsGeneralPath, []),
      ("https://example.com/d/..", .needsGeneralPath, []),
      ("https://example.com/o/a.json/..", .needsGeneralPath, []),
      ("https://example.com/b/a!", .needsGeneralPath, []),
      ("https://example.com/m/a%41.md", .needsGeneralPath, []),
      ("https://example.com/m/abcdefg%41.md", .needsGeneralPath, []),
      ("https://example.com/m/abcdefghijklm%41.md", .needsGeneralPath, []),
      ("https://example.com/m/abcdefghijklmnop%41.md", .needsGeneralPath, []),
      ("https://example.com/m/a?b.md", .needsGeneralPath, []),
      ("https://example.com/t/a.v/..", .needsGeneralPath, []),
      ("https://example.com/z/..", .needsGeneralPath, []),
    ]
    for (url, result, captures) in expected {
      let (got, values) = fast(url)
      #expect(got == result, "\(url)")
      #expect(values == captures, "\(url)")
      let general = Array(url.utf8).withUnsafeBufferPointer { router.matchRouteGeneral(utf8: $0) }
      switch result {
      case .route(let rule):
        #expect(general == Int(rule), "\(url)")
        if rule != 7 {
          let inLoop = scratch.endedInFastLoop
          #expect(inLoop, "\(url): handed over to the general search")
        }
      case .noRoute: #expect(general == nil, "\(url)")
      case .needsGeneralPath: break
      }
    }
  }

  /// A one-affix segment that ends before the URL's eighth byte (a short host, the path ended
  /// by a query): the loop's step reads no word before the URL, the step out of it decides.
  @Test func oneAffixedChildAfterAShortHost() throws {
    let router = try TestTables.router([("short", "a://b/{x}.j"), ("long", "a://b/c/{x}.j")])
    var scratch = MatchScratch()
    let expected: [(String, URLTrie.FastMatch, [String])] = [
      ("a://b/x.j?q=1", .route(0), ["x"]), ("a://b/xy.j?q=1", .route(0), ["xy"]),
      ("a://b/c/x.j?q=1", .route(1), ["x"]), ("a://b/x.k?q=1", .noRoute, []),
    ]
    for (url, result, captures) in expected {
      let (got, values) = router.fastVerdict(url, &scratch, tail: true)
      #expect(got == result, "\(url)")
      #expect(values == captures, "\(url)")
      #expect(router.match(url: url) == router.matchGeneral(url: url), "\(url)")
    }
  }

  /// A segment where an affixed capture competes with a parameter is decided by precedence, on
  /// the fast path and on the general one alike.
  @Test func affixedSegmentsAgainstParametersPickByPrecedence() throws {
    let router = try TestTables.router([
      ("json", "https://example.com/files/{name}.json"), ("file", "https://example.com/files/{name}"),
      ("number", "https://example.com/files/{n:int}"), ("pair", "https://example.com/d/{a}-{b:int}"),
      ("any", "https://example.com/d/{x}"),
    ])
    var scratch = MatchScratch()
    let expected: [(String, Int?)] = [
      ("https://example.com/files/a.json", 0), ("https://example.com/files/a.jsonx", 1),
      ("https://example.com/files/.json", 1), ("https://example.com/files/42", 2),
      ("https://example.com/files/42.json", 0), ("https://example.com/d/a-b-3", 3), ("https://example.com/d/a-b", 4),
      ("https://example.com/d/-3", 4), ("https://example.com/d/a%2D3", 3),
    ]
    for (url, route) in expected {
      #expect(router.matchRoute(url: url, scratch: &scratch) == route, "\(url)")
      let general = Array(url.utf8).withUnsafeBufferPointer { router.matchRouteGeneral(utf8: $0) }
      #expect(general == route, "\(url)")
    }
  }

  /// A URL whose host no route has is "no route" on the fast path when the reader accepts it
  /// (its scheme and authority read by the reader itself, the rest plain); a host the table has
  /// in another spelling, a URL the reader refuses, or a table with wildcard hosts or host
  /// parameters still go to the general path. Either way `match(url:)` says what the general
  /// path says (a refusal stays a refusal).
  @Test func hostsNoRouteHasAreDecidedOnTheFastPath() throws {
    let router = try TestTables.router([
      ("note", "notes://note/{id:uuid}"), ("tag", "notes://tag/{name}"), ("site", "https://example.com/x/{y}"),
    ])
    var scratch = MatchScratch()
    // The fast path as matchRoute runs it (fastMatch leaves an unknown host to fastMatchWithTail).
    func fast(_ r: CompiledRouter, _ url: String) -> URLTrie.FastMatch { r.fastVerdict(url, &scratch, tail: true).0 }
    let expected: [(String, URLTrie.FastMatch)] = [
      ("notes://unknown/path", .noRoute),
      ("notes://unknownhost", .noRoute),
      ("notes://unknownhost/", .noRoute),
      ("notes://user@unknown/a/b", .noRoute),
      ("notes://unknown:8080/a", .noRoute),
      ("https://example.org/x/1", .noRoute),
      ("https://example.net:443/x/1", .noRoute),
      ("notes://caf%C3%A9/x", .noRoute),
      // The table's host in another spelling: the general path finds it.
      ("notes://TAG/work", .needsGeneralPath),
      ("https://EXAMPLE.com/x/1", .needsGeneralPath),
      ("https://example.com:443/x/1", .needsGeneralPath),
      ("https://user@example.com/x/1", .needsGeneralPath),
      // Refused by the reader: the general path says why.
      ("https://exa%6Dple.org/x", .needsGeneralPath),
      ("https://127.1/x/1", .needsGeneralPath),
      ("notes://%41/x", .needsGeneralPath),
      ("notes://unk nown/x", .needsGeneralPath),
      // A rest the fast path does not read as it is.
      ("notes://unknown/a%20b", .needsGeneralPath),
      ("notes://unknown/a/../b", .needsGeneralPath),
      // A query right after the host: the walk up to the '?' decides it.
      ("notes://unknown?q=1", .noRoute),
      ("notes://unknown?q=%ZZ", .needsGeneralPath),
    ]
    for (url, result) in expected {
      #expect(fast(router, url) == result, "\(url)")
      #expect(router.match(url: url) == router.matchGeneral(url: url), "\(url)")
      if result == .noRoute {
        #expect(router.matchGeneral(url: url) == .success(nil), "\(url)")
        // Plans key a miss by its host slot: a host no route has is left to the full decision.
        let lookup = Array(url.utf8).withUnsafeBufferPointer { router.lookUpPattern(utf8: $0, scratch: &scratch) }
        #expect(lookup == .needsGeneralPath, "\(url)")
      }
    }
    // With a query, the second walk (up to the '?') decides it.
    #expect(router.matchRoute(url: "notes://unknown/path?q=1", scratch: &scratch) == nil)
    var text = "notes://unknown/path?q=1"
    let tail = text.withUTF8 { router.urls.fastMatchWithTail($0.baseAddress!, $0.count, &scratch) }
    #expect(tail == .noRoute)
    // A wildcard host may take any host: the general path tries it.
    let wildcard = try TestTables.router([("sub", "https://*.example.com/p/{x}"), ("tag", "notes://tag/{name}")])
    #expect(fast(wildcard, "notes://unknown/path") == .needsGeneralPath)
    #expect(wildcard.match(url: "https://a.example.com/p/1") == wildcard.matchGeneral(url: "https://a.example.com/p/1"))
  }

  /// Random hosts no route has, of bytes around the plain host name's rules (dots, hyphens,
  /// digits, upper case, `_`, `%`, `:`, non-ASCII) and of every length across a word's eight
  /// bytes: the fast path's word-wise plain-host test takes only what the reader takes as it is,
  /// so `match(url:)` says what the general path says for each (a refusal stays a refusal).
  @Test func randomUnknownHostsReadAsTheReaderReadsThem() throws {
    let bytes = Array("abcxyz0189-.-..A_%:é".unicodeScalars).map(String.init)
    try expectRandomURLsReadAsTheReaderReadsThem(seed: 0x4057) { rng in
      let length = Int.random(in: 0...26, using: &rng)
      let host = (0..<length).map { _ in bytes[Int.random(in: 0..<bytes.count, using: &rng)] }.joined()
      return "\(Bool.random(using: &rng) ? "notes" : "https")://\(host)/p"
    }
  }

  /// Random schemes before a host no route has, of bytes around the plain scheme's rules
  /// (lowercase letters, digits, `+`, `-`, `.`; upper case, `_`, `%`, non-ASCII; `file`) and of
  /// every length to nine, across the first word's eight bytes: the fast path's word-wise scheme
  /// test takes only what the reader takes as it is, so `match(url:)` says what the general path
  /// says for each (a refusal stays a refusal).
  @Test func randomSchemesBeforeAnUnknownHostReadAsTheReaderReadsThem() throws {
    let bytes = Array("abfilez019+-.A_%é".unicodeScalars).map(String.init)
    try expectRandomURLsReadAsTheReaderReadsThem(seed: 0x5C4E) { rng in
      let length = Int.random(in: 1...9, using: &rng)
      let scheme = (0..<length).map { _ in bytes[Int.random(in: 0..<bytes.count, using: &rng)] }.joined()
      return "\(Bool.random(using: &rng) ? "file" : scheme)://unknown/p"
    }
  }

  /// Hosts no route has, of every length to 27 bytes (the authority's end on each byte of the
  /// first four words), of plain bytes or of bytes around the plain host's rules, after schemes
  /// of one to eleven bytes (the `:` inside the first word and after it), ending the URL or
  /// followed by a path, a query or a fragment, between URLs of the table's own hosts (so that
  /// the host kept from the URL before changes): `match(url:)` and `matchRoute` say what the
  /// general path says for each.
  @Test func unknownHostsOfEveryLengthBetweenKnownOnes() throws {
    let schemes = ["notes", "https", "x", "ab+c", "abcdefg", "abcdefgh", "abcdefghijk", "file", "Notes"]
    let plainBytes = Array("abcxyz".unicodeScalars).map(String.init)
    let oddBytes = Array("abcxyz0129-.....A_é?#@:".unicodeScalars).map(String.init) + ["%41"]
    let tails = ["", "/", "/p", "/p/q", "/a.b", "/./x", "?q=1", "#f", "/p?x=1#y", "//", "/%41"]
    let known = ["notes://tag/work", "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11", "https://example.com/x/1"]
    try expectRandomURLsReadAsTheReaderReadsThem(seed: 0xA07E) { rng in
      if Int.random(in: 0..<4, using: &rng) == 0 { return known[Int.random(in: 0..<known.count, using: &rng)] }
      let scheme = schemes[Int.random(in: 0..<schemes.count, using: &rng)]
      let bytes = Bool.random(using: &rng) ? plainBytes : oddBytes
      let host = (0..<Int.random(in: 1...27, using: &rng)).map { _ in
        bytes[Int.random(in: 0..<bytes.count, using: &rng)]
      }.joined()
      return "\(scheme)://\(host)\(tails[Int.random(in: 0..<tails.count, using: &rng)])"
    }
  }

  /// 20,000 URLs from `make`, routed by a Notes-like table: `match(url:)` and `matchRoute` say
  /// what the general path says for each, and a refusal on the fast path (more than 1,000 of
  /// them) is no route on the general path too.
  private func expectRandomURLsReadAsTheReaderReadsThem(
    seed: UInt64, _ make: (inout SeededGenerator) -> String
  ) throws {
    let router = try TestTables.router([
      ("note", "notes://note/{id:uuid}"), ("tag", "notes://tag/{name}"), ("site", "https://example.com/x/{y}"),
    ])
    var scratch = MatchScratch()
    var rng = SeededGenerator(seed: seed)
    var fastNoRoute = 0
    var ruleScratch = MatchScratch()
    for _ in 0..<20_000 {
      let url = make(&rng)
      let general = router.matchGeneral(url: url)
      #expect(router.match(url: url) == general, "\(url)")
      let rule: Int? = if case .success(let m?) = general { m.route } else { nil }
      #expect(router.matchRoute(url: url, scratch: &ruleScratch) == rule, "\(url)")
      if router.fastVerdict(url, &scratch, tail: true).0 == .noRoute {
        fastNoRoute += 1
        #expect(router.matchGeneral(url: url) == .success(nil), "\(url)")
      }
    }
    #expect(fastNoRoute > 1_000)
  }

  /// A node whose only child is a catch-all captures the rest of the path on the fast path, each
  /// segment recorded as the general search records it; an empty segment, a dot segment or a
  /// byte to decode still goes to the general search from that node.
  @Test func catchAllsStayOnTheFastPath() throws {
    let router = try TestTables.router([
      ("attachment", "https://example.com/n/{id:uuid}/attachments/{path*}"),
      ("docs", "https://example.com/docs/{page*?}"), ("typed", "https://example.com/q/{rest*}?v={v:int}"),
      ("files", "https://example.com/files/{path*}"),
    ])
    var scratch = MatchScratch()
    let uuid = "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"
    let expected: [(String, URLTrie.FastMatch, [[String]])] = [
      ("https://example.com/n/\(uuid)/attachments/images/cat.png", .route(0), [[uuid], ["images", "cat.png"]]),
      ("https://example.com/n/\(uuid)/attachments/a", .route(0), [[uuid], ["a"]]),
      ("https://example.com/n/\(uuid)/attachments/a/b/", .route(0), [[uuid], ["a", "b"]]),
      ("https://example.com/docs/guide/start", .route(1), [["guide", "start"]]),
      (
        "https://example.com/files/a/b/c/d/e/f/g/h/i/j", .route(3),
        [["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]]
      ),
      ("https://example.com/files/v1.2/a.b", .route(3), [["v1.2", "a.b"]]),
      ("https://example.com/q/a/b?v=7", .route(2), [["a", "b"]]),
      ("https://example.com/q/a/b?v=x", .noRoute, []),
      ("https://example.com/q/a/b", .noRoute, []),
    ]
    for (url, result, captures) in expected {
      var text = url
      let bytes = Array(url.utf8)
      var got = text.withUTF8 { router.urls.fastMatch($0.baseAddress!, $0.count, &scratch) }
      if got == .needsGeneralPath, url.contains("?") {
        got = text.withUTF8 { router.urls.fastMatchWithTail($0.baseAddress!, $0.count, &scratch) }
      }
      #expect(got == result, "\(url)")
      #expect(router.match(url: url) == router.matchGeneral(url: url), "\(url)")
      guard case .route = got else { continue }
      let values = (0..<scratch.pathCaptureCount).map { k in
        (0..<scratch.pathCaptureSegmentCount(k)).map {
          String(decoding: bytes[scratch.pathCaptureSegment(k, $0)], as: UTF8.self)
        }
      }
      #expect(values == captures, "\(url)")
      let whole = String(decoding: bytes[scratch.pathCapture(scratch.pathCaptureCount - 1)], as: UTF8.self)
      #expect(whole == captures.last?.joined(separator: "/"), "\(url)")
      if case .success(let m?) = router.matchGeneral(url: url) {
        let value = m.parameters["path"] ?? m.parameters["page"] ?? m.parameters["rest"]
        #expect(value == .string(whole), "\(url)")
      }
      // Decided without the general search: its terminal check would have recorded a terminal.
      if !url.contains("?") {
        let inLoop = scratch.endedInFastLoop
        #expect(inLoop, "\(url): handed over to the general search")
      }
    }
    // Handed over at the catch-all's node, as before: the general search decides, and agrees.
    for url in [
      "https://example.com/files/a//b", "https://example.com/files/a/%2E%2E/b", "https://example.com/files/a/./b",
      "https://example.com/files/a%20b/c", "https://example.com/files//",
    ] {
      var text = url
      let fast = text.withUTF8 { router.urls.fastMatch($0.baseAddress!, $0.count, &scratch) }
      let general = Array(url.utf8).withUnsafeBufferPointer { router.matchRouteGeneral(utf8: $0) }
      switch fast {
      case .route(let rule): #expect(Int(rule) == general, "\(url)")
      case .noRoute: #expect(general == nil, "\(url)")
      case .needsGeneralPath: break
      }
      #expect(router.match(url: url) == router.matchGeneral(url: url), "\(url)")
      #expect(router.matchRoute(url: url, scratch: &scratch) == general, "\(url)")
    }
  }

  @Test func aScratchMovesBetweenRoutersSafely() throws {
    let a = try TestTables.router([("a", "https://example.com/a/{x}")])
    let b = try TestTables.router([("b", "https://other.example/b/{x}"), ("b2", "https://example.com/b/{x}")])
    var scratch = MatchScratch()
    #expect(a.matchRoute(url: "https://example.com/a/1", scratch: &scratch) == 0)
    #expect(b.matchRoute(url: "https://example.com/a/1", scratch: &scratch) == nil)
    #expect(b.matchRoute(url: "https://example.com/b/1", scratch: &scratch) == 1)
    #expect(b.matchRoute(url: "https://other.example/b/1", scratch: &scratch) == 0)
    #expect(a.matchRoute(url: "https://other.example/b/1", scratch: &scratch) == nil)
    #expect(a.matchRoute(url: "https://example.com/a/2", scratch: &scratch) == 0)
  }

  @Test func capturesAreByteRangesOfTheURL() throws {
    let router = try TestTables.router([
      ("repo", "https://example.com/repos/{owner}/{repo}"), ("files", "https://example.com/files/{path*}"),
    ])
    var scratch = MatchScratch()
    let url = "https://example.com/repos/apple/swift-evolution-proposals"
    let bytes = Array(url.utf8)
    #expect(router.matchRoute(url: url, scratch: &scratch) == 0)
    #expect(scratch.pathCaptureCount == 2)
    #expect(String(decoding: bytes[scratch.pathCapture(0)], as: UTF8.self) == "apple")
    #expect(String(decoding: bytes[scratch.pathCapture(1)], as: UTF8.self) == "swift-evolution-proposals")
    let files = "https://example.com/files/a/b%20c/d"
    let fileBytes = Array(files.utf8)
    #expect(router.matchRoute(url: files, scratch: &scratch) == 1)
    #expect(String(decoding: fileBytes[scratch.pathCapture(0)], as: UTF8.self) == "a/b%20c/d")
    #expect(scratch.pathCaptureSegmentCount(0) == 3)
    #expect(String(decoding: fileBytes[scratch.pathCaptureSegment(0, 1)], as: UTF8.self) == "b%20c")
  }

  /// A UUID step finds its segment's end from the UUID's 36 bytes and the byte after them: UUIDs
  /// and near-UUIDs (one byte changed, cut short, longer, in either case) followed by every
  /// kind of byte at byte 36 and after (`/`, the end, plain bytes, escapes, `.`, `?`, `#`,
  /// bytes of 0x80 and more), at every depth of a table whose UUID nodes are only children,
  /// give what the general path gives, through `matchRoute(utf8:)` and `match(url:)`.
  @Test func uuidSegmentsAroundTheirEndAgree() throws {
    let router = try TestTables.router([
      ("note", "notes://note/{id:uuid}"), ("close", "notes://note/{id:uuid}/close"),
      ("pair", "https://example.com/n/{a:uuid}/{b:uuid}"), ("rest", "https://example.com/n/{a:uuid}/files/{path*}"),
      ("deep", "https://example.com/n/{a:uuid}/x/{b:uuid}/y"),
    ])
    var scratch = MatchScratch()
    var rng = SeededGenerator(seed: 0x0D1D)
    func any<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
    let hex = Array("0123456789abcdefABCDEF".utf8)
    let odd = Array("/.-%?#!~_xXgG:@ \\".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
    func uuid() -> [UInt8] {
      var bytes: [UInt8] = []
      for i in 0..<36 { bytes.append([8, 13, 18, 23].contains(i) ? UInt8(ascii: "-") : any(hex)) }
      switch rng.next() % 6 {
      case 0: bytes[Int(rng.next() % 36)] = any(odd + hex)  // one byte changed
      case 1: bytes.removeLast(Int(1 + rng.next() % 8))  // cut short
      case 2: bytes += (0..<Int(1 + rng.next() % 8)).map { _ in any(hex + odd) }  // longer
      default: break
      }
      return bytes
    }
    let tails = [
      "", "/", "/close", "/close/", "/x", "/.", "/..", "/%41", "?q=1", "#top", "//", "/files/a/b.txt", "/x/",
    ]
    let origins = ["notes://note/", "https://example.com/n/"]
    var disagreements: [String] = []
    for _ in 0..<20_000 {
      var bytes = Array(any(origins).utf8) + uuid()
      if rng.next() % 2 == 0 { bytes += Array(any(tails).utf8) }
      if rng.next() % 3 == 0 { bytes += Array("/".utf8) + uuid() + Array(any(tails).utf8) }
      if rng.next() % 4 == 0 { bytes += Array("/x/".utf8) + uuid() + Array(any(["/y", "", "/y/", "/z"]).utf8) }
      let (fast, general) = bytes.withUnsafeBufferPointer {
        (router.matchRoute(utf8: $0, scratch: &scratch), router.matchRouteGeneral(utf8: $0))
      }
      let text = String(decoding: bytes, as: UTF8.self)
      if fast != general {
        disagreements.append("\(text): matchRoute \(String(describing: fast)), general \(String(describing: general))")
      } else if Array(text.utf8) == bytes && router.match(url: text) != router.matchGeneral(url: text) {
        disagreements.append(
          "\(text): match(url:) \(router.match(url: text)), general \(router.matchGeneral(url: text))")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5).joined(separator: "\n"))")
  }

  /// `match(url:)` reads a UUID the fast walk took without testing it again: UUIDs and
  /// near-UUIDs at every fast step that records a capture of type `uuid` (the only child of a
  /// node, a `uuid` edge beside a literal, an `int` and a `{name}`, a part of an affixed
  /// segment, before a query) give the parameters the general path gives.
  @Test func uuidCapturesOfEveryFastStepAgree() throws {
    let router = try TestTables.router([
      ("only", "notes://note/{id:uuid}"), ("only-tail", "notes://note/{id:uuid}/close"),
      ("literal", "https://example.com/c/new"), ("int", "https://example.com/c/{n:int}/x"),
      ("uuid", "https://example.com/c/{u:uuid}/x"), ("string", "https://example.com/c/{s}/x"),
      ("prefix", "https://example.com/p/item-{u:uuid}"), ("suffix", "https://example.com/s/{u:uuid}.json"),
      ("two", "https://example.com/t/{a:uuid}~{b}"), ("query", "notes://q/{id:uuid}?v={v}"),
    ])
    var rng = SeededGenerator(seed: 0x0D17)
    func any<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
    let hex = Array("0123456789abcdefABCDEF".utf8)
    let odd = Array("/.-%?#!~_xXgG:@".utf8)
    func uuid() -> String {
      var bytes: [UInt8] = []
      for i in 0..<36 { bytes.append([8, 13, 18, 23].contains(i) ? UInt8(ascii: "-") : any(hex)) }
      switch rng.next() % 5 {
      case 0: bytes[Int(rng.next() % 36)] = any(odd + hex)  // one byte changed
      case 1: bytes.removeLast(Int(1 + rng.next() % 4))  // cut short
      case 2: bytes += (0..<Int(1 + rng.next() % 4)).map { _ in any(hex) }  // longer
      default: break
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    let shapes = [
      "notes://note/#", "notes://note/#/close", "https://example.com/c/#/x", "https://example.com/p/item-#",
      "https://example.com/s/#.json", "https://example.com/t/#~b", "https://example.com/t/#~", "notes://q/#?v=1",
      "notes://q/#?v=a%20b",
    ]
    var disagreements: [String] = []
    var uuids = 0
    for _ in 0..<20_000 {
      let url = any(shapes).split(separator: "#", omittingEmptySubsequences: false).joined(separator: uuid())
      let (full, general) = (router.match(url: url), router.matchGeneral(url: url))
      if full != general { disagreements.append("\(url): match(url:) \(full), general \(general)") }
      if case .success(let m?) = full, m.routeName != "string" && m.routeName != "int" && m.routeName != "literal" {
        uuids += 1
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5).joined(separator: "\n"))")
    #expect(uuids > 5_000)
  }

  /// A capture name is lent to the parameters from its small-string form when it has 15 ASCII
  /// bytes or fewer (`CompiledRouter.smallASCII`), else from its UTF-8 view: the names of every
  /// length around that edge, in path captures, typed captures and query captures, on both paths.
  @Test func captureNamesOfEveryLength() throws {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_".utf8)
    var routes: [(String, String)] = []
    var names: [String] = []
    for n in 1...24 {
      let name = String(decoding: (0..<n).map { letters[($0 &* 7 &+ n) % letters.count] }, as: UTF8.self)
      names.append(name)
      routes.append(("p\(n)", "https://example.com/p\(n)/{\(name)}/{\(name)x:int}"))
      routes.append(("q\(n)", "https://example.com/q\(n)?\(name)={\(name)}"))
    }
    let router = try TestTables.router(routes)
    var disagreements: [String] = []
    for (i, name) in names.enumerated() {
      let n = i + 1
      for (url, expected) in [
        (
          "https://example.com/p\(n)/v\(n)/\(n)",
          [(name, JSONValue.string("v\(n)")), (name + "x", .number(JSONNumber(n)))]
        ),
        ("https://example.com/p\(n)/a%20b/7", [(name, .string("a b")), (name + "x", .number(JSONNumber(7)))]),
        ("https://example.com/q\(n)?\(name)=w\(n)", [(name, .string("w\(n)"))]),
      ] {
        let full = router.match(url: url)
        guard case .success(let m?) = full, full == router.matchGeneral(url: url) else {
          disagreements.append("\(url): \(full)")
          continue
        }
        let got = m.parameters.map { ($0.key, $0.value) }
        if got.map(\.0) != expected.map(\.0) || got.map(\.1) != expected.map(\.1) {
          disagreements.append("\(url): \(got), expected \(expected)")
        }
        for (key, value) in expected where m.parameters[key] != value { disagreements.append("\(url): [\(key)]") }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5).joined(separator: "\n"))")
  }

  /// A UUID's 32 digits read into two words (`uuidWord`, four groups of eight) give its text back,
  /// uppercase: every digit of either case at every position, through `match(url:)` too.
  @Test func uuidWordsAreTheDigits() throws {
    var rng = SeededGenerator(seed: 0x1D16)
    let hex = Array("0123456789abcdefABCDEF".utf8)
    let router = try TestTables.router([("note", "notes://note/{id:uuid}")])
    for _ in 0..<5_000 {
      var bytes: [UInt8] = []
      for i in 0..<36 { bytes.append([8, 13, 18, 23].contains(i) ? UInt8(ascii: "-") : hex[Int(rng.next() % 22)]) }
      let text = String(decoding: bytes, as: UTF8.self)
      let (high, low) = bytes.withUnsafeBufferPointer {
        (CompiledRouter.uuidWord($0.baseAddress!, high: true), CompiledRouter.uuidWord($0.baseAddress!, high: false))
      }
      #expect(RouteParameters.InlineValue.uuidText(high, low) == text.uppercased(), "\(text)")
      #expect(try router.match(url: "notes://note/" + text).get()?.parameters["id"] == .string(text.uppercased()))
    }
  }

  /// `smallASCII` gives a string's bytes exactly, or nil: for ASCII and other strings of every
  /// length, made in every way a name can be (a literal, decoded bytes, a slice, an interpolation).
  @Test func smallASCIIIsTheStringsBytes() {
    var strings: [String] = ["", "id", "q", "fifteen_bytes_x", "sixteen_bytes_xx", "é", "naïve", "日本"]
    for n in 0...20 {
      let text = String(repeating: "k", count: n)
      strings += [text, String(decoding: Array(text.utf8), as: UTF8.self), "\(text)", String(("x" + text).dropFirst())]
      strings.append(String(repeating: "é", count: n))
    }
    for string in strings {
      let small = CompiledRouter.smallASCII(string)
      if let small {
        var words = small.words
        let bytes = withUnsafeBytes(of: &words) { Array($0.prefix(small.count)) }
        #expect(bytes == Array(string.utf8), "\(string)")
      }
      #if _pointerBitWidth(_64) && _endian(little)
        // (A native ASCII string of 15 bytes or fewer is small: the fast way is the one taken.)
        let expectSmall = string.utf8.count <= 15 && string.utf8.allSatisfy { $0 < 0x80 }
        #expect((small != nil) == expectSmall, "\(string)")
      #endif
    }
  }

  @Test func longPathsAndManySegments() throws {
    let router = try TestTables.router([("deep", "https://example.com/a/{x}"), ("any", "https://example.com/{rest*}")])
    var scratch = MatchScratch()
    for count in [1, 100, 255, 256, 257, 300] {
      let url = "https://example.com" + String(repeating: "/s", count: count)
      #expect(
        router.matchRoute(url: url, scratch: &scratch) == (try? router.matchGeneral(url: url).get())??.route, "\(count)"
      )
      #expect(router.match(url: url) == router.matchGeneral(url: url), "\(count)")
    }
    let long = "https://example.com/a/" + String(repeating: "x", count: 1000)
    #expect(router.matchRoute(url: long, scratch: &scratch) == 0)
  }
}

extension String {
  /// The pattern with each `{...}` replaced by the next of `values` (cycling), query and
  /// fragment constraints dropped.
  fileprivate func replacingBraces(with values: [String]) -> String {
    var result = ""
    var next = 0
    var inBraces = false
    for c in self {
      if c == "?" || c == "#" { break }
      if c == "{" {
        inBraces = true
        result += values[next % values.count]
        next += 1
      } else if c == "}" {
        inBraces = false
      } else if !inBraces {
        result.append(c)
      }
    }
    return result
  }
}

extension CompiledRouter {
  /// The fast path's verdict on `url`: `fastMatch`, then, with `tail`, `fastMatchWithTail` when
  /// it declines (as `matchRoute` asks them); with a route, its path captures as text.
  fileprivate func fastVerdict(_ url: String, _ scratch: inout MatchScratch, tail: Bool = false) -> (
    URLTrie.FastMatch, [String]
  ) {
    var text = url
    var result = text.withUTF8 { urls.fastMatch($0.baseAddress!, $0.count, &scratch) }
    if tail && result == .needsGeneralPath {
      result = text.withUTF8 { urls.fastMatchWithTail($0.baseAddress!, $0.count, &scratch, afterWalk: true) }
    }
    guard case .route = result else { return (result, []) }
    let bytes = Array(url.utf8)
    return (
      result, (0..<scratch.pathCaptureCount).map { String(decoding: bytes[scratch.pathCapture($0)], as: UTF8.self) }
    )
  }
}

extension MatchScratch {
  /// Whether the last match ended at a node's first terminal: decided in the fast loop, not in
  /// the general search's terminal check (which a hand-over would have run).
  fileprivate var endedInFastLoop: Bool { if case .firstTerminal = end { true } else { false } }
}
