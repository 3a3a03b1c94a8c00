import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import RouteEvents
import Testing

@testable import SceneDecision

/// The gate's scheme told on the URL's bytes in place (`LinkGate.schemeKind(_:_:)`: no string
/// made for a custom scheme) held to the comparisons it replaced on the lowercased scheme's
/// string: `isUnroutable(scheme:)`, `== "http"`, and `contains` among the registered schemes,
/// which compares by canonical equivalence (a registered scheme that is not ASCII).
@Suite struct LinkGateSchemeKindTests {
  /// The kind as the gate told it before: from the scheme's string, lowercased.
  static func reference(_ url: URLRecord, _ registered: [String]) -> LinkGate.SchemeKind {
    let scheme = url.normalizedScheme
    if scheme == "https" { return .https }
    if LinkGate.isUnroutable(scheme: scheme) { return .unroutable }
    if scheme == "http" { return .http }
    return registered.contains(scheme) ? .registered : .other
  }

  static func kind(_ url: URLRecord, _ registered: [String]) -> LinkGate.SchemeKind {
    DetailReads.with(all: false) { reads in
      withUnsafePointer(to: url) { LinkGate.schemeKind(ObservedInPlace($0, reads: reads), registered) }
    }
  }

  static let names = [
    "javascript", "data", "blob", "http", "notes", "note", "notes2", "n", "ws", "file", "mailto", "javascripx",
    "dat", "datas", "htt", "x-notes", "a+b.c-d", "k",
  ]
  static let registeredLists: [[String]] = [
    [], ["notes"], ["notes", "x-notes"], ["mailto", "notes2", "k"], ["notés"], ["\u{212A}".lowercased()],
    ["data", "http"], ["a+b.c-d", "n"],
  ]

  /// Every name in random case, against every list of registered schemes.
  @Test func theBytesTellTheKindTheStringTold() throws {
    var g = SeededGenerator(seed: 0x5C4E)
    var compared = 0
    for name in Self.names {
      for _ in 0..<8 {
        let cased = String(
          name.map { c in Bool.random(using: &g) ? Character(c.uppercased()) : c })
        guard let url = try? URLRecord(parsing: "\(cased)://host/path") else { continue }
        for registered in Self.registeredLists {
          #expect(Self.kind(url, registered) == Self.reference(url, registered), "\(cased) \(registered)")
          compared += 1
        }
      }
    }
    #expect(compared > 500)
  }

  /// A scheme's case never matters; a registered scheme that is not ASCII never takes an ASCII
  /// scheme (the string's comparison decides it, as before).
  @Test func caseAndNonASCIIRegisteredSchemes() throws {
    let upper = try URLRecord(parsing: "NOTES://note/1")
    #expect(Self.kind(upper, ["notes"]) == .registered)
    #expect(Self.kind(upper, ["notés"]) == .other)
    #expect(Self.kind(try URLRecord(parsing: "DaTa:,x"), ["data"]) == .unroutable)
    #expect(Self.kind(try URLRecord(parsing: "JAVASCRIPT:1"), []) == .unroutable)
    #expect(Self.kind(try URLRecord(parsing: "HTTP://a.example/"), ["http"]) == .http)
    #expect(Self.kind(try URLRecord(parsing: "notesx://a"), ["notes"]) == .other)
  }
}

/// A `dismissWindow` by value when no window presents a value (a stateless line's) is decided
/// without rendering the route's value (`WindowActions.dismissFindingNone`): the same decision
/// as the full dismissal, which the explained decision still makes.
@Suite struct DismissFindingNoneTests {
  @Test func theDismissalIsTheFullOne() throws {
    let loaded = TableLoader.load(contentsOf: FixturePaths.notesTable)
    let table = try #require(loaded.table)
    let router = try #require(RouteCompiler.compile(table).router)
    let line = "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11/close"
    let event = try EventReader.read(line: line).get()
    let bare = DecisionEngine.decide(event, router: router, explains: false)
    let explained = DecisionEngine.decide(event, router: router)
    #expect(bare.outcome == .ignore && bare.reason == .noWindowToDismiss)
    #expect(bare.outcome == explained.outcome && bare.reason == explained.reason)
    #expect(bare.appleRules == explained.appleRules)
    #expect(bare.value == explained.value)
    #expect(bare.value == ["id": "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"])
    #expect(bare.match == explained.match && bare.action == explained.action)
    #expect(bare.appleRules.map(\.rawValue).suffix(2) == ["W18", "W21"])
    // With the window open, the same line closes it (the value is compared, so it is rendered).
    let opened = DecisionEngine.decide(
      try EventReader.read(line: "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11").get(), router: router,
      explains: false)
    var state = SessionState()
    state.apply(opened)
    let closing = DecisionEngine.decide(event, router: router, state: state, explains: false)
    #expect(closing.outcome == .dismiss && closing.closedSessions.count == 1)
  }
}
