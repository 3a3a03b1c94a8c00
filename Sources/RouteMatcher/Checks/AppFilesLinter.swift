import AppleAppFiles
import RouteEvents
package import RouteTables
public import RouterSupport

/// Cross-checks between the table and the files the app already has (`route-cli check`):
/// routes the AASA files never let through (dead routes), links the AASA files claim that no
/// route handles, routes for unregistered schemes or undeclared activity types, and scene
/// configurations the Info.plist lacks. All are warnings (`--strict` makes them fail).
///
/// ```swift
/// let warnings = AppFilesLinter.check(router)
/// // Notes.routes.json:31:14: warning: route 'export' is for https://notes.example.com/n/…/export,
/// //   which the AASA file of notes.example.com excludes: it never opens the app [dead-route]
/// ```
public enum AppFilesLinter {
  /// Sample values that fit each parameter type.
  static let samples: [ParameterType: String] = [
    .string: "sample", .int: "1", .uuid: "00000000-0000-4000-8000-000000000000",
  ]

  public static func check(_ router: CompiledRouter) -> [Diagnostic] {
    let table = router.table
    let claims = table.claims
    var out: [Diagnostic] = []
    for route in table.routes {
      switch route.trigger {
      case .url(let patterns):
        for pattern in patterns { out += checkPattern(pattern, route, claims) }
      case .activity(let activity):
        if let declared = claims.activityTypes, !declared.contains(activity.type) {
          out.append(
            Diagnostic(
              .warning, .undeclaredActivityType,
              "route '\(route.name)' takes '\(activity.type)', which NSUserActivityTypes does not list: onContinueUserActivity never sees it (A8)",
              at: route.location))
        }
      case .shortcut, .notification:
        break
      }
    }
    out += unhandledLinks(router)
    out += missingConfigurations(table)
    return out
  }

  static func checkPattern(_ pattern: URLPattern, _ route: Route, _ claims: AppClaims) -> [Diagnostic] {
    let at = pattern.location ?? route.location
    if pattern.scheme != "https" && pattern.scheme != "http" {
      guard claims.declaresSchemes, !claims.urlSchemes.contains(pattern.scheme) else { return [] }
      return [
        Diagnostic(
          .warning, .unregisteredScheme,
          "route '\(route.name)' uses the scheme '\(pattern.scheme)', which the app does not register (CFBundleURLTypes)",
          at: at)
      ]
    }
    guard claims.declaresDomains, case .exact(let host) = pattern.host else { return [] }
    guard pattern.scheme == "https" else {
      return [
        Diagnostic(
          .warning, .deadRoute, "route '\(route.name)' is for http://, which is never a universal link (L1)", at: at)
      ]
    }
    guard let entry = AssociatedDomain.bestMatch(for: host, among: claims.appLinkDomains) else {
      return [
        Diagnostic(
          .warning, .deadRoute,
          "route '\(route.name)' is for '\(host)', which no applinks: entry covers: it never opens the app (L1)", at: at
        )
      ]
    }
    guard let association = claims.associations[entry], let sample = sampleURL(pattern),
      let url = try? URLRecord(parsing: sample)
    else { return [] }
    let verdict = association.evaluate(url, appID: claims.appID)
    guard verdict.outcome != .opens else { return [] }
    var notes: [Diagnostic.Note] = []
    if let location = verdict.componentLocation { notes.append(.init("the deciding component", at: location)) }
    return [
      Diagnostic(
        .warning, .deadRoute,
        "route '\(route.name)' is for URLs like \(sample), which the AASA file of '\(host)' does not let through (\(verdict.message)): it never opens the app",
        at: at, notes: notes)
    ]
  }

  /// A URL of the pattern with sample values, or nil when it has parts that cannot be written.
  package static func sampleURL(_ pattern: URLPattern) -> String? {
    var parameters: [String: String] = ["*": "sample"]
    switch pattern.host {
    case .parameter(let p): parameters[p.name] = samples[p.type]
    case .valueSet(let set): parameters[set.name] = set.values.first
    case .exact, .subdomains, .none: break
    }
    for segment in pattern.segments {
      switch segment {
      case .parameter(let p): parameters[p.name] = samples[p.type]
      case .catchAll(let name), .optionalCatchAll(let name): parameters[name] = "sample/path"
      case .valueSet(let set): if !set.isOptional { parameters[set.name] = set.values.first }
      case .affixed(let affixed): for p in affixed.parameters { parameters[p.name] = samples[p.type] }
      case .optional, .literal, .wildcard, .optionalLiterals: break
      }
    }
    for c in pattern.query {
      switch c.value {
      case .parameter(let p, true), .list(let p, true): parameters[p.name] = samples[p.type]
      case .affixed(let affixed): for p in affixed.parameters { parameters[p.name] = samples[p.type] }
      default: break
      }
    }
    switch pattern.fragment {
    case .parameter(let p, true)?: parameters[p.name] = samples[p.type]
    case .path(let path)?: for p in path.parameters { parameters[p.name] = samples[p.type] }
    default: break
    }
    return try? URLBuilder(pattern: pattern, route: "", parameters: parameters).build()
  }

  /// Paths an AASA file opens the app for, that no route matches.
  static func unhandledLinks(_ router: CompiledRouter) -> [Diagnostic] {
    let claims = router.table.claims
    var out: [Diagnostic] = []
    for entry in claims.appLinkDomains {
      guard let association = claims.associations[entry] else { continue }
      let host = entry.includesSubdomains ? "sample." + entry.domain : entry.domain
      let components = claims.appID.map { association.components(for: $0) } ?? association.details.flatMap(\.components)
      for component in components where !component.exclude {
        guard let pathPattern = component.path else { continue }
        // Warn only when no sample of the pattern (a word, a number, a UUID) reaches a route.
        let urls = ["x", "1", samples[.uuid] ?? "x"].compactMap { filler -> URLRecord? in
          let path = samplePath(pathPattern.text, filler: filler)
          guard pathPattern.matches(path: path), let url = try? URLRecord(parsing: "https://\(host)\(path)") else {
            return nil
          }
          return association.evaluate(url, appID: claims.appID).outcome == .opens ? url : nil
        }
        guard let first = urls.first else { continue }
        let routed = urls.contains { url in
          if case .success(let m?) = router.match(url: url.text) { return m.route >= 0 }
          return false
        }
        if !routed {
          out.append(
            Diagnostic(
              .warning, .unhandledLink,
              "the AASA file of '\(entry.domain)' claims '\(pathPattern.text)' (for example \(first.text)), but no route handles it: the link opens the app and goes nowhere",
              at: component.location))
        }
      }
    }
    return out
  }

  /// The pattern with each `*`, `?` and `$(…)` replaced by `filler`: a path it likely matches.
  static func samplePath(_ pattern: String, filler: String) -> String {
    var out = ""
    var rest = Substring(pattern)
    while let c = rest.first {
      if rest.hasPrefix("$("), let close = rest.firstIndex(of: ")") {
        out += filler
        rest = rest[rest.index(after: close)...]
        continue
      }
      if c == "?" && rest.dropFirst().first == "*" {
        out += filler
        rest = rest.dropFirst(2)
        continue
      }
      out += c == "*" || c == "?" ? filler : String(c)
      rest = rest.dropFirst()
    }
    return out.hasPrefix("/") ? out : "/" + out
  }

  /// UIKit configurations a route or configurationForConnecting names that the Info.plist lacks.
  static func missingConfigurations(_ table: RouteTable) -> [Diagnostic] {
    guard table.lifecycle == .uiKit, let manifest = table.claims.infoPlist?.sceneManifest else { return [] }
    let names = Set(manifest.roles.flatMap(\.configurations).compactMap(\.name?.value))
    var out: [Diagnostic] = []
    for choice in table.configurationForConnecting where !names.contains(choice.configuration) {
      out.append(
        Diagnostic(
          .warning, .conflictingDeclaration,
          "configurationForConnecting returns '\(choice.configuration)', which the Info.plist's UISceneConfigurations lack"
        ))
    }
    for route in table.routes {
      if let scene = route.target.scene, !names.contains(scene) {
        out.append(
          Diagnostic(
            .warning, .conflictingDeclaration,
            "route '\(route.name)' names the configuration '\(scene)', which the Info.plist lacks", at: route.location))
      }
    }
    return out
  }
}
