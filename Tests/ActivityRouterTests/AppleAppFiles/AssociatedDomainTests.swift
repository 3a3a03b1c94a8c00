import ActivityRouter
import Testing

/// Entitlement entries (L1): reading them, and which hosts they cover.
@Suite struct AssociatedDomainTests {
  struct Entry: CustomTestStringConvertible, Sendable {
    var text: String
    /// The canonical form, or nil when the entry is invalid.
    var canonical: String?
    var testDescription: String { text }
  }

  static let entries: [Entry] = [
    Entry(text: "applinks:example.com", canonical: "applinks:example.com"),
    Entry(text: "applinks:Example.COM", canonical: "applinks:example.com"),
    Entry(text: "applinks:*.example.com", canonical: "applinks:*.example.com"),
    Entry(text: "applinks:example.com?mode=developer", canonical: "applinks:example.com?mode=developer"),
    Entry(
      text: "applinks:*.example.com?mode=developer+managed", canonical: "applinks:*.example.com?mode=developer+managed"),
    Entry(text: "webcredentials:bücher.example", canonical: "webcredentials:xn--bcher-kva.example"),
    Entry(text: "appclips:example.com?mode=managed", canonical: "appclips:example.com?mode=managed"),
    Entry(text: "applinks:example.com:8443", canonical: nil),
    Entry(text: "applinks:https://example.com", canonical: nil),
    Entry(text: "applink:example.com", canonical: nil),
    Entry(text: "example.com", canonical: nil),
    Entry(text: "applinks:ex*.com", canonical: nil),
    Entry(text: "applinks:example.com?mode=debug", canonical: nil),
    Entry(text: "applinks:", canonical: nil),
  ]

  @Test(arguments: entries)
  func parse(_ entry: Entry) {
    switch AssociatedDomain.parse(entry.text) {
    case .success(let domain): #expect(domain.description == entry.canonical)
    case .failure(let diagnostic):
      #expect(entry.canonical == nil, "\(diagnostic)")
      #expect(diagnostic.code == .invalidAssociatedDomain)
    }
  }

  @Test func aMisspeltServiceGetsASuggestion() throws {
    guard case .failure(let d) = AssociatedDomain.parse("applink:example.com") else {
      Issue.record("expected a failure")
      return
    }
    #expect(d.message.contains("Did you mean 'applinks'?"))
  }

  @Test(arguments: [
    ("example.com", false), ("shop.example.com", true), ("a.b.example.com", true), ("evil-example.com", false),
    ("example.com.evil", false), (".example.com", false),
  ])
  func wildcardCoversSubdomainsOnly(_ host: String, _ covered: Bool) throws {
    let wildcard = try AssociatedDomain.parse("applinks:*.example.com").get()
    #expect(wildcard.matches(host: host) == covered)
  }

  @Test func theMostSpecificEntryCovers() throws {
    let entries = try [
      "applinks:*.example.com", "applinks:*.users.example.com", "applinks:shop.example.com",
      "webcredentials:emily.users.example.com",
    ].map { try AssociatedDomain.parse($0).get() }
    #expect(
      AssociatedDomain.bestMatch(for: "emily.users.example.com", among: entries)?.description
        == "applinks:*.users.example.com")
    #expect(
      AssociatedDomain.bestMatch(for: "shop.example.com", among: entries)?.description == "applinks:shop.example.com")
    #expect(AssociatedDomain.bestMatch(for: "example.com", among: entries) == nil)
    #expect(AssociatedDomain.bestMatch(for: "emily.users.example.com", among: entries, service: .webcredentials) != nil)
  }
}
