import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// Reverse routing: a built URL always routes back to the same rule and parameters.
@Suite struct URLBuildingTests {
  static func router() throws -> CompiledRouter {
    var builder = RouteTable.Builder(app: "Shop", platform: .iPadOS)
    builder.scene("main")
    builder.scene("product", presents: "ProductID")
    builder.url("home", "https://shop.example.com/", deliverTo: "main")
    builder.url("product", "https://shop.example.com/p/{sku}", openWindow: "product", value: "{sku}")
    builder.url("order", "shop://orders/{id:int}/{tab?}", deliverTo: "main", value: ["id": "{id}"])
    builder.url("user", "shop://users/{uuid:uuid}", deliverTo: "main")
    builder.url("search", "https://shop.example.com/search?q={query}&page={page:int?}#{section?}", deliverTo: "main")
    builder.url("files", "shop://files/{path*}", deliverTo: "main")
    builder.url("new", "https://shop.example.com/p/new", deliverTo: "main")
    return try builder.compile()
  }

  @Test(arguments: [
    ("plain segment", "product", ["sku": "AB-12"], "https://shop.example.com/p/AB-12"),
    (
      "reserved characters are encoded", "search", ["query": "a&b c/d?#", "page": "2"],
      "https://shop.example.com/search?q=a%26b%20c/d?%23&page=2"
    ),
    ("optional left out", "order", ["id": "7"], "shop://orders/7"),
    ("optional given", "order", ["id": "7", "tab": "items"], "shop://orders/7/items"),
    ("catch-all keeps its slashes", "files", ["path": "a/b c/d"], "shop://files/a/b%20c/d"),
    ("a slash inside a segment value is encoded", "product", ["sku": "a/b"], "https://shop.example.com/p/a%2Fb"),
    ("unicode", "product", ["sku": "café"], "https://shop.example.com/p/caf%C3%A9"),
  ])
  func builds(_ name: String, _ rule: String, _ parameters: [String: String], _ expected: String) throws {
    #expect(try Self.router().url(for: rule, parameters: parameters) == expected)
  }

  @Test(arguments: [
    ("unknown route", "nope", [String: String](), "unknown-route"),
    ("missing parameter", "product", [:], "missing-parameter"),
    ("wrong type", "order", ["id": "seven"], "invalid-parameter"),
    ("a value precedence sends to another route", "product", ["sku": "new"], "routes-elsewhere"),
    ("a dot segment cannot be a value", "product", ["sku": ".."], "invalid-parameter"),
    ("a control character cannot be a value", "product", ["sku": "a\u{1}b"], "invalid-parameter"),
  ])
  func refuses(_ name: String, _ rule: String, _ parameters: [String: String], _ code: String) throws {
    let router = try Self.router()
    do {
      let url = try router.url(for: rule, parameters: parameters)
      Issue.record("built \(url)")
    } catch {
      #expect(error.code.rawValue == code, "\(error)")
    }
  }

  /// Property: for random values, the built URL routes back to the same rule and parameters.
  @Test func builtURLsRouteBack() throws {
    let router = try Self.router()
    var rng = SeededGenerator(seed: 0xB0B)
    let alphabet = Array("abcXYZ019-._~!$&'()*+,;=:@/?#[]% é€😀\"<>\\^`{|}")
    var built = 0
    for _ in 0..<10_000 {
      let length = Int.random(in: 1...12, using: &rng)
      let text = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
      let number = String(Int.random(in: -999...99_999, using: &rng))
      let cases: [(String, [String: String])] = [
        ("product", ["sku": text]), ("search", ["query": text, "page": number, "section": text]),
        ("order", ["id": number, "tab": text]), ("files", ["path": text]),
      ]
      for (rule, parameters) in cases {
        guard let url = try? router.url(for: rule, parameters: parameters) else { continue }
        built += 1
        let match = try #require(try router.match(url: url).get(), "seed 0xB0B: \(url) routes nowhere")
        #expect(match.routeName == rule, "seed 0xB0B: \(url)")
        for (name, value) in parameters where name != "page" && name != "id" {
          #expect(match.parameters[name] == .string(value), "seed 0xB0B: \(url) \(name)")
        }
      }
    }
    #expect(built > 30_000, "most random values can be written in a URL")
  }
}
