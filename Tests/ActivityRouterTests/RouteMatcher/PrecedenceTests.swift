import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// The precedence function, one table per case: routes in table order, then URLs and the route
/// each must reach ("-" for none).
@Suite struct PrecedenceTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var routes: [(String, String)]
    var expectations: [(url: String, route: String)]
    var extra = ""
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "literal beats parameter whatever the table order",
      routes: [
        ("by-id", "app://h/users/{id}"), ("new", "app://h/users/new"),
      ], expectations: [("app://h/users/new", "new"), ("app://h/users/42", "by-id")]),
    Case(
      name: "typed parameter beats untyped",
      routes: [
        ("any", "app://h/orders/{slug}"), ("number", "app://h/orders/{n:int}"), ("uuid", "app://h/orders/{u:uuid}"),
      ],
      expectations: [
        ("app://h/orders/42", "number"), ("app://h/orders/-7", "number"), ("app://h/orders/abc", "any"),
        ("app://h/orders/6f0e4f5a-6a57-4b55-9b0a-7c7c2b9b1e11", "uuid"),
        ("app://h/orders/99999999999999999999", "any"),
      ]),
    Case(
      name: "parameter beats optional, optional beats wildcard, wildcard beats catch-all",
      routes: [
        ("rest", "app://h/a/{rest*}"), ("star", "app://h/a/*"), ("opt", "app://h/a/{x?}"), ("param", "app://h/a/{y}"),
      ],
      expectations: [
        ("app://h/a/q", "param"), ("app://h/a", "opt"), ("app://h/a/q/r", "rest"),
      ]),
    Case(
      name: "wildcard beats catch-all when both fit one segment",
      routes: [
        ("rest", "app://h/w/{rest*}"), ("star", "app://h/w/*"),
      ], expectations: [("app://h/w/x", "star"), ("app://h/w/x/y", "rest"), ("app://h/w", "-")]),
    Case(
      name: "the leftmost difference decides",
      routes: [
        ("p-then-literal", "app://h/{a}/edit"), ("literal-then-p", "app://h/users/{b}"),
      ], expectations: [("app://h/users/edit", "literal-then-p"), ("app://h/posts/edit", "p-then-literal")]),
    Case(
      name: "backtracking: a literal prefix does not hide a parameter route",
      routes: [
        ("callback", "app://h/google/callback"), ("provider", "app://h/{provider}"),
        ("edit", "app://h/users/{id}/edit"),
        ("users-new", "app://h/users/new"),
      ],
      expectations: [
        ("app://h/google", "provider"), ("app://h/google/callback", "callback"), ("app://h/users/new/edit", "edit"),
        ("app://h/users/new", "users-new"),
      ]),
    Case(
      name: "optional segments expand, fewer omissions win",
      routes: [
        ("with-opt", "app://h/n/{id:int}/{tab?}"), ("plain", "app://h/n/{id:int}"),
      ], expectations: [("app://h/n/1", "plain"), ("app://h/n/1/files", "with-opt")]),
    Case(
      name: "optional in the middle",
      routes: [
        ("mid", "app://h/a/{x:int?}/b")
      ], expectations: [("app://h/a/b", "mid"), ("app://h/a/3/b", "mid"), ("app://h/a/z/b", "-")]),
    Case(
      name: "query constraints: literal beats bound beats present",
      routes: [
        ("plain", "app://h/s"), ("present", "app://h/s?debug"), ("bound", "app://h/s?q={q}"),
        ("literal", "app://h/s?type=repo"),
      ],
      expectations: [
        ("app://h/s", "plain"), ("app://h/s?debug", "present"), ("app://h/s?q=x", "bound"),
        ("app://h/s?q=x&type=repo", "literal"), ("app://h/s?type=user", "plain"), ("app://h/s?q=x&debug", "bound"),
      ]),
    Case(
      name: "typed query parameter must fit",
      routes: [
        ("paged", "app://h/list?page={page:int}"), ("list", "app://h/list"),
      ], expectations: [("app://h/list?page=2", "paged"), ("app://h/list?page=two", "list")]),
    Case(
      name: "fragment constraint",
      routes: [
        ("plain", "app://h/doc"), ("section", "app://h/doc#{section}"), ("top", "app://h/doc#top"),
      ], expectations: [("app://h/doc", "plain"), ("app://h/doc#intro", "section"), ("app://h/doc#top", "top")]),
    Case(
      name: "exact host beats subdomain wildcard; wildcard needs a label",
      routes: [
        ("any-sub", "https://*.example.com/p/{x}"), ("www", "https://www.example.com/p/{x}"),
      ],
      expectations: [
        ("https://www.example.com/p/1", "www"), ("https://eu.example.com/p/1", "any-sub"),
        ("https://a.b.example.com/p/1", "any-sub"), ("https://example.com/p/1", "-"),
        ("https://evil-example.com/p/1", "-"), ("https://example.com.evil.net/p/1", "-"),
      ]),
    Case(
      name: "an exact host without a matching path falls back to the wildcard host",
      routes: [
        ("sub-docs", "https://*.example.com/docs"), ("www-home", "https://www.example.com/"),
      ], expectations: [("https://www.example.com/docs", "sub-docs"), ("https://www.example.com", "www-home")]),
    Case(
      name: "scheme and host compare case-insensitively, paths case-sensitively",
      routes: [
        ("about", "https://www.example.com/About")
      ],
      expectations: [
        ("HTTPS://WWW.Example.COM/About", "about"), ("https://www.example.com/about", "-"),
      ]),
    Case(
      name: "case-insensitive paths by option",
      routes: [
        ("about", "https://www.example.com/About")
      ], expectations: [("https://www.example.com/ABOUT", "about")],
      extra: #" "options": { "caseSensitivePaths": false },"#),
    Case(
      name: "trailing slash ignored by default",
      routes: [
        ("a", "app://h/a/b")
      ], expectations: [("app://h/a/b/", "a"), ("app://h/a/b", "a"), ("app://h/a//b", "-")]),
    Case(
      name: "trailing slash strict by option",
      routes: [
        ("no-slash", "app://h/a/b"), ("slash", "app://h/a/b/"),
      ], expectations: [("app://h/a/b", "no-slash"), ("app://h/a/b/", "slash")],
      extra: #" "options": { "trailingSlash": "strict" },"#),
    Case(
      name: "ports: default port equals none, other ports differ",
      routes: [
        ("web", "https://example.com/x"), ("alt", "https://example.com:8443/x"),
      ],
      expectations: [
        ("https://example.com:443/x", "web"), ("https://example.com/x", "web"), ("https://example.com:8443/x", "alt"),
        ("https://example.com:444/x", "-"),
      ]),
    Case(
      name: "percent-encoded literals compare decoded",
      routes: [
        ("cafe", "app://h/caf%C3%A9/menu")
      ],
      expectations: [
        ("app://h/caf%C3%A9/menu", "cafe"), ("app://h/café/menu", "cafe"), ("app://h/caf%c3%a9/menu", "cafe"),
      ]),
    Case(
      name: "%2F never splits a segment",
      routes: [
        ("one", "app://h/f/{name}"), ("two", "app://h/f/{a}/{b}"),
      ], expectations: [("app://h/f/a%2Fb", "one"), ("app://h/f/a/b", "two")]),
    Case(
      name: "dot segments are resolved before matching",
      routes: [
        ("b", "app://h/b"), ("admin", "app://h/admin/{x}"),
      ], expectations: [("app://h/a/../b", "b"), ("app://h/admin/%2e%2e/b", "b"), ("app://h/./b", "b")]),
    Case(
      name: "catch-all refuses a decoded slash inside a segment",
      routes: [
        ("files", "app://h/files/{path*}")
      ], expectations: [("app://h/files/a/b/c", "files"), ("app://h/files/a%2Fb", "-"), ("app://h/files", "-")]),
  ]

  @Test(arguments: cases)
  func routesWin(_ c: Case) throws {
    let router = try TestTables.router(c.routes, extra: c.extra)
    for (url, expected) in c.expectations {
      #expect(router.routeName(url) == expected, "\(url)")
    }
  }

  @Test func explicitPriorityOrdersEquallySpecificRoutes() throws {
    let json = TestTables.json(routes: [
      TestTables.route("q", "app://h/s?q={q}"),
      TestTables.route("sort", "app://h/s?sort={s}", priority: 5),
    ])
    let router = try TestTables.router(json)
    #expect(router.routeName("app://h/s?q=1&sort=2") == "sort")
    #expect(router.routeName("app://h/s?q=1") == "q")
  }

  @Test func tableOrderIsTheLastTieBreak() throws {
    let router = try TestTables.router([("first", "app://h/s?a={a}"), ("second", "app://h/s?b={b}")])
    #expect(router.routeName("app://h/s?a=1&b=2") == "first")
    #expect(router.routeName("app://h/s?b=2") == "second")
  }

  @Test func insertionOrderNeverChangesTheWinnerOfDifferentSpecificity() throws {
    let routes = [
      ("lit", "app://h/u/new"), ("int", "app://h/u/{id:int}"), ("str", "app://h/u/{s}"),
      ("opt", "app://h/u/{o:uuid?}/x"), ("star", "app://h/u/*/y"), ("rest", "app://h/u/{r*}"),
    ]
    let urls = ["app://h/u/new", "app://h/u/7", "app://h/u/z", "app://h/u/x", "app://h/u/q/y", "app://h/u/q/z/w"]
    let expected = try TestTables.router(routes)
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20 {
      let shuffled = try TestTables.router(routes.shuffled(using: &generator))
      for url in urls { #expect(shuffled.routeName(url) == expected.routeName(url), "\(url)") }
    }
  }

  @Test func rankOrderIsTheDocumentedOne() {
    let order: [PathSegmentPattern] = [
      .literal("a"), .affixed(AffixedSegment(parts: [.capture(.init(name: "n")), .literal(".json")])),
      .parameter(.init(name: "i", type: .int)), .parameter(.init(name: "s")), .optional(.init(name: "o")), .wildcard,
      .catchAll("r"),
    ]
    #expect(order.map(Precedence.rank(of:)) == [0, 1, 2, 3, 4, 5, 6])
  }
}
