import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

@testable import RouteMatcher

/// The flattened trie of every bundled table is sound (the checks of `URLTrie+Invariants`), and
/// the trie can describe itself.
@Suite struct TrieInvariantTests {
  static let tables: [String] = {
    let root = FixturePaths.fixtures
    let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix(".routes.json") }.sorted()
  }()

  @Test(arguments: tables)
  func everyBundledTableCompilesToASoundTrie(_ file: String) throws {
    let loaded = TableLoader.load(contentsOf: FixturePaths.fixtures + "/" + file)
    let table = try #require(loaded.table)
    let router = try #require(RouteCompiler.compile(table).router)
    #expect(router.trieInvariantViolations == [])
  }

  @Test func everyFixtureTableCompilesToASoundTrie() {
    var checked = 0
    for path in FixtureCorpusTests.files.map(\.path) {
      guard case .success(let fixture) = FixtureLoader.load(contentsOf: path) else { continue }
      #expect(fixture.router.trieInvariantViolations == [], "\(path)")
      checked += 1
    }
    #expect(checked > 100)
  }

  @Test func aBrokenRecordIsFound() throws {
    // The check must be able to fail: the same trie with one dynamic edge sent out of range.
    let router = try TestTables.router([("item", "https://example.com/items/{id:int}/{rest*}")])
    let storage = router.urls.storage
    #expect(router.trieInvariantViolations == [])
    let saved = storage.dynamic[0]
    storage.dynamic[0].child = Int32(storage.nodeCount + 5)
    defer { storage.dynamic[0] = saved }
    #expect(router.trieInvariantViolations.contains { $0.contains("out of range") })
  }

  @Test func aCompetingNodeMarkedWronglyIsFound() throws {
    // Children that compete on one segment make a competing node; the check must see a wrong bit.
    let router = try TestTables.router([
      ("json", "https://example.com/files/{name}.json"), ("index", "https://example.com/files/index.json"),
      ("file", "https://example.com/files/{name}"),
    ])
    let storage = router.urls.storage
    #expect(router.trieInvariantViolations == [])
    let node = try #require(
      (0..<storage.nodeCount).first { storage.nodes[$0].info & NodeInfo.kindMask == NodeInfo.competing })
    let saved = storage.nodes[node].info
    storage.nodes[node].info ^= NodeInfo.hasLiteralChildren
    defer { storage.nodes[node].info = saved }
    #expect(router.trieInvariantViolations.contains { $0.contains("literal-children bit") })
  }

  @Test func aOneAffixNodeIsMarkedAndAWrongMarkIsFound() throws {
    // A node whose only child is `{name}.json` is marked one-affix; the same bit on a node with
    // two children, or on a node whose affix has two captures, is wrong.
    let router = try TestTables.router([
      ("json", "https://example.com/files/{name}.json"), ("two", "https://example.com/t/{a}.{b}"),
      ("both", "https://example.com/b/{name}.json"), ("file", "https://example.com/b/{name}"),
    ])
    let storage = router.urls.storage
    #expect(router.trieInvariantViolations == [])
    #expect(router.trieDescription.contains("files [competing, one affix]"))
    #expect(router.trieDescription.contains("t [competing]"))
    #expect(router.trieDescription.contains("b [competing]"))
    let marked = (0..<storage.nodeCount).filter { storage.nodes[$0].info & NodeInfo.oneAffix != 0 }
    #expect(marked.count == 1)
    for node in 0..<storage.nodeCount
    where storage.nodes[node].info & NodeInfo.kindMask == NodeInfo.competing && !marked.contains(node) {
      let saved = storage.nodes[node].info
      storage.nodes[node].info |= NodeInfo.oneAffix
      #expect(router.trieInvariantViolations.contains { $0.contains("one-affix") }, "node \(node)")
      storage.nodes[node].info = saved
    }
    #expect(router.trieInvariantViolations == [])
    // The ends the one-affix step compares (`.json` as the high bytes of a word, its mask,
    // its length) must be those of the shape's parts: a wrong byte, mask or length is found.
    let edge = storage.dynamic[Int(storage.nodes[marked[0]].dynamicStart)]
    guard case .affixed(let shape) = edge.kind else {
      Issue.record("the marked node's child is not affixed")
      return
    }
    let record = storage.affixes[Int(shape)]
    #expect(record.prefixLength == 0 && record.prefixMask == 0 && record.suffixLength == 5)
    #expect(record.suffixMask == 0xFFFF_FFFF_FF00_0000)
    #expect(record.suffixWord == 0x6E6F_736A_2E00_0000)  // ".json", little-endian, in the high bytes
    #expect(record.wordEndsLength == 5)
    let wrongs: [(inout URLTrie.AffixRecord) -> Void] = [
      { $0.suffixWord ^= 0x0100_0000 }, { $0.suffixMask = .max }, { $0.suffixLength = 4 }, { $0.prefixMask = 0xFF },
      { $0.wordEndsLength = 4 }, { $0.wordEndsLength = .max },
    ]
    for wrong in wrongs {
      wrong(&storage.affixes[Int(shape)])
      #expect(router.trieInvariantViolations.contains { $0.contains("ends are not those of its parts") })
      storage.affixes[Int(shape)] = record
    }
    #expect(router.trieInvariantViolations == [])
    // The fast loop reads the shape from the node's record and steps to node + 1: the record's
    // shape bits and the child's number are held too, and no other node has shape bits.
    let node = marked[0]
    #expect(storage.nodes[node].info >> NodeInfo.affixShapeShift == UInt32(shape))
    #expect(edge.child == Int32(node + 1))
    let info = storage.nodes[node].info
    storage.nodes[node].info ^= 1 << NodeInfo.affixShapeShift
    #expect(router.trieInvariantViolations.contains { $0.contains("one-affix, but its record's shape") })
    storage.nodes[node].info = info
    let other = (0..<storage.nodeCount).first { $0 != node }!
    storage.nodes[other].info |= 1 << NodeInfo.affixShapeShift
    #expect(router.trieInvariantViolations.contains { $0.contains("an affix shape in the bits") })
    storage.nodes[other].info &= ~(1 << NodeInfo.affixShapeShift)
    #expect(router.trieInvariantViolations == [])
  }

  /// A lone `.` as an affix's only literal: the fast loop takes no segment of two bytes (`..`
  /// would fit `.{x}` or `{x}.` but is a dot segment), a longer one with both ends as words.
  @Test func aLoneDotAffixLeavesTwoBytesToTheStep() throws {
    let router = try TestTables.router([
      ("lead", "https://example.com/a/.{x}"), ("trail", "https://example.com/b/{x}."),
      ("other", "https://example.com/c/-{x}"), ("long", "https://example.com/d/{x}.backup-archive"),
    ])
    let storage = router.urls.storage
    #expect(router.trieInvariantViolations == [])
    var lengths: [Int32] = []
    for node in 0..<storage.nodeCount where storage.nodes[node].info & NodeInfo.oneAffix != 0 {
      lengths.append(storage.affixes[Int(storage.nodes[node].info >> NodeInfo.affixShapeShift)].wordEndsLength)
    }
    #expect(lengths.sorted() == [1, 2, 2, .max])
  }

  @Test func aOneCatchAllNodeIsMarkedAndAWrongMarkIsFound() throws {
    // A node whose only child is `{path*}` is marked one-catch-all; the bit on a node that also
    // has a literal child, or no catch-all, is wrong, and so is a marked node left unmarked.
    let router = try TestTables.router([
      ("files", "https://example.com/files/{path*}"), ("docs", "https://example.com/docs/{page*}"),
      ("index", "https://example.com/docs/index"), ("user", "https://example.com/u/{name}"),
    ])
    let storage = router.urls.storage
    #expect(router.trieInvariantViolations == [])
    #expect(router.trieDescription.contains("files [general, one catch-all]"))
    #expect(router.trieDescription.contains("docs [general]"))
    let marked = (0..<storage.nodeCount).filter { storage.nodes[$0].info & NodeInfo.oneCatchAll != 0 }
    #expect(marked.count == 1)
    for node in 0..<storage.nodeCount {
      let saved = storage.nodes[node].info
      storage.nodes[node].info ^= NodeInfo.oneCatchAll
      #expect(router.trieInvariantViolations.contains { $0.contains("one-catch-all") }, "node \(node)")
      storage.nodes[node].info = saved
    }
    #expect(router.trieInvariantViolations == [])
  }

  @Test func theTrieDescribesItself() throws {
    let router = try TestTables.router([
      ("repo", "https://example.com/repos/{owner}/{repo}"), ("item", "https://example.com/items/{id:int}"),
      ("about", "https://example.com/about"), ("json", "https://example.com/files/{name}.json"),
      ("file", "https://example.com/files/{name}"), ("docs", "https://example.com/docs/{page*}"),
    ])
    #expect(
      router.trieDescription == """
        https://example.com [literals]
          about [leaf, fast, ends: about#0]
          docs [general, one catch-all]
            {name*} [leaf, fast, ends: docs#0]
          files [competing]
            {affixed #0} [leaf, fast, ends: json#0]
            {string} [leaf, fast, ends: file#0]
          items [int parameter]
            {int} [leaf, fast, ends: item#0]
          repos [parameter]
            {string} [parameter]
              {string} [leaf, fast, ends: repo#0]

        """)
  }
}
