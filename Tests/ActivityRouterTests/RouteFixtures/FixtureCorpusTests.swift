import ActivityRouter
import ActivityRouterTestSupport
import Foundation
import Testing

/// Every `*.fixture.json` under `Fixtures/` runs through the same runner as `route-cli test`,
/// one named case per file.
@Suite struct FixtureCorpusTests {
  struct FixtureFile: CustomTestStringConvertible, Sendable {
    var path: String
    var testDescription: String { String(path.dropFirst(FixturePaths.fixtures.count + 1)) }
  }

  static let files: [FixtureFile] = {
    let root = FixturePaths.fixtures
    let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return paths.filter { $0.hasSuffix(".fixture.json") }.sorted().map { FixtureFile(path: root + "/" + $0) }
  }()

  @Test(arguments: files)
  func fixturePasses(_ file: FixtureFile) throws {
    let fixture: Fixture
    switch FixtureLoader.load(contentsOf: file.path) {
    case .success(let f): fixture = f
    case .failure(let failure):
      Issue.record("cannot load: \(DiagnosticRenderer(sources: failure.sources).render(failure.diagnostics))")
      return
    }
    #expect(!fixture.steps.isEmpty)
    let result = FixtureRunner.run(fixture)
    for step in result.steps {
      #expect(step.checked, "step \(step.index + 1) checks nothing")
      for difference in step.differences {
        Issue.record("step \(step.index + 1) (\(step.event)): \(difference)")
      }
    }
  }

  @Test func theCorpusIsNotEmpty() {
    #expect(Self.files.count >= 1)
  }
}
