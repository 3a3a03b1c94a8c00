import ActivityRouter
import ActivityRouterTestSupport
import Testing

/// The evaluator's decisions and what a verdict carries (the case files cover the rules one by one).
@Suite struct AASAEvaluationTests {
  static func load(_ name: String, domain: String? = nil) throws -> AppSiteAssociation {
    let loaded = AppSiteAssociation.load(
      path: FixturePaths.fixtures + "/Apps/\(name)", domain: domain, displayName: name)
    #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
    return try #require(loaded.association)
  }

  static func inline(_ text: String, domain: String? = nil) throws -> AppSiteAssociation {
    let loaded = AppSiteAssociation.parse(source: SourceText(file: "inline.json", text: text), domain: domain)
    #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
    return try #require(loaded.association)
  }

  @Test func aVerdictNamesTheDecidingComponent() throws {
    let aasa = try Self.load("aasa/apple-examples.json", domain: "www.example.com")
    let verdict = aasa.evaluate(
      try URLRecord(parsing: "https://www.example.com/help/website/faq"), appID: "ABCDE12345.com.example.app")
    #expect(verdict.outcome == .excluded && verdict.isExcluded && !verdict.opens)
    #expect(verdict.reason == .componentExcluded)
    #expect(verdict.detailsIndex == 0 && verdict.componentIndex == 2 && verdict.componentOrigin == .components)
    #expect(verdict.componentLabel == "details[0].components[2]")
    #expect(verdict.componentText == #"{"/":"/help/website/*","exclude":true}"#)
    #expect(verdict.componentLocation?.file == "aasa/apple-examples.json")
    #expect(verdict.componentLocation?.line == 16)
    #expect(verdict.appIDs == ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"])
    #expect(verdict.appleRules == [.l5, .l9])
    #expect(verdict.userActivity(for: try URLRecord(parsing: "https://www.example.com/help/website/faq")) == nil)
  }

  @Test func anOpenedLinkIsDeliveredAsABrowsingWebActivity() throws {
    let aasa = try Self.load("Notes/apple-app-site-association", domain: "notes.example.com")
    let url = try URLRecord(parsing: "https://notes.example.com/n/42")
    let verdict = aasa.evaluate(url, appID: "ABCDE12345.com.example.notes")
    #expect(verdict.opens && verdict.reason == .componentMatched && verdict.appleRules == [.l5, .l6])
    let activity = try #require(verdict.userActivity(for: url))
    #expect(activity.activityType == UserActivity.browsingWeb)
    #expect(activity.webpageURL == "https://notes.example.com/n/42")
  }

  @Test func severalEntriesAreCitedAsL17() throws {
    let shop = try Self.load("aasa/shop.example.com.json")
    let verdict = shop.evaluate(
      try URLRecord(parsing: "https://shop.example.com/gift/1"), appID: "ABCDE12345.com.example.shop")
    #expect(verdict.detailsIndex == 2 && verdict.appleRules.contains(.l17))
  }

  @Test func askingForAnyAppSkipsExclusionsOfOtherEntries() throws {
    let aasa = try Self.inline(
      """
      { "applinks": { "details": [
        { "appID": "ABCDE12345.com.example.a", "components": [ { "/": "/x/*", "exclude": true } ] },
        { "appID": "ABCDE12345.com.example.b", "components": [ { "/": "/x/*" } ] } ] } }
      """)
    let url = try URLRecord(parsing: "https://example.com/x/1")
    let any = aasa.evaluate(url, appID: nil)
    #expect(any.opens && any.appIDs == ["ABCDE12345.com.example.b"] && any.detailsIndex == 1)
    #expect(aasa.evaluate(url, appID: "ABCDE12345.com.example.a").outcome == .excluded)
    let other = try URLRecord(parsing: "https://example.com/y")
    #expect(aasa.evaluate(other, appID: nil).reason == .noComponentMatched)
  }

  @Test func anEntryThatMatchesNothingLetsTheNextEntryDecide() throws {
    let aasa = try Self.inline(
      """
      { "applinks": { "details": [
        { "appID": "ABCDE12345.com.example.a", "components": [ { "/": "/a" } ] },
        { "appID": "ABCDE12345.com.example.a", "components": [ { "/": "/b", "exclude": true }, { "/": "*" } ] } ] } }
      """)
    let app = "ABCDE12345.com.example.a"
    #expect(aasa.evaluate(try URLRecord(parsing: "https://h.example/a"), appID: app).detailsIndex == 0)
    #expect(aasa.evaluate(try URLRecord(parsing: "https://h.example/b"), appID: app).outcome == .excluded)
    #expect(aasa.evaluate(try URLRecord(parsing: "https://h.example/c"), appID: app).componentIndex == 1)
  }

  @Test func withoutADomainTheHostIsNotChecked() throws {
    let aasa = try Self.load("aasa/apple-examples.json")
    #expect(aasa.domain == nil)
    let verdict = aasa.evaluate(try URLRecord(parsing: "https://anything.test/buy/1"), appID: nil)
    #expect(verdict.opens)
  }

  @Test func customSchemesAreNeverUniversalLinks() throws {
    let aasa = try Self.load("aasa/apple-examples.json")
    let verdict = aasa.evaluate(try URLRecord(parsing: "myapp://www.example.com/buy/1"), appID: nil)
    #expect(verdict.reason == .notHTTPS && verdict.outcome == .unclaimed)
  }

  @Test func anEmptyFileClaimsNothing() throws {
    let aasa = try Self.inline(#"{ "applinks": { "details": [] } }"#)
    let verdict = aasa.evaluate(try URLRecord(parsing: "https://example.com/"), appID: "ABCDE12345.com.example.a")
    #expect(verdict.reason == .appNotListed)
  }

  @Test func theEntitlementIsCheckedFirst() throws {
    let aasa = try Self.load("Notes/apple-app-site-association", domain: "notes.example.com")
    let url = try URLRecord(parsing: "https://notes.example.com/n/1")
    let exact = try AssociatedDomain.parse("applinks:notes.example.com").get()
    let web = try AssociatedDomain.parse("webcredentials:notes.example.com").get()
    #expect(aasa.evaluate(url, appID: nil, associatedDomains: [exact]).opens)
    #expect(aasa.evaluate(url, appID: nil, associatedDomains: [web]).reason == .domainNotAssociated)
    #expect(aasa.evaluate(url, appID: nil, associatedDomains: []).reason == .domainNotAssociated)
  }

  @Test func matchInputHasTheFourForms() throws {
    let input = AASAMatchInput(try URLRecord(parsing: "https://example.com/Caf%C3%A9/?ID=7&id&x=%41"))
    func text(_ scalars: [Unicode.Scalar]) -> String { String(String.UnicodeScalarView(scalars)) }
    let raw = input.view(percentEncoded: true, caseSensitive: true)
    #expect(text(raw.path.trimmed) == "/Caf%C3%A9")
    #expect(raw.path.bare.map(text) == "Caf%C3%A9")
    #expect(text(raw.query) == "ID=7&id&x=%41")
    #expect(raw.items.map(\.name) == ["ID", "id", "x"])
    #expect(raw.items.map { text($0.value) } == ["7", "", "%41"])
    #expect(text(raw.fragment) == "")
    let decoded = input.view(percentEncoded: false, caseSensitive: false)
    #expect(text(decoded.path.trimmed) == "/café")
    #expect(decoded.items.map(\.name) == ["id", "id", "x"])
    #expect(decoded.items.map { text($0.value) } == ["7", "", "a"])
  }
}
