import Foundation
public import RouterSupport

/// Many fixtures run together: the files found under some paths, their results, and the
/// failures to load. What `route-cli test` runs and reports.
///
/// ```swift
/// let suite = FixtureSuite.run(paths: ["Fixtures"])
/// print(suite.passedSteps, "of", suite.totalSteps)   // 212 of 212
/// ```
public struct FixtureSuite: Sendable {
  /// A fixture that could not be loaded.
  public struct LoadFailure: Sendable {
    public var file: String
    public var diagnostics: [Diagnostic]
    public var sources: [SourceText]
    /// How long reading and loading took.
    public var duration: Duration = .zero
  }

  /// Results of the fixtures that loaded, in path order, with the fixture they came from.
  public var results: [(fixture: Fixture, result: FixtureRunner.Result)]
  public var loadFailures: [LoadFailure]

  /// Every `*.fixture.json` under the paths (files are taken as given; directories are searched
  /// recursively), sorted, without duplicates.
  public static func files(in paths: [String]) -> [String] {
    var files: [String] = []
    let manager = FileManager.default
    for path in paths {
      var isDirectory = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        files.append(path)  // reported as unreadable
        continue
      }
      if !isDirectory {
        files.append(path)
        continue
      }
      let base = path.hasSuffix("/") ? String(path.dropLast()) : path
      let found = (manager.enumerator(atPath: base)?.compactMap { $0 as? String } ?? [])
        .filter { $0.hasSuffix(".fixture.json") }
        .map { base + "/" + $0 }
      files += found.sorted()
    }
    var seen: Set<String> = []
    return files.map(FilePaths.normalize).filter { seen.insert($0).inserted }
  }

  /// Loads and runs every fixture; reports name each file by `displayName` (the path as given by
  /// default); `progress` is called after each file with (done, total).
  public static func run(
    files: [String], displayName: (String) -> String = { $0 }, progress: (Int, Int) -> Void = { _, _ in }
  ) -> FixtureSuite {
    var suite = FixtureSuite(results: [], loadFailures: [])
    let clock = ContinuousClock()
    for (index, file) in files.enumerated() {
      let start = clock.now
      let loaded = FixtureLoader.load(contentsOf: file)
      let loading = clock.now - start
      switch loaded {
      case .success(var fixture):
        fixture.file = displayName(file)
        fixture.tablePath = fixture.tablePath.map(displayName)
        var result = FixtureRunner.run(fixture)
        result.file = fixture.file
        result.loading = loading
        suite.results.append((fixture, result))
      case .failure(let failure):
        suite.loadFailures.append(
          LoadFailure(
            file: displayName(file), diagnostics: failure.diagnostics, sources: failure.sources, duration: loading))
      }
      progress(index + 1, files.count)
    }
    return suite
  }

  /// Runs the fixtures under paths.
  public static func run(paths: [String]) -> FixtureSuite {
    run(files: files(in: paths))
  }

  public var totalSteps: Int { results.reduce(0) { $0 + $1.result.steps.count } }
  public var passedSteps: Int { results.reduce(0) { $0 + $1.result.steps.filter(\.passed).count } }
  public var failedFixtures: Int { results.filter { !$0.result.passed }.count }
  /// Whether every fixture loaded and passed.
  public var passed: Bool { loadFailures.isEmpty && failedFixtures == 0 }
}
