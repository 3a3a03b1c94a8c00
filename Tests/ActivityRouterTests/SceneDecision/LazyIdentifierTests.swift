import ActivityRouter
import ActivityRouterTestSupport
import Testing

@testable import SceneDecision

/// A URL's identifier is made from the URL when it is read (most decisions never read it): it
/// must be exactly the URL's `absoluteString` (E1, E8), whoever reads it and however often.
@Suite struct LazyIdentifierTests {
  /// URLs Foundation keeps as written and URLs whose `absoluteString` it re-encodes (a
  /// non-ASCII path, query or fragment, an IDNA host).
  static let urls = [
    "x://open/beta-1", "x://open/gamma?q=1#top", "x://open/gämma", "x://open/a?q=ü", "x://open/a#frägment",
    "https://bücher.example/gamma", "x://open/%C3%A4", "x://open/a%20b?c=d%20e",
  ]

  @Test(arguments: urls)
  func theTextIsTheAbsoluteString(_ line: String) throws {
    let event = try EventReader.read(line: line).get()
    guard case .url(let url) = event.kind else {
      Issue.record("'\(line)' is not read as a URL")
      return
    }
    let identifier = try #require(EventIdentifier.of(event))
    #expect(identifier.text == url.absoluteString)
    #expect(identifier.hasText)
    #expect(!identifier.isResolved)
    // Made once or made at each read: the same identifier, equal and with the same hash.
    let resolved = identifier.resolved()
    #expect(resolved.isResolved)
    #expect(resolved.text == url.absoluteString)
    #expect(resolved == identifier)
    #expect(resolved.hashValue == identifier.hashValue)
    let written = EventIdentifier(text: url.absoluteString, rule: .e1, source: "the URL's absoluteString")
    #expect(written == identifier)
    #expect(written.hashValue == identifier.hashValue)
    // A different text is a different identifier.
    #expect(EventIdentifier(text: url.absoluteString + "x", rule: .e1, source: identifier.source) != identifier)
    // Setting the text replaces the URL's.
    var changed = identifier
    changed.text = nil
    #expect(changed.text == nil)
    #expect(!changed.hasText)
  }

  /// Three declarations with matching sets (the selector makes the text once for all of them),
  /// matched against the encoded `absoluteString`, not the text as written: `gämma` is
  /// `g%C3%A4mma` there, which contains no "gamma".
  static let table = """
    {
      "app": "Lazy", "platform": "iPadOS", "multipleScenes": true,
      "scenes": [
        { "id": "alpha", "matching": ["alpha"] },
        { "id": "beta", "matching": ["beta"] },
        { "id": "gamma", "matching": ["gamma"] },
        { "id": "main" }
      ],
      "routes": [
        { "name": "open", "url": "x://open/{name}", "deliver": { "value": "{name}" } }
      ]
    }
    """

  @Test(arguments: [
    ("x://open/beta-1", "beta"), ("x://open/gamma?q=1#top", "gamma"), ("x://open/alpha", "alpha"),
    ("x://open/g%C3%A4mma", "main"), ("x://open/gämma", "main"), ("x://open/delta", "main"),
    ("x://open/a?q=ALPHA", "alpha"),
  ])
  func severalMatchingSetsReadTheAbsoluteString(_ line: String, _ scene: String) throws {
    let router = try TestTables.router(Self.table)
    let event = try EventReader.read(line: line).get()
    for explains in [false, true] {
      let decision = DecisionEngine.decide(event, router: router, state: SessionState(), explains: explains)
      #expect(decision.receiver?.scene == scene, "\(line), explains \(explains)")
    }
  }
}
