import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// Reading apple-app-site-association files: every problem at its exact position, and the model
/// the fixtures give.
@Suite struct AppSiteAssociationLoadingTests {
  struct Problem: CustomTestStringConvertible, Sendable {
    var testDescription: String
    /// The file, with 1️⃣ where the one diagnostic must point.
    var file: String
    var code: DiagnosticCode
    var severity: Diagnostic.Severity
  }

  static func entry(_ components: String) -> String {
    """
    { "applinks": { "details": [ { "appIDs": ["ABCDE12345.com.example.app"],
        "components": [ \(components) ] } ] } }
    """
  }

  static let problems: [Problem] = [
    Problem(
      testDescription: "JSON syntax", file: #"{ "applinks": { "details": [] 1️⃣"x": 1 } }"#, code: .jsonSyntax,
      severity: .error),
    Problem(
      testDescription: "a duplicate key", file: #"{ "applinks": {}, 1️⃣"applinks": {} }"#, code: .jsonDuplicateKey,
      severity: .error),
    Problem(
      testDescription: "a path that is not a string", file: entry(#"{ "/": 1️⃣42 }"#), code: .wrongType, severity: .error),
    Problem(
      testDescription: "a misspelt key", file: entry(#"{ "/": "/a", 1️⃣"exlude": true }"#), code: .unknownKey,
      severity: .warning),
    Problem(
      testDescription: "exclude that is not a boolean", file: entry(#"{ "/": "/a", "exclude": 1️⃣"yes" }"#),
      code: .wrongType, severity: .error),
    Problem(
      testDescription: "a query that is a number", file: entry(#"{ "?": 1️⃣7 }"#), code: .wrongType, severity: .error),
    Problem(
      testDescription: "a query dictionary with a non-string value",
      file: entry(#"{ "?": { "a": "1", "flag": 1️⃣true } }"#),
      code: .ignoredKey, severity: .warning),
    Problem(
      testDescription: "an undefined variable, after an escape", file: entry(#"{ "/": "/\u00e9/1️⃣$(nope)" }"#),
      code: .undefinedSubstitutionVariable, severity: .warning),
    Problem(
      testDescription: "an undefined variable in a legacy NOT path",
      file: """
        { "applinks": { "details": [ { "appID": "ABCDE12345.com.example.app", "paths": ["NOT /x/1️⃣$(nope)"] } ] } }
        """, code: .undefinedSubstitutionVariable, severity: .warning),
    Problem(
      testDescription: "a pattern key in defaults",
      file: #"{ "applinks": { "defaults": { 1️⃣"/": "/a/*" }, "details": [] } }"#,
      code: .ignoredKey, severity: .warning),
    Problem(
      testDescription: "paths beside components",
      file: """
        { "applinks": { "details": [ { "appID": "ABCDE12345.com.example.app", 1️⃣"paths": ["/a"], "components": [] } ] } }
        """, code: .ignoredKey, severity: .warning),
    Problem(
      testDescription: "an app ID without a team ID",
      file: #"{ "applinks": { "details": [ { "appIDs": [1️⃣"com.example.app"], "components": [] } ] } }"#,
      code: .invalidAppID, severity: .warning),
    Problem(
      testDescription: "an entry that names no app", file: #"{ "applinks": { "details": [ 1️⃣{ "components": [] } ] } }"#,
      code: .missingKey, severity: .warning),
    Problem(
      testDescription: "a variable name with a parenthesis",
      file: #"{ "applinks": { "substitutionVariables": { 1️⃣"a(b": ["x"] }, "details": [] } }"#,
      code: .invalidSubstitutionVariable, severity: .error),
    Problem(
      testDescription: "a variable value using a variable",
      file: #"{ "applinks": { "substitutionVariables": { "a": [1️⃣"$(digit)"] }, "details": [] } }"#,
      code: .invalidSubstitutionVariable, severity: .error),
    Problem(
      testDescription: "a variable hiding a predefined one",
      file: #"{ "applinks": { "substitutionVariables": { 1️⃣"digit": ["x"] }, "details": [] } }"#,
      code: .shadowedSubstitutionVariable, severity: .warning),
    Problem(
      testDescription: "details that is a string", file: #"{ "applinks": { "details": 1️⃣"all" } }"#, code: .wrongType,
      severity: .error),
    Problem(
      testDescription: "no applinks", file: #"1️⃣{ "webcredentials": { "apps": [] } }"#, code: .noAppLinks,
      severity: .warning),
    Problem(
      testDescription: "legacy apps not empty", file: #"{ "applinks": { "apps": 1️⃣["x"], "details": [] } }"#,
      code: .ignoredKey, severity: .warning),
    Problem(
      testDescription: "an unknown root key", file: #"{ 1️⃣"applink": {} , "applinks": { "details": [] } }"#,
      code: .unknownKey, severity: .warning),
  ]

  @Test(arguments: problems)
  func problemIsReportedAtItsPosition(_ problem: Problem) throws {
    let marked = MarkedText(problem.file)
    let loaded = AppSiteAssociation.parse(source: SourceText(file: "aasa.json", text: marked.text))
    let (line, column) = try #require(marked.lineColumn("1️⃣"))
    #expect(loaded.diagnostics.count == 1, "\(loaded.diagnostics)")
    let d = try #require(loaded.diagnostics.first)
    #expect(d.code == problem.code, "\(d)")
    #expect(d.severity == problem.severity, "\(d)")
    #expect(d.location?.line == line && d.location?.column == column, "expected \(line):\(column), got \(d)")
  }

  @Test func misspeltKeyGetsASuggestion() throws {
    let loaded = AppSiteAssociation.parse(
      source: SourceText(file: "a", text: Self.entry(#"{ "/": "/a", "exlude": true }"#)))
    let d = try #require(loaded.diagnostics.first)
    #expect(d.message.contains("Did you mean 'exclude'?"))
  }

  @Test func invalidDomainIsAnError() {
    let loaded = AppSiteAssociation.parse(
      source: SourceText(file: "a", text: Self.entry("")), domain: "example.com:8443")
    #expect(loaded.diagnostics.map(\.code) == [.invalidValue])
    #expect(loaded.association?.domain == nil)
  }

  @Test(
    arguments: [
      ("Example.COM", "example.com"), ("bücher.example", "xn--bcher-kva.example"), ("example.com:443", nil),
      ("example.com/x", nil), ("*.example.com", nil), ("", nil),
    ] as [(String, String?)])
  func domainNormalization(_ input: String, _ expected: String?) {
    #expect(AppSiteAssociation.normalizedDomain(input) == expected)
  }

  // MARK: - The model

  static func fixture(_ name: String, domain: String? = nil) throws -> AppSiteAssociation {
    let loaded = AppSiteAssociation.load(path: FixturePaths.fixtures + "/Apps/aasa/\(name)", domain: domain)
    #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
    return try #require(loaded.association)
  }

  @Test func defaultsResolveAcrossTheThreeLevels() throws {
    let shop = try Self.fixture("shop.example.com.json", domain: "SHOP.example.com")
    #expect(shop.domain == "shop.example.com")
    #expect(shop.defaults.caseSensitive?.value == false)
    #expect(shop.details.map(\.index) == [0, 1, 2])
    let deals = shop.details[0].components[0]
    #expect(deals.effective == .init(caseSensitive: false, percentEncoded: true))
    let account = shop.details[1].components[0]
    #expect(account.effective.caseSensitive)
    let search = shop.details[1].components[3]
    #expect(search.options.caseSensitive?.value == false)
    #expect(!search.effective.caseSensitive)
    #expect(shop.details[2].components[1].effective.caseSensitive == false)
    #expect(shop.appIDs == ["ABCDE12345.com.example.deals", "ABCDE12345.com.example.shop"])
    #expect(shop.details(listing: "ABCDE12345.com.example.shop").map(\.index) == [1, 2])
    #expect(
      shop.components(for: "ABCDE12345.com.example.shop").compactMap(\.path?.text) == [
        "/account/*", "/deals/*", "/product/?*", "/search", "/cart", "/cart/*", "/gift/*", "/Brand/*",
      ])
  }

  @Test func componentsKeepTheirTextWithoutCommentsAndTheirLocation() throws {
    let examples = try Self.fixture("apple-examples.json")
    let help = examples.details[0].components[3]
    #expect(help.text == #"{"/":"/help/*","?":{"articleNumber":"????"}}"#)
    #expect(help.comment?.hasPrefix("Matches any URL with a path that starts with /help/") == true)
    #expect(help.location?.line == 21 && help.location?.column == 11)
    #expect(help.path?.location?.line == 22 && help.path?.location?.column == 18)
    guard case .items(let items) = help.query else {
      Issue.record("expected a query dictionary")
      return
    }
    #expect(items.map(\.name) == ["articleNumber"])
    #expect(examples.details[0].appIDs.map(\.value) == ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"])
  }

  @Test func legacyDictionaryAndPaths() throws {
    let legacy = try Self.fixture("legacy.json")
    #expect(legacy.details.map(\.isLegacyDictionary) == [true, true])
    #expect(legacy.details.map(\.usesLegacyPaths) == [true, true])
    #expect(legacy.appIDs == ["ABCDE12345.com.example.legacy", "ABCDE12345.com.example.legacy2"])
    let paths = legacy.details[0].components
    #expect(paths.map(\.exclude) == [false, true, false, false])
    #expect(paths.map(\.origin) == [.paths, .paths, .paths, .paths])
    #expect(paths[1].path?.text == "/videos/private/*")
    #expect(paths[1].text == #""NOT /videos/private/*""#)
    let mixed = try Self.fixture("components-and-paths.json")
    #expect(mixed.details[0].usesLegacyPaths == false)
    #expect(mixed.details[0].components.map(\.origin) == [.components])
  }

  @Test func substitutionVariablesAreRead() throws {
    let food = try Self.fixture("substitution.json")
    #expect(food.substitutionVariables.custom.map(\.name) == ["food", "size", "alpha"])
    #expect(food.substitutionVariables.values(of: "alpha") == ["omega"])
    #expect(food.substitutionVariables.values(of: "digit")?.count == 10)
    #expect(SubstitutionVariables.predefinedValues(of: "xdigit")?.joined() == "0123456789ABCDEFabcdef")
    #expect(ISOCodes.regions.count == 249 && ISOCodes.languages.count == 182)
  }

  @Test(arguments: [
    ("ABCDE12345.com.example.app", true), ("ABCDE1234.com.example.app", false), ("abcde12345.com.example", false),
    ("ABCDE12345.", false), ("com.example.app", false),
  ])
  func appIDs(_ text: String, _ valid: Bool) {
    #expect((AppID(text) != nil) == valid)
    if valid { #expect(AppID(text)?.description == text) }
  }
}
