import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// The `routes` array read where the table file holds it (no JSON tree) gives the same table and
/// the same diagnostics, in the same order, as the tree reader: on every table of the
/// repository, on tables written to exercise each form the in-place reader takes or leaves to
/// the tree, and on thousands of mutations of them, broken JSON included.
@Suite struct RoutesInPlaceTests {
  /// Loads `bytes` both ways and expects the same result.
  static func expectSameLoad(
    _ bytes: [UInt8], _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let source = SourceText(file: name, bytes: bytes)
    let inPlace = TableLoader.load(source: source, routesInPlace: true)
    let tree = TableLoader.load(source: source, routesInPlace: false)
    #expect(inPlace.diagnostics == tree.diagnostics, "\(name)", sourceLocation: sourceLocation)
    #expect(describe(inPlace.table) == describe(tree.table), "\(name)", sourceLocation: sourceLocation)
    // The unchecked read, when it vouches for the table, gives the same (as `load` returns it).
    if let unchecked = TableLoader.loadUnchecked(source: source) {
      #expect(unchecked.diagnostics == tree.diagnostics, "\(name), unchecked", sourceLocation: sourceLocation)
      #expect(describe(unchecked.table) == describe(tree.table), "\(name), unchecked", sourceLocation: sourceLocation)
    }
  }

  /// Every stored field of a table's routes, in order (`==` on templates ignores an object's
  /// member order, and a pattern describes itself by its text alone).
  static func describe(_ table: RouteTable?) -> String {
    var out = ""
    dump(table?.routes, to: &out)
    dump(table?.scenes, to: &out)
    return out
  }

  /// The tables of the repository: files whose root has `routes`, and fixtures' inline tables.
  static let repositoryTables: [(name: String, bytes: [UInt8])] = {
    var tables: [(String, [UInt8])] = []
    for folder in ["Fixtures", "Examples", "Fuzz/corpus/table", "Tests/Data"] {
      let root = FixturePaths.path(folder)
      let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
      for path in paths.sorted() where path.hasSuffix(".json") || folder.hasPrefix("Fuzz") {
        guard let data = FileManager.default.contents(atPath: root + "/" + path) else { continue }
        let bytes = Array(data)
        guard let node = try? JSONParser.parse(bytes) else { continue }
        if node.member("routes") != nil { tables.append((folder + "/" + path, bytes)) }
        if let table = node.member("table")?.value, table.member("routes") != nil {
          tables.append((folder + "/" + path + "#table", Array(bytes[table.start..<table.end])))
        }
      }
    }
    return tables
  }()

  @Test func repositoryTablesLoadTheSame() {
    #expect(Self.repositoryTables.count > 100)
    for (name, bytes) in Self.repositoryTables { Self.expectSameLoad(bytes, name) }
  }

  /// The routes array is read unchecked (not checked before the read) for the usual tables,
  /// diagnostics or not: the repository's tables of routes in the usual forms, and the forms'
  /// tables here; it gives up only on what it cannot vouch for.
  @Test func usualTablesAreReadUnchecked() throws {
    let notes = try FixturePaths.bytes(FixturePaths.notesTable)
    #expect(TableLoader.loadUnchecked(source: SourceText(file: "Notes", bytes: notes)) != nil)
    for name in ["usual routes", "every action", "comments and $ keys", "problems", "value sets"] {
      let routes = Self.cases.first { $0.0 == name }!.1
      #expect(
        TableLoader.loadUnchecked(source: SourceText(file: name, bytes: Self.table(routes: routes))) != nil, "\(name)")
    }
    let readUnchecked = Self.repositoryTables.filter {
      TableLoader.loadUnchecked(source: SourceText(file: $0.name, bytes: $0.bytes)) != nil
    }
    #expect(readUnchecked.count * 10 > Self.repositoryTables.count * 8)
    // A JSON error in the array, or after it: the checked load reports it.
    let broken = Self.table(routes: #"[{"name": "a", "url": "app://h/a", "deliver": {"value": tru}}]"#)
    #expect(TableLoader.loadUnchecked(source: SourceText(file: "broken", bytes: broken)) == nil)
  }

  /// An unchecked routes array that ends the table (`]`, `}` and whitespace close the document)
  /// is taken to end there, its elements estimated for room (the `{` after a `[` or a `,`: never
  /// fewer than it has); any other is found by its brackets. Taken so wrongly (the routes first,
  /// the scenes' array last), the read in place finds it out and the table is read again, the
  /// array found by its brackets: still unchecked.
  @Test func anArrayLastIsTakenToEndWithTheTable() throws {
    let routes = Self.cases.first { $0.0 == "usual routes" }!.1
    let documents: [([UInt8], Bool)] = [
      (Self.table(routes: routes), true),
      (Self.table(routes: routes, before: true), true),
      (Array(#"{"routes": [{"a": 1}], "app": "A"}"#.utf8), false),
      (Array(#"{"routes": [{"a": 1}], "b": [2]}"#.utf8), true),
      (Array(#"{"routes": [{"a": 1}] , "b": "]"}"#.utf8), false),
      (Array(" {\"routes\" : [ {\"a\": [{}, {}]} , \n {}\t] \r\n} \n".utf8), true),
      (Array(#"{"routes": []}"#.utf8), true),
    ]
    for (bytes, last) in documents {
      let text = String(decoding: bytes, as: UTF8.self)
      let assumed = try bytes.withUnsafeBufferPointer {
        try JSONParser.parse($0, deferring: "routes", checked: false, assumingLast: true)
      }
      let found = try bytes.withUnsafeBufferPointer { try JSONParser.parse($0, deferring: "routes", checked: false) }
      let deferred = try #require(assumed.deferred, "\(text)")
      let bracketed = try #require(found.deferred, "\(text)")
      #expect(deferred.assumed == last, "\(text)")
      #expect(deferred.count >= bracketed.count, "\(text)")
      if last {
        #expect(deferred.range.upperBound == bytes.lastIndex(of: UInt8(ascii: "]"))! + 1, "\(text)")
      } else {
        #expect(deferred.range == bracketed.range && deferred.count == bracketed.count, "\(text)")
      }
    }
    // A string that runs to the end of the table (its closing quote deleted) is read to the end
    // of the bytes, not past them, and the table loads as the tree reader loads it.
    for text in [
      #"[{"name": "a}]"#, #"[{"name": "a", "url": "app://h/a}]"#,
      #"[{"name": "a", "url": "app://h/a", "deliver": {"value": "x\"}}]"#,
      #"[{"name": "a", "url": "app://h/a", "deliver": {"value": {"k": 1, "x}}}]"#, #"[{"name": "a", "comment": "\]"#,
    ] {
      Self.expectSameLoad(Self.table(routes: text), "unclosed string \(text)")
    }
    let first = SourceText(file: "routes first", bytes: Self.table(routes: routes, before: true))
    let unchecked = try #require(TableLoader.loadUnchecked(source: first))
    let tree = TableLoader.load(source: first, routesInPlace: false)
    #expect(Self.describe(unchecked.table) == Self.describe(tree.table))
    #expect(unchecked.diagnostics == tree.diagnostics)
  }

  /// Tables that take each branch of the in-place reader, and each way out to the tree reader.
  static let cases: [(String, String)] = [
    (
      "usual routes",
      #"[{"name": "a", "url": "https://h.example/a/{id}", "deliver": {"scene": "main", "value": {"id": "{id}", "n": 1, "on": true, "off": false, "none": null, "list": [1, "x", {"k": "{id}"}], "nested": {"a": [1.5e3]}}}}, {"name": "b", "url": ["app://h/b", "app://h/c/{x:int}?q={q?}#frag"], "priority": 3, "openWindow": {"id": "editor", "value": "n-{x}"}}]"#
    ),
    (
      "every action",
      #"[{"name": "a", "url": "app://h/a", "dismissWindow": {"id": "editor"}}, {"name": "b", "url": "app://h/b/{v}", "pushWindow": {"id": "editor", "value": "{v}", "type": "Note"}}, {"name": "c", "url": "app://h/c/{v}", "openWindow": {"value": "{v}", "type": "Note"}}]"#
    ),
    (
      "comments and $ keys",
      #"[{"$schema": 1, "comment": ["x"], "name": "a", "url": "app://h/a", "deliver": {"comment": {}, "$x": null}}]"#
    ),
    (
      "escapes",
      #"[{"name": "a\u0062", "url": "app://h/a", "deliver": {}}, {"name": "c", "url": "app://h/\u0063", "deliver": {}}, {"name": "d", "url": "app://h/d", "deliver": {"value": {"k\"": "v"}}}, {"name": "e", "url": "app://h/e", "deliver": {"value": "\n"}}]"#
    ),
    (
      "literal braces",
      #"[{"name": "a", "url": "app://h/a", "deliver": {"value": {"k": "{{x}}"}}}, {"name": "b", "url": "app://h/b", "deliver": {"value": "{{x}}"}}, {"name": "c", "url": "app://h/c/{x}", "deliver": {"value": ["{{", "{x}"]}}}]"#
    ),
    (
      "priorities",
      #"[{"name": "a", "url": "app://h/a", "deliver": {}, "priority": 3.0}, {"name": "b", "url": "app://h/b", "deliver": {}, "priority": -2}, {"name": "c", "url": "app://h/c", "deliver": {}, "priority": 1.5}, {"name": "d", "url": "app://h/d", "deliver": {}, "priority": 1e30}, {"name": "e", "url": "app://h/e", "deliver": {}, "priority": "1"}]"#
    ),
    (
      "problems",
      #"[{"name": "a", "url": "app://h/a/{x}", "deliver": {"scene": "nope", "value": "{y}"}}, {"name": "a", "url": "app://h/b", "deliver": {}}, {"url": "app://h/c", "deliver": {}}, {"name": "d", "url": "nope", "deliver": {}}, {"name": "e", "url": [], "deliver": {}}, {"name": "f", "url": [1], "deliver": {}}, {"name": "g", "url": "app://h/g", "deliver": "main"}, {"name": "h", "url": "app://h/h", "deliver": {}, "openWindow": {"id": "editor"}}, {"name": "i", "url": "app://h/i", "deliver": {"type": "Note"}}, {"name": "j", "url": "app://h/j", "openWindow": {}}, {"name": "k", "url": "app://h/k", "openWindow": {"id": "main", "value": 1}}, 7, {"name": 8, "url": "app://h/l", "deliver": {}}, {"name": "m", "url": "app://h/m", "deliver": {"scene": 1}}, {"name": "n", "url": "app://h/n", "deliver": {"value": "{"}}, {"name": "o", "url": "app://h/o", "delivr": {}}]"#
    ),
    (
      "other triggers and keys",
      #"[{"name": "a", "activity": "com.example.view", "deliver": {}}, {"name": "b", "url": "app://h/b", "deliver": {}, "acceptLostLinks": "old"}, {"name": "c", "url": "app://h/c", "userInfo": {}, "deliver": {}}, {"name": "d", "url": "app://h/d", "requestSceneSessionActivation": {"activityType": "x"}}]"#
    ),
    ("value sets", #"[{"name": "a", "url": "app://h/{box:tab}/{k:x|y}", "deliver": {"value": "{box}{k}"}}]"#),
    (
      "non-ASCII",
      #"[{"name": "é", "url": "https://bücher.example/straße/{é}", "deliver": {"value": {"ключ": "{é}"}}}, {"name": "f", "url": "app://h/f", "deliver": {"ключ": 1}}]"#
    ),
    (
      // Keys of the reader's lengths, one byte off at the start, the middle or the end (keys
      // are compared a word at a time: two overlapping words of four or eight bytes).
      "keys one byte off",
      #"[{"Name": "a", "url": "app://h/a", "deliver": {}}, {"naMe": "b", "url": "app://h/b", "deliver": {}}, {"name": "c", "urL": "app://h/c", "deliver": {}}, {"name": "d", "url": "app://h/d", "delIver": {}}, {"name": "e", "url": "app://h/e", "delivEr": {}}, {"name": "f", "url": "app://h/f", "deliveR": {}}, {"name": "g", "url": "app://h/g", "deliver": {}, "priorIty": 1}, {"name": "h", "url": "app://h/h", "deliver": {}, "prioritY": 1}, {"name": "i", "url": "app://h/i", "openWindoW": {"id": "editor"}}, {"name": "j", "url": "app://h/j", "pushwindow": {"id": "editor"}}, {"name": "k", "url": "app://h/k", "dismissWIndow": {"id": "editor"}}, {"name": "l", "url": "app://h/l", "dismisSWindow": {"id": "editor"}}, {"name": "m", "url": "app://h/m", "dismissWindoW": {"id": "editor"}}, {"name": "n", "url": "app://h/n", "deliver": {}, "commenT": 1}, {"name": "o", "url": "app://h/o", "deliver": {"sCene": "main"}}, {"name": "p", "url": "app://h/p", "deliver": {"valuE": 1}}, {"name": "q", "url": "app://h/q", "openWindow": {"iD": "editor"}}, {"name": "r", "url": "app://h/r", "openWindow": {"id": "editor", "tyPe": "Note"}}, {"name": "s", "url": "app://h/s", "deliver": {"Comment": 1}}]"#
    ),
    ("empty", "[]"),
    ("whitespace", " [ \n\t{ \"name\" : \"a\" ,\r\n \"url\" : \"app://h/a\" , \"deliver\" : { } } \n ] "),
  ]

  static func table(routes: String, before: Bool = false) -> [UInt8] {
    let head =
      #""app": "A", "platform": "iPadOS", "valueSets": {"tab": ["inbox", "sent"]}, "scenes": [{"id": "main"}, {"id": "editor", "presents": "Note"}]"#
    return Array((before ? #"{"routes": \#(routes), \#(head)}"# : #"{\#(head), "routes": \#(routes)}"#).utf8)
  }

  @Test func eachFormLoadsTheSame() {
    for (name, routes) in Self.cases {
      Self.expectSameLoad(Self.table(routes: routes), name)
      Self.expectSameLoad(Self.table(routes: routes, before: true), name + ", routes first")
    }
  }

  /// A route's locations (its own, its target's, its pattern's) are made from the last
  /// location's line when they are on it: the same locations as the tree reader's with a
  /// route on one line, with its members and values on lines of their own (LF and CRLF), and
  /// with every route of a table on one line.
  @Test func locationsOnEveryLineLoadTheSame() {
    for (name, routes) in Self.cases {
      for (form, end) in [("LF", "\n"), ("CRLF", "\r\n")] {
        let forms = [
          ("members", routes.replacingOccurrences(of: ", \"", with: ",\(end)\"")),
          ("values", routes.replacingOccurrences(of: "\": ", with: "\":\(end)")),
          ("routes", routes.replacingOccurrences(of: "}, {", with: "},\(end){")),
          ("objects", routes.replacingOccurrences(of: ": {", with: ":\(end)\(end){")),
        ]
        for (kind, text) in forms {
          Self.expectSameLoad(Self.table(routes: text), "\(name), \(kind) on lines of their own, \(form)")
          Self.expectSameLoad(Self.table(routes: text, before: true), "\(name), \(kind), \(form), routes first")
        }
      }
    }
  }

  /// Object templates of every size around the eight members gathered on the stack (none,
  /// one, eight, nine and more: the rest in an array), of literals only, with placeholders,
  /// nested, and with a member the in-place reader leaves to the tree (an escaped key, a
  /// template error) at each place: the same routes and diagnostics both ways.
  @Test func objectTemplatesOfEverySizeLoadTheSame() {
    for count in 0...20 {
      for form in 0..<5 {
        for bad in [-1, 0, count / 2, count - 1, 8] where bad < count {
          let members = (0..<count).map { index -> String in
            if index == bad { return form % 2 == 0 ? #""k\u0041\#(index)": 1"# : #""k\#(index)": "{nope"}"# }
            switch form {
            case 0: return #""k\#(index)": \#(index)"#
            case 1: return #""k\#(index)": "{id}""#
            case 2: return index % 3 == 0 ? #""k\#(index)": {"id": "{id}", "n": [\#(index)]}"# : #""k\#(index)": "v""#
            case 3: return #""k\#(index)": {"a": {"b": "x-{id}"}, "c": null}"#
            default: return index == count - 1 ? #""k\#(index)": "{id}""# : #""k\#(index)": true"#
            }
          }
          let routes =
            #"[{"name": "r", "url": "app://h/{id}", "openWindow": {"id": "editor", "value": {\#(members.joined(separator: ", "))}}}]"#
          Self.expectSameLoad(Self.table(routes: routes), "\(count) members, form \(form), bad \(bad)")
        }
      }
    }
  }

  /// JSON the in-place check must refuse exactly as the parser does, or leave to it.
  @Test func brokenJSONInRoutesIsTheParsersError() {
    let routes = [
      #"[{"name": "a", "name": "b", "url": "app://h/a", "deliver": {}}]"#,
      #"[{"name": "a", "url": "app://h/a", "deliver": {"scene": "main", "scene": "main"}}]"#,
      #"[{"n\u0061me": "a", "name": "b"}]"#, #"[{"é": 1, "é": 2}]"#, #"[{"é": 1, "e\u0301": 2}]"#,
      #"[{"a": 1,}]"#, #"[1,]"#, #"[1 2]"#, #"[{"a" 1}]"#, #"[{"a": 01}]"#, #"[{"a": -}]"#, #"[{"a": 1.}]"#,
      #"[{"a": tru}]"#, #"[{"a": nul}]"#, #"[{"a": "\x"}]"#, #"[{"a": "\ud800"}]"#, #"[{"a": "\udc00"}]"#,
      "[\"\u{1}\"]", #"[{"a": "b"]"#, #"["#, #"[{"#, #"[{"a""#, #"[{"a":"#, "[\"\u{7F}\"]",
      // A string's plain run ending at a control byte, past a word of eight, or unterminated.
      "[\"abc\u{1}\"]", "[{\"abcdefghij\u{1F}k\": 1}]", "[\"abcdefghijklmn\u{0}\"]", #"[{"a": "bc"#,
      #"[{"abcdefghijk"#, #"[{"a": "é\#u{1}"}]"#, #"["abcdefghijk\x"]"#,
      "[" + String(repeating: "[", count: 62) + String(repeating: "]", count: 62) + "]",
      "[" + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "]",
      "[{" + (0..<70).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}]",
      "[{" + (0..<70).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + ", \"k3\": 0}]",
    ]
    for text in routes {
      Self.expectSameLoad(Self.table(routes: text), text)
      Self.expectSameLoad(Self.table(routes: text, before: true), text + ", routes first")
    }
    var invalidUTF8 = Self.table(routes: #"[{"name": "ab"}]"#)
    let at = invalidUTF8.lastIndex(of: UInt8(ascii: "b"))!
    for byte: UInt8 in [0xFF, 0xC0, 0xE0, 0xED, 0x80] {
      invalidUTF8[at] = byte
      Self.expectSameLoad(invalidUTF8, "byte \(byte)")
    }
    // The file ends inside a string of the array (a key, a value; shorter and longer than a word).
    for cut in [#""name": "ab"#, #""name": "abcdefghijklm"#, #""nam"#, #""abcdefghijklm"#, #""name": "a\"#] {
      let text = #"{"app": "A", "platform": "iPadOS", "routes": [{"# + cut
      Self.expectSameLoad(Array(text.utf8), text)
    }
  }

  /// The routes array read unchecked (the parser finds its end by its brackets, and the reader
  /// checks what it takes): JSON errors deep inside the usual route shapes, where the reader
  /// has taken most of a route before it meets them, are still the parser's errors, and what
  /// is valid loads the same.
  @Test func uncheckedRoutesRefuseWhatTheParserRefuses() {
    func route(_ members: String, target: String = #""deliver": {"scene": "main"}"#) -> String {
      #"[{"name": "a", "url": "app://h/a/{id}", \#(target)\#(members)}, {"name": "b", "url": "app://h/b", "deliver": {}}]"#
    }
    func value(_ text: String) -> String { route("", target: #""openWindow": {"id": "editor", "value": \#(text)}"#) }
    let many = (0..<10).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
    var routes = [
      route(#", "name": "b""#), route(#", "url": "app://h/c""#), route(#", "priority": 1, "priority": 2"#),
      route(#", "comment": 1, "comment": 2"#), route(#", "$x": 1, "$x": 2"#), route(#", "$x": 1, "$y": 2"#),
      route(#", "comment": {"a": 1, "a": 2}"#), route(#", "comment": {"a": 1, "b": [tru]}"#),
      route(#", "comment": "a\#u{1}b""#), route(#", "comment": "\u00e9", "$x": "é""#),
      route("", target: #""deliver": {"scene": "main", "scene": "main"}"#),
      route("", target: #""openWindow": {"id": "editor", "type": "Note", "type": "Note"}"#),
      route("", target: #""openWindow": {"id": "editor", "value": 1, "value": 1}"#),
      route("", target: #""deliver": {"comment": 1, "comment": 1}"#),
      route("", target: #""deliver": {"$a": 1, "$a": 1}"#), route("", target: #""deliver": {"$a": 1, "$b": [1, {}]}"#),
      value(#"{"k": 1, "k": 2}"#), value(#"{"k": 1, "j": 2}"#), value("{\(many), \"k3\": 0}"), value("{\(many)}"),
      value(#"{"k": tru}"#), value(#"[nul]"#), value(#"fals"#), value(#"truex"#), value(#"[true, false, null]"#),
      value("\"a\u{1}b\""), value(#""é{id}""#), value(#"01"#), value(#"1."#), value(#"-"#), value(#"[1,]"#),
      value(#"{"k": 1,}"#), value(#"{k: 1}"#), value(#"{"k" 1}"#), value(#"["a" "b"]"#), value(#"{"k": [1}]"#),
      route(#", "priority": 01"#), route(#", "priority": 1x"#), route(#", "priority": -"#),
      route("", target: #""deliver": {"scene": "main"}}"#), route("", target: #""deliver": {"scene": "main"]"#),
      route(#", "url": ["app://h/a"}"#), route(#"} "#), route(#", \#u{0B}"x": 1"#), route(#", "x\#u{7F}": 1"#),
      #"[{"name": "a", "url": "app://h/a", "deliver": {}},]"#, #"[{"name": "a", "url": "app://h/a", "deliver": {}}]]"#,
      #"[{"name": "a", "url": "app://h/a", "deliver": {}} {"name": "b"}]"#, #"[{"name": "a"}, "\"]"#,
    ]
    // Containers nested around the parser's limit inside a value (the route's value is the
    // fifth container: the table, the array, the route and the target are open around it).
    for depth in 56...62 {
      routes.append(value(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)))
      routes.append(value(String(repeating: #"{"k": "#, count: depth) + "1" + String(repeating: "}", count: depth)))
      routes.append(
        route(#", "comment": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)))
    }
    for text in routes {
      Self.expectSameLoad(Self.table(routes: text), text)
      Self.expectSameLoad(Self.table(routes: text, before: true), text + ", routes first")
    }
    // Bytes beyond ASCII, valid and not, in a value's string the reader would otherwise take.
    var bytes = Self.table(routes: value(#""abcdefghijklmnopqrstuvwxyz""#))
    let at = bytes.firstIndex(of: UInt8(ascii: "m"))!
    for replacement: [UInt8] in [[0xFF], [0xC3, 0xA9], [0xC3], [0xED, 0xA0, 0x80], [0x80], [0xF0, 0x9F, 0x98, 0x80]] {
      var changed = bytes
      changed.replaceSubrange(at...at, with: replacement)
      Self.expectSameLoad(changed, "bytes \(replacement)")
    }
    bytes[at] = 0x0A
    Self.expectSameLoad(bytes, "a line feed in a string")
  }

  /// Thousands of small edits of tables (bytes deleted, inserted, repeated), each loaded both ways.
  @Test func mutatedTablesLoadTheSame() throws {
    let notes = try FixturePaths.bytes(FixturePaths.notesTable)
    let bases = [notes] + Self.cases.map { Self.table(routes: $0.1) }
    let pieces = ["\"", "\\", "{", "}", "[", "]", ",", ":", " ", "\\u00e9", "é", "{x}", "\"name\": \"a\", ", "1", "-"]
      .map { Array($0.utf8) }
    var rng = SeededGenerator(seed: 0x7AB1E)
    for round in 0..<3_000 {
      var bytes = bases[Int.random(in: 0..<bases.count, using: &rng)]
      for _ in 0...Int.random(in: 0..<3, using: &rng) {
        let at = Int.random(in: 0..<bytes.count, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(contentsOf: pieces[Int.random(in: 0..<pieces.count, using: &rng)], at: at)
        default:
          let end = min(bytes.count, at + Int.random(in: 1..<40, using: &rng))
          bytes.insert(contentsOf: bytes[at..<end], at: end)
        }
      }
      Self.expectSameLoad(bytes, "mutation \(round)")
    }
  }
}
