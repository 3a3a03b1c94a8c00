import RouteMatcher
import RouteTables
import RouterSupport
import SceneDecision

/// What a run of fixtures exercised: the routes matched, the scene declarations that received an
/// event or its effect, and the Apple rules that decided; and what it did not.
///
/// ```swift
/// let coverage = FixtureCoverage(suite)
/// coverage.uncoveredRoutes        // ["Fixtures/Forge/Forge.routes.json: route 'gist'"]
/// coverage.percent                // 97.5
/// ```
public struct FixtureCoverage: Sendable {
  /// One table's coverage.
  public struct Table: Sendable {
    public var file: String
    public var routes: [String]
    public var coveredRoutes: Set<String>
    public var declarations: [String]
    public var coveredDeclarations: Set<String>
  }

  public var tables: [Table]
  /// Apple rule IDs that decided at least one step.
  public var appleRules: Set<String>

  /// Collects coverage from a suite; tables are identified by their file (inline tables by the fixture).
  public init(_ suite: FixtureSuite) {
    var byFile: [String: Table] = [:]
    var order: [String] = []
    var rules: Set<String> = []
    for (fixture, result) in suite.results {
      let key = fixture.tablePath ?? fixture.file
      if byFile[key] == nil {
        let table = fixture.router.table
        byFile[key] = Table(
          file: key, routes: table.routes.map(\.name), coveredRoutes: [],
          declarations: table.scenes.map(\.id), coveredDeclarations: [])
        order.append(key)
      }
      for step in result.steps {
        guard case .object(let record) = step.actual else { continue }
        if case .string(let rule)? = record["rule"] { byFile[key]?.coveredRoutes.insert(rule) }
        if case .string(let scene)? = record["scene"] { byFile[key]?.coveredDeclarations.insert(scene) }
        if case .object(let receiver)? = record["receiver"], case .string(let scene)? = receiver["scene"] {
          byFile[key]?.coveredDeclarations.insert(scene)
        }
        if case .array(let ids)? = record["appleRules"] {
          for case .string(let id) in ids { rules.insert(id) }
        }
      }
    }
    tables = order.compactMap { byFile[$0] }
    appleRules = rules
  }

  /// `file: route 'name'` for every route no fixture matched.
  public var uncoveredRoutes: [String] {
    tables.flatMap { t in t.routes.filter { !t.coveredRoutes.contains($0) }.map { "\(t.file): route '\($0)'" } }
  }

  /// `file: scene 'id'` for every declaration no event reached.
  public var uncoveredDeclarations: [String] {
    tables.flatMap { t in
      t.declarations.filter { !t.coveredDeclarations.contains($0) }.map { "\(t.file): scene '\($0)'" }
    }
  }

  /// The rules a route fixture can cite: the modelled ones of ``AppleRule/catalog`` but the
  /// universal-link rules, which the AASA case files show.
  static let fixtureRules = AppleRule.catalog.filter { $0.modelled && !$0.id.isUniversalLinkRule }.map(\.id.rawValue)

  /// The Apple rules the engine models that no step cited.
  public var uncoveredAppleRules: [String] {
    FixtureCoverage.fixtureRules.filter { !appleRules.contains($0) }
  }

  /// Routes and declarations exercised, in percent of all of them (100 when there are none).
  public var percent: Double {
    let total = tables.reduce(0) { $0 + $1.routes.count + $1.declarations.count }
    let covered = tables.reduce(0) { $0 + $1.coveredRoutes.count + $1.coveredDeclarations.count }
    return total == 0 ? 100 : Double(covered) * 100 / Double(total)
  }

  /// Apple rules cited, in percent of the modelled ones.
  public var appleRulePercent: Double {
    let modelled = FixtureCoverage.fixtureRules
    guard !modelled.isEmpty else { return 100 }
    return Double(modelled.filter { appleRules.contains($0) }.count) * 100 / Double(modelled.count)
  }
}
