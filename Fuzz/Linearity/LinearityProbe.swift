// The work probe of scripts/linearity.sh: builds an input of size n for a scenario (outside the
// measured code), then runs the operation once inside `measuredWork`, the only function whose
// instructions callgrind counts (--toggle-collect). Counted instructions are deterministic, so
// doubling n must double them at most (plus a constant): no quadratic path, no backtracking
// blow-up. Timing is never used.
//
//   LinearityProbe <scenario> <n> [<n> ...]
//
// Several sizes of one scenario run in one process, in the order given, each prepared apart and
// measured by its own call of `measuredWork`: scripts/linearity.sh has callgrind write a profile
// after each call (--dump-after), so starting valgrind and the Swift runtime is paid once a
// scenario, not once a size (about 2 s of a core each time under callgrind).
import ActivityRouter

@main
struct LinearityProbe {
  static func main() {
    let arguments = CommandLine.arguments
    let sizes = arguments.dropFirst(2).compactMap { Int($0) }
    guard arguments.count >= 3, sizes.count == arguments.count - 2, let scenario = scenarios[arguments[1]] else {
      print(
        "usage: LinearityProbe <scenario> <n> [<n> ...]; scenarios: \(scenarios.keys.sorted().joined(separator: " "))")
      exit(64)
    }
    for n in sizes {
      let prepared = scenario(n)
      // Once unmeasured first: building the input frees many small blocks, which glibc merges
      // (malloc_consolidate) at the next large allocation, in amounts that depend on the
      // preparation, not on the operation; and first calls initialise what later calls reuse.
      _ = work(prepared)
      let result = measuredWork(prepared)
      print("\(arguments[1]) n=\(n) result=\(result)")
    }
  }

  /// A prepared operation: everything allocated before it is measured.
  struct Prepared {
    var router: CompiledRouter?
    var bytes: [UInt8]
    var table: [UInt8]
    var kind: Kind
  }

  enum Kind { case match, load, compile, event, parse, stateful, sessions }

  /// The operation, counted: the one symbol callgrind collects in.
  @inline(never)
  static func measuredWork(_ p: Prepared) -> Int { work(p) }

  @inline(never)
  static func work(_ p: Prepared) -> Int {
    switch p.kind {
    case .match:
      var scratch = MatchScratch()
      guard let router = p.router else { return -2 }
      return p.bytes.withUnsafeBufferPointer { router.matchRoute(utf8: $0, scratch: &scratch) } ?? -1
    case .load:
      // Reading a table file's text: the JSON, every route and its patterns, checked; not compiled.
      let loaded = TableLoader.load(source: SourceText(file: "t", bytes: p.table))
      return loaded.table?.routes.count ?? -3
    case .compile:
      let loaded = TableLoader.load(source: SourceText(file: "t", bytes: p.table))
      guard let table = loaded.table else { return -3 }
      return RouteCompiler.compile(table).router?.table.routes.count ?? -1
    case .event:
      return p.bytes.withUnsafeBufferPointer { EventReader.read(utf8: $0) }.map { _ in 1 }.get(or: 0)
    case .parse:
      return p.bytes.withUnsafeBufferPointer { URLSyntax.parse($0) }.map { $0.path.count }.get(or: -1)
    case .stateful:
      // `route-cli route --json --stateful`: every line decided against the sessions the
      // earlier lines opened, its record written, its decision applied.
      guard let router = p.router else { return -2 }
      var lines = LineRouter(router: router, options: .init(format: .json, stateful: true))
      var out: [UInt8] = []
      var number = 0
      p.bytes.withUnsafeBufferPointer { all in
        var start = 0
        for i in all.indices where all[i] == UInt8(ascii: "\n") {
          number += 1
          lines.route(line: number, utf8: UnsafeBufferPointer(rebasing: all[start..<i]), into: &out)
          out.removeAll(keepingCapacity: true)
          start = i + 1
        }
      }
      return lines.sessions.sessions.count
    case .sessions:
      // A session file read (`--sessions`, `--state`) and written again.
      guard let router = p.router else { return -2 }
      let (state, _) = SessionState.load(source: SourceText(file: "s", bytes: p.bytes), table: router.table)
      return (state?.sessions.count ?? -1) + (state?.jsonText().utf8.count ?? 0)
    }
  }

  /// The Notes app's shape: a list window, and note-editor windows opened by note links, one
  /// per note (openWindow(id:value:)); with `closing`, also closed by them
  /// (`notes://note/<id>/close`, dismissWindow(id:value:)).
  static func notesRouter(closing: Bool = false) -> CompiledRouter {
    let close = #"""
      , {"name": "close-note", "url": "notes://note/{id:uuid}/close",
         "dismissWindow": {"id": "note-editor", "value": {"id": "{id}"}}}
      """#
    let text = """
      {"app": "N", "platform": "iPadOS", "multipleScenes": true,
       "scenes": [{"id": "main"}, {"id": "note-editor", "presents": "NoteID", "matching": ["note-editor"]}],
       "routes": [{"name": "note", "url": "notes://note/{id:uuid}",
                   "openWindow": {"id": "note-editor", "value": {"id": "{id}"}}}\(closing ? close : "")]}
      """
    let loaded = TableLoader.load(source: SourceText(file: "t", bytes: Array(text.utf8)))
    guard let table = loaded.table, let router = RouteCompiler.compile(table).router else {
      print("the notes table does not load: \(loaded.diagnostics)")
      exit(1)
    }
    return router
  }

  /// The UUID of note `i`, distinct for every i.
  static func noteID(_ i: Int) -> String {
    let hex = String(i, radix: 16)
    return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
  }

  static func table(_ patterns: [String]) -> [UInt8] {
    let routes = patterns.enumerated().map { #"{"name": "r\#($0.offset)", "url": "\#($0.element)", "deliver": {}}"# }
    return Array(
      #"{"app": "P", "platform": "iOS", "scenes": [{"id": "main"}], "routes": [\#(routes.joined(separator: ","))]}"#
        .utf8)
  }

  static func router(_ patterns: [String]) -> CompiledRouter {
    let loaded = TableLoader.load(source: SourceText(file: "t", bytes: table(patterns)))
    guard let t = loaded.table else {
      print("the probe table does not load: \(loaded.diagnostics)")
      exit(1)
    }
    let compiled = RouteCompiler.compile(t)
    guard let router = compiled.router else {
      print("the probe table does not compile: \(compiled.diagnostics)")
      exit(1)
    }
    return router
  }

  /// Routes that a long or many-segment URL meets: parameters, typed parameters, catch-alls.
  static let commonRoutes = [
    "app://h/files/{path*}", "app://h/files/{a}/{b}/x", "app://h/files/{n:int}", "app://h/u/{id}",
    "app://h/q?k={v}&k2={w:int}", "app://h/o/{a?}/x/{b?}", "app://*.example.com/w/{x}",
  ]

  static func match(_ url: String, _ routes: [String] = commonRoutes) -> Prepared {
    Prepared(router: router(routes), bytes: Array(url.utf8), table: [], kind: .match)
  }

  static let scenarios: [String: @Sendable (Int) -> Prepared] = [
    // One segment n bytes long.
    "url-length": { n in match("app://h/files/" + String(repeating: "a", count: n)) },
    // A value of n escapes, decoded once.
    "url-escapes": { n in match("app://h/u/" + String(repeating: "%41", count: n)) },
    // One segment of n bytes against affixed segments (several literal parts, typed and text
    // captures) that all fail at its very end: each literal part is one pass over it.
    "affix-length": { n in
      match(
        "app://h/p/" + String(repeating: "a-1.", count: n / 4) + "x",
        ["app://h/p/{slug}-{id:int}", "app://h/p/{id:int}-{slug}.{ext:int}", "app://h/p/v{a:int}.{b:int}-{c}.json"])
    },
    // n segments of a URL without an authority through a catch-all (a nested URL).
    "opaque-segments": { n in match("feed:" + String(repeating: "s/", count: n) + "z", ["feed:{url*}", "feed:x/{y}"]) },
    // n segments through the catch-all, on the matcher's fast path (a path of fewer than 512
    // bytes, every byte one the fast path compares raw).
    "segments": { n in match("app://h/files" + String(repeating: "/s", count: n)) },
    // n segments through the catch-all, on the general path: a '%' in each segment sends the URL
    // there, whatever its length.
    "segments-general": { n in match("app://h/files" + String(repeating: "/%73", count: n)) },
    // n dot segments resolved.
    "dot-segments": { n in match("app://h/files" + String(repeating: "/a/..", count: n) + "/z") },
    // n query items, the constrained ones last.
    "query-items": { n in match("app://h/q?" + String(repeating: "x=1&", count: n) + "k=v&k2=2") },
    // A host of n labels against a '*.example.com' rule (every suffix is a candidate).
    "host-labels": { n in match("app://" + String(repeating: "a.", count: n) + "example.com/w/x") },
    // A host of n labels no rule knows.
    "host-labels-unknown": { n in match("app://" + String(repeating: "a.", count: n) + "nowhere.org/w/x") },
    // n routes whose segments are each 'v' or '{p}' (a bit pattern): the URL /v/v/…/v/end meets
    // every one of them and fails at the end, so the search visits the whole trie.
    "table-branching": { n in
      let depth = 12
      let patterns = (0..<n).map { i in
        "app://h" + (0..<depth).map { d in (i >> d) & 1 == 1 ? "/{p\(d)}" : "/v" }.joined() + "/end"
      }
      return match("app://h" + String(repeating: "/v", count: depth) + "/nomatch", patterns)
    },
    // n routes of 4 optional segments each (16 expansions each), distinct last literals.
    "table-optionals": { n in
      let patterns = (0..<n).map { i in "app://h/o/{a?}/x/{b?}/y/{c?}/z/{d?}/e\(i)" }
      return match("app://h/o/1/x/2/y/3/z/4/nomatch", patterns)
    },
    // Loading a table of n routes (issue 17 item 4), each with its own literals, parameters, a
    // query constraint and a value template: the JSON read once, every pattern parsed and checked.
    "table-load": { n in
      let routes = (0..<n).map { i in
        #"{"name": "r\#(i)", "url": "app://h/s\#(i)/{id}/x-\#(i % 97)?q={q?}", "deliver": {"scene": "main", "#
          + #""value": {"id": "{id}", "n": \#(i)}}}"#
      }
      let text =
        #"{"app": "P", "platform": "iOS", "scenes": [{"id": "main"}], "routes": [\#(routes.joined(separator: ",\n"))]}"#
      return Prepared(router: nil, bytes: [], table: Array(text.utf8), kind: .load)
    },
    // Compiling n parameter routes with distinct literals (conflict checks included).
    "compile-params": { n in
      let patterns = (0..<n).map { i in "app://h/{a}/l\(i)/{b:int}/{c?}" }
      return Prepared(router: nil, bytes: [], table: table(patterns), kind: .compile)
    },
    // Compiling n routes that all share one prefix and differ in a query constraint.
    "compile-query": { n in
      let patterns = (0..<n).map { i in "app://h/s/{x}?k\(i)={v}" }
      return Prepared(router: nil, bytes: [], table: table(patterns), kind: .compile)
    },
    // A JSON event with n userInfo keys.
    "event-json": { n in
      let info = (0..<n).map { #""k\#($0)": "v""# }.joined(separator: ",")
      let line = #"{"activity": {"activityType": "t", "userInfo": {\#(info)}}}"#
      return Prepared(router: nil, bytes: Array(line.utf8), table: [], kind: .event)
    },
    // n distinct note links in one stateful run: each opens a note-editor window, so the
    // n-th line is decided against n open sessions (issue 18: 8,000 took 28.7 s).
    "stateful-notes": { n in
      let lines = (0..<n).map { "notes://note/\(noteID($0))\n" }.joined()
      return Prepared(router: notesRouter(), bytes: Array(lines.utf8), table: [], kind: .stateful)
    },
    // n note links, each opening a window, and after every second one a close of the oldest
    // note still open (dismissWindow(id:value:)): the open windows grow to n/2, and each close
    // takes one from the front of the sessions (issue 17 item 2: each close rebuilt the index,
    // 5,000 Notes lines took 1,487 M instructions).
    "stateful-closing": { n in
      var lines = ""
      for i in 0..<n {
        lines += "notes://note/\(noteID(i))\n"
        if i % 2 == 1 { lines += "notes://note/\(noteID(i / 2))/close\n" }
      }
      return Prepared(router: notesRouter(closing: true), bytes: Array(lines.utf8), table: [], kind: .stateful)
    },
    // A session file of n note-editor windows, read and written again.
    "session-file": { n in
      let sessions = (0..<n).map { i in
        #"{"id": "s\#(i + 1)", "scene": "note-editor", "state": "background", "value": {"id": "\#(noteID(i))"}}"#
      }
      let text = #"{"sessions": [\#(sessions.joined(separator: ",\n"))], "clock": \#(n)}"#
      return Prepared(router: notesRouter(), bytes: Array(text.utf8), table: [], kind: .sessions)
    },
    // The URL reader alone on n bytes of path with escapes and non-ASCII.
    "parse": { n in
      Prepared(
        router: nil, bytes: Array(("https://h.com/" + String(repeating: "%C3%A9%20/a.b/", count: n)).utf8), table: [],
        kind: .parse)
    },
  ]
}

extension Result {
  func get(or fallback: Success) -> Success {
    if case .success(let value) = self { return value }
    return fallback
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
