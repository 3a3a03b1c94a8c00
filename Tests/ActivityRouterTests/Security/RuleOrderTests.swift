import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// Rule insertion order never changes a decision: precedence decides, and where only table order
/// could, the compiler says so (`duplicate-route`, `ambiguous-routes` are errors;
/// `unreachable-route` is a warning) in every order alike.
///
/// Random tables from a small pattern grammar (literals, typed and untyped parameters, optional
/// segments, wildcards, catch-alls, query constraints, priorities, exact and `*.` hosts) are
/// compiled in their order and in three shuffles. The diagnostic codes must be the same; a table
/// without errors and warnings must give byte-identical decision records for URLs built from
/// its own patterns and from the grammar.
@Suite struct RuleOrderTests {
  static let seeds: [UInt64] =
    [0x0DE5_0001, 0x0DE5_0002]
    + (ProcessInfo.processInfo.environment["SECURITY_SEED"]
      .flatMap { UInt64($0.hasPrefix("0x") ? String($0.dropFirst(2)) : $0, radix: $0.hasPrefix("0x") ? 16 : 10) }
      .map { [$0] } ?? [])

  struct TableGenerator {
    var rng: SeededGenerator

    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }

    static let hosts = ["app://h", "app://h", "https://example.com", "https://*.example.com", "https://a.example.com"]
    static let literals = ["a", "b", "c", "new", "42"]

    /// One route pattern; parameter names are unique within it.
    mutating func pattern() -> String {
      var s = pick(Self.hosts)
      var optionals = 0
      let count = Int.random(in: 0...4, using: &rng)
      for index in 0..<count {
        let name = "p\(index)"
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<45: s += "/" + pick(Self.literals)
        case 45..<60: s += "/{\(name)}"
        case 60..<70: s += "/{\(name):int}"
        case 70..<75: s += "/{\(name):uuid}"
        case 75..<85 where optionals < 2:
          optionals += 1
          s += "/{\(name)?}"
        case 85..<92: s += "/*"
        default:
          if index == count - 1 { s += "/{\(name)*}" } else { s += "/" + pick(Self.literals) }
        }
      }
      if chance(25) {
        s += "?" + pick(["q={q}", "q=1", "flag", "q={q:int}", "q={q?}", "q=1&r={r}"])
      }
      return s
    }

    /// A URL that may match some of the patterns.
    mutating func url(from patterns: [String]) -> String {
      var s: String
      if chance(70), !patterns.isEmpty {
        // Fill a pattern's placeholders with random values.
        s = pick(patterns).replacingOccurrences(of: "*.example.com", with: pick(["x", "a.b"]) + ".example.com")
        while let open = s.firstIndex(of: "{"), let close = s[open...].firstIndex(of: "}") {
          let spec = s[open...close]
          let value: String
          if spec.hasSuffix("?}") && chance(40) {
            value = ""
          } else if spec.contains(":int") {
            value = pick(["7", "-3", "042", "x"])
          } else if spec.contains(":uuid") {
            value = pick(["6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11", "6f0e4f5a-6a57-4b55-9b0a-7c7c2b9b1e11", "nope"])
          } else if spec.hasSuffix("*}") {
            value = pick(["x", "x/y", "x/y/z"])
          } else {
            value = pick(Self.literals + ["v", "w%20z", "new"])
          }
          s.replaceSubrange(open...close, with: value)
        }
        s = s.replacingOccurrences(of: "/*", with: "/" + pick(Self.literals + ["star"]))
        s = s.replacingOccurrences(of: "//?", with: "/?").replacingOccurrences(of: "//", with: "/")
          .replacingOccurrences(of: ":/", with: "://")
        if s.hasSuffix("/") { s.removeLast() }
      } else {
        s = pick(["app://h", "https://example.com", "https://x.example.com", "https://a.example.com"])
        for _ in 0..<Int.random(in: 0...4, using: &rng) { s += "/" + pick(Self.literals + ["7", "v"]) }
      }
      if chance(30) { s += pick(["?q=1", "?q=2&r=x", "?flag", "?q=x", "?r=1"]) }
      return s
    }
  }

  static func compile(_ routes: [String]) -> CompileResult? {
    let loaded = TestTables.load(TestTables.json(routes: routes))
    guard !loaded.diagnostics.hasErrors, let table = loaded.table else { return nil }
    return RouteCompiler.compile(table)
  }

  static func record(_ url: String, _ router: CompiledRouter) -> String {
    let result = EventReader.read(line: url).map { event in
      (event: event, decision: DecisionEngine.decide(event, router: router))
    }
    var out: [UInt8] = []
    DecisionRecord(line: 1, input: url, result: result).appendJSON(to: &out, explain: false)
    return String(decoding: out, as: UTF8.self)
  }

  /// 400 random tables a seed, each in its own order and 3 shuffles, each asked 12 URLs: at least
  /// 10,000 decisions a seed compared with the table's own order (tables with errors compare
  /// their diagnostics only).
  @Test(arguments: seeds)
  func ruleOrderNeverChangesADecision(seed: UInt64) throws {
    var generator = TableGenerator(rng: SeededGenerator(seed: seed))
    let tag = "seed 0x\(String(seed, radix: 16))"
    var compared = 0
    var tablesWithErrors = 0
    var tablesWithWarnings = 0
    var matched = 0
    for tableIndex in 0..<400 {
      let patterns = (0..<Int.random(in: 3...10, using: &generator.rng)).map { _ in generator.pattern() }
      var routes = patterns.enumerated().map { index, pattern in
        TestTables.route("r\(index)", pattern, priority: generator.chance(15) ? generator.pick([1, -1]) : nil)
      }
      let urls = (0..<12).map { _ in generator.url(from: patterns) }
      guard let original = Self.compile(routes) else {
        Issue.record("\(tag) table \(tableIndex): does not load: \(patterns)")
        continue
      }
      let codes = original.diagnostics.map(\.code.rawValue).sorted()
      let hasErrors = original.diagnostics.hasErrors
      if hasErrors { tablesWithErrors += 1 } else if !codes.isEmpty { tablesWithWarnings += 1 }
      let expected = original.router.map { router in urls.map { Self.record($0, router) } }
      for _ in 0..<3 {
        routes.shuffle(using: &generator.rng)
        guard let shuffled = Self.compile(routes) else {
          Issue.record("\(tag) table \(tableIndex): a shuffle does not load")
          continue
        }
        let shuffledCodes = shuffled.diagnostics.map(\.code.rawValue).sorted()
        guard shuffledCodes == codes else {
          Issue.record(
            "\(tag) table \(tableIndex): diagnostics \(codes) in table order, \(shuffledCodes) shuffled: \(routes)")
          continue
        }
        guard codes.isEmpty, let expected, let router = shuffled.router else { continue }
        for (url, record) in zip(urls, expected) {
          compared += 1
          let again = Self.record(url, router)
          if record.contains(#""rule":"#) { matched += 1 }
          #expect(
            again == record,
            "\(tag) table \(tableIndex): \(url) decided differently after a shuffle:\n\(record)\n\(again)\nroutes: \(routes)"
          )
        }
      }
    }
    print(
      "rule order, \(tag): \(compared) decisions compared over 400 tables (\(tablesWithErrors) with errors, "
        + "\(tablesWithWarnings) with warnings only, the same in every order); \(matched) shuffled decisions matched a rule"
    )
    #expect(compared >= 10_000)
    #expect(matched > 1_000, "\(tag): too few URLs match a rule for the comparison to mean much")
  }
}
