import RouterSupport

/// Reads the positioned JSON of an apple-app-site-association file into an
/// ``AppSiteAssociation``, recording a diagnostic for every problem at its line and column.
///
/// Structural problems that make a part unusable (a `details` that is not an array or object, a
/// pattern that is not a string) are errors. Keys the system ignores are warnings: unknown keys
/// (with a suggestion), `/ ? #` in `defaults` (AMB12), `paths` beside `components` (L15), a `?`
/// dictionary with a non-string value (L16), undefined variables (L13).
///
/// ```swift
/// var reader = AASAReader(source: source)
/// let association = reader.read(root, domain: "example.com")
/// reader.diagnostics   // everything found
/// ```
struct AASAReader {
  let source: SourceText
  var diagnostics: [Diagnostic] = []
  /// The file's variables, read before any pattern.
  var variables = SubstitutionVariables()

  init(source: SourceText) {
    self.source = source
  }

  // MARK: - Reporting

  func location(_ offset: Int) -> SourceLocation { source.location(at: offset) }

  mutating func report(_ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String, at offset: Int) {
    diagnostics.append(Diagnostic(severity, code, message, at: location(offset)))
  }

  /// The members of an object by key; an error for a non-object, a warning for each unknown key.
  mutating func object(_ node: JSONNode, what: String, keys: [String]) -> [String: JSONMember]? {
    guard let members = node.members else {
      report(.error, .wrongType, "\(what) must be an object, found \(node.typeName)", at: node.start)
      return nil
    }
    var fields: [String: JSONMember] = [:]
    for member in members {
      fields[member.key] = member
      if !keys.contains(member.key) {
        report(
          .warning, .unknownKey,
          "unknown key '\(member.key)' in \(what); the system ignores it.\(EditDistance.didYouMean(member.key, among: keys))",
          at: member.keyStart)
      }
    }
    return fields
  }

  mutating func bool(_ member: JSONMember?) -> Located<Bool>? {
    guard let member else { return nil }
    guard case .bool(let value) = member.value.kind else {
      report(
        .error, .wrongType, "'\(member.key)' must be true or false, found \(member.value.typeName)",
        at: member.value.start)
      return nil
    }
    return Located(value, at: location(member.value.start))
  }

  mutating func string(_ member: JSONMember?) -> String? {
    guard let member else { return nil }
    guard let value = member.value.stringValue else {
      report(
        .error, .wrongType, "'\(member.key)' must be a string, found \(member.value.typeName)", at: member.value.start)
      return nil
    }
    return value
  }

  /// The string elements of an array member, with their nodes; errors for the rest.
  mutating func strings(_ member: JSONMember?) -> [(String, JSONNode)]? {
    guard let member else { return nil }
    guard let items = member.value.elements else {
      report(
        .error, .wrongType, "'\(member.key)' must be an array of strings, found \(member.value.typeName)",
        at: member.value.start)
      return nil
    }
    var out: [(String, JSONNode)] = []
    for item in items {
      if let s = item.stringValue {
        out.append((s, item))
      } else {
        report(.error, .wrongType, "'\(member.key)' must hold strings, found \(item.typeName)", at: item.start)
      }
    }
    return out
  }

  // MARK: - The file

  static let rootKeys = ["applinks", "webcredentials", "appclips", "activitycontinuation"]
  static let appLinksKeys = ["apps", "details", "defaults", "substitutionVariables"]
  static let detailsKeys = ["appID", "appIDs", "components", "defaults", "paths", "comment"]

  mutating func read(_ root: JSONNode, domain: String?) -> AppSiteAssociation? {
    guard let fields = object(root, what: "the apple-app-site-association file", keys: AASAReader.rootKeys) else {
      return nil
    }
    var association = AppSiteAssociation(file: source.file, domain: domain, hasAppLinks: false)
    guard let appLinks = fields["applinks"] else {
      report(.warning, .noAppLinks, "the file has no 'applinks', so it claims no universal links (L2)", at: root.start)
      return association
    }
    association.hasAppLinks = true
    guard let links = object(appLinks.value, what: "'applinks'", keys: AASAReader.appLinksKeys) else {
      return association
    }
    if let apps = links["apps"] {
      if let items = apps.value.elements, !items.isEmpty {
        report(
          .warning, .ignoredKey, "the legacy 'apps' array must be empty; its values are ignored (L14)",
          at: apps.value.start)
      } else if apps.value.elements == nil {
        report(.error, .wrongType, "'apps' must be an array, found \(apps.value.typeName)", at: apps.value.start)
      }
    }
    variables = readVariables(links["substitutionVariables"])
    association.substitutionVariables = variables
    association.defaults = readOptions(links["defaults"], what: "'applinks.defaults'")
    association.details = readDetails(links["details"], in: appLinks.value, domainDefaults: association.defaults)
    return association
  }

  /// `defaults` (domain or app level): only `caseSensitive` and `percentEncoded` count (AMB12).
  mutating func readOptions(_ member: JSONMember?, what: String) -> AASAMatchingOptions {
    guard let member else { return AASAMatchingOptions() }
    let keys = ["caseSensitive", "percentEncoded", "comment", "/", "?", "#", "exclude"]
    guard let fields = object(member.value, what: what, keys: keys) else { return AASAMatchingOptions() }
    for key in ["/", "?", "#", "exclude"] {
      if let ignored = fields[key] {
        report(
          .warning, .ignoredKey,
          "'\(key)' in \(what) is ignored: only caseSensitive and percentEncoded are honoured there (AMB12)",
          at: ignored.keyStart)
      }
    }
    return AASAMatchingOptions(
      caseSensitive: bool(fields["caseSensitive"]), percentEncoded: bool(fields["percentEncoded"]))
  }

  /// `substitutionVariables`: names without `$ ( )`, values that are strings without `$(` (L13).
  mutating func readVariables(_ member: JSONMember?) -> SubstitutionVariables {
    guard let member, let members = member.value.members else {
      if let member {
        report(
          .error, .wrongType, "'substitutionVariables' must be an object, found \(member.value.typeName)",
          at: member.value.start)
      }
      return SubstitutionVariables()
    }
    var custom: [SubstitutionVariables.Variable] = []
    for variable in members {
      guard SubstitutionVariables.isValidName(variable.key) else {
        report(
          .error, .invalidSubstitutionVariable,
          "the variable name '\(variable.key)' is empty or contains '$', '(' or ')' (L13)", at: variable.keyStart)
        continue
      }
      if SubstitutionVariables.predefinedNames.contains(variable.key) {
        report(
          .warning, .shadowedSubstitutionVariable,
          "'\(variable.key)' is a predefined variable; this definition hides it in every pattern", at: variable.keyStart
        )
      }
      var values: [String] = []
      for (value, node) in strings(variable) ?? [] {
        if value.contains("$(") {
          report(
            .error, .invalidSubstitutionVariable,
            "a substitution variable's value cannot use another variable (L13); '$(' is matched literally",
            at: node.start)
        }
        values.append(value)
      }
      custom.append(.init(name: variable.key, values: values, location: location(variable.keyStart)))
    }
    return SubstitutionVariables(custom: custom)
  }

  /// `details`: the array form, or the oldest form, an object keyed by app ID (L14).
  mutating func readDetails(_ member: JSONMember?, in appLinks: JSONNode, domainDefaults: AASAMatchingOptions)
    -> [AASADetails]
  {
    guard let member else {
      report(.warning, .missingKey, "'applinks' has no 'details', so it claims no universal links", at: appLinks.start)
      return []
    }
    if let entries = member.value.elements {
      return entries.enumerated().compactMap { index, node in
        readEntry(node, index: index, keyAppID: nil, domainDefaults: domainDefaults)
      }
    }
    if let members = member.value.members {
      return members.enumerated().compactMap { index, entry in
        readEntry(entry.value, index: index, keyAppID: (entry.key, entry.keyStart), domainDefaults: domainDefaults)
      }
    }
    report(
      .error, .wrongType, "'details' must be an array (or an object keyed by app ID), found \(member.value.typeName)",
      at: member.value.start)
    return []
  }
}
