import RouterSupport

/// Reading one `details` entry and its components (L3, L4, L8, L10, L14, L15).
extension AASAReader {
  static let componentKeys = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"]

  /// One entry; `keyAppID` is the key of the dictionary form of `details`.
  mutating func readEntry(
    _ node: JSONNode, index: Int, keyAppID: (String, Int)?, domainDefaults: AASAMatchingOptions
  ) -> AASADetails? {
    guard let fields = object(node, what: "a 'details' entry", keys: AASAReader.detailsKeys) else { return nil }
    var entry = AASADetails(
      index: index, appIDs: [], isLegacyDictionary: keyAppID != nil, location: location(node.start))
    var ids: [(String, Int)] = []
    if let keyAppID { ids.append(keyAppID) }
    if let member = fields["appID"], let id = string(member) { ids.append((id, member.value.start)) }
    for (id, item) in strings(fields["appIDs"]) ?? [] { ids.append((id, item.start)) }
    for (id, offset) in ids where !entry.appIDs.contains(where: { $0.value == id }) {
      if AppID(id) == nil {
        report(.warning, .invalidAppID, "'\(id)' is not an app ID of the form <TeamID>.<BundleID> (L3)", at: offset)
      }
      entry.appIDs.append(Located(id, at: location(offset)))
    }
    if entry.appIDs.isEmpty {
      report(
        .warning, .missingKey, "this 'details' entry names no app ('appID' or 'appIDs'), so it applies to none",
        at: node.start)
    }
    entry.defaults = readOptions(fields["defaults"], what: "the 'defaults' of a 'details' entry")
    let levels = [domainDefaults, entry.defaults]
    if let components = fields["components"] {
      if let paths = fields["paths"] {
        report(
          .warning, .ignoredKey,
          "'paths' is ignored because the entry has 'components' (L15; iOS 13 and later read only 'components')",
          at: paths.keyStart)
      }
      guard let items = components.value.elements else {
        report(
          .error, .wrongType, "'components' must be an array, found \(components.value.typeName)",
          at: components.value.start)
        return entry
      }
      entry.components = items.enumerated().compactMap { i, item in readComponent(item, index: i, levels: levels) }
    } else if let paths = fields["paths"] {
      entry.usesLegacyPaths = true
      entry.components = (strings(paths) ?? []).enumerated().map { i, item in
        readLegacyPath(item.0, node: item.1, index: i, levels: levels)
      }
    } else {
      report(
        .warning, .missingKey, "this 'details' entry has no 'components' (or 'paths'), so it claims no URL",
        at: node.start)
    }
    return entry
  }

  /// One object of `components`.
  mutating func readComponent(_ node: JSONNode, index: Int, levels: [AASAMatchingOptions]) -> AASAComponent? {
    guard let fields = object(node, what: "a component", keys: AASAReader.componentKeys) else { return nil }
    let options = AASAMatchingOptions(
      caseSensitive: bool(fields["caseSensitive"]), percentEncoded: bool(fields["percentEncoded"]))
    let effective = AASAMatchingOptions.resolve(levels + [options])
    var component = AASAComponent(
      index: index, origin: .components, options: options, effective: effective, text: AASAReader.text(of: node),
      location: location(node.start))
    component.exclude = bool(fields["exclude"])?.value ?? false
    if let comment = fields["comment"] {
      if let text = comment.value.stringValue {
        component.comment = text
      } else {
        report(
          .warning, .wrongType, "'comment' should be a string, found \(comment.value.typeName)", at: comment.value.start
        )
      }
    }
    if let member = fields["/"], let text = string(member) {
      let pattern = AASAPathPattern(
        text, options: effective, variables: variables, location: location(member.value.start))
      reportUndefined(pattern.undefinedVariables, inString: member.value)
      component.path = pattern
    }
    if let member = fields["?"] {
      component.query = readQuery(member, effective: effective)
    }
    if let member = fields["#"], let text = string(member) {
      component.fragment = compile(text, node: member.value, effective: effective)
    }
    return component
  }

  /// `?` as a string (the whole query) or a dictionary of item patterns (L8, L16).
  mutating func readQuery(_ member: JSONMember, effective: AASAMatchingOptions.Effective) -> AASAQuery? {
    if let text = member.value.stringValue {
      return .pattern(compile(text, node: member.value, effective: effective))
    }
    guard let members = member.value.members else {
      report(
        .error, .wrongType, "'?' must be a string or an object, found \(member.value.typeName)", at: member.value.start)
      return nil
    }
    if let bad = members.first(where: { $0.value.stringValue == nil }) {
      report(
        .warning, .ignoredKey,
        "'\(bad.key)' is not a string, so the system ignores the whole '?' dictionary and this component "
          + "matches any query (L16)",
        at: bad.value.start)
      return .ignored(keys: members.map(\.key))
    }
    return .items(
      members.map { item in
        AASAQueryItem(
          name: item.key, pattern: compile(item.value.stringValue ?? "", node: item.value, effective: effective))
      })
  }

  /// One legacy `paths` string; `NOT ` (with the space) makes it an exclusion (L14).
  mutating func readLegacyPath(_ text: String, node: JSONNode, index: Int, levels: [AASAMatchingOptions])
    -> AASAComponent
  {
    let effective = AASAMatchingOptions.resolve(levels)
    let exclude = text.hasPrefix("NOT ")
    let patternText = exclude ? String(text.dropFirst(4)) : text
    let pattern = AASAPathPattern(patternText, options: effective, variables: variables, location: location(node.start))
    let shift = exclude ? 4 : 0
    reportUndefined(pattern.undefinedVariables.map { .init(name: $0.name, offset: $0.offset + shift) }, inString: node)
    return AASAComponent(
      index: index, origin: .paths, path: pattern, exclude: exclude, effective: effective,
      text: JSONValue.string(text).description, location: location(node.start))
  }

  /// A component as compact JSON without its `comment`, which the system ignores.
  static func text(of node: JSONNode) -> String {
    guard case .object(var object) = node.value else { return node.value.description }
    object["comment"] = nil
    return JSONValue.object(object).description
  }

  /// A query or fragment pattern, reporting undefined variables.
  mutating func compile(_ text: String, node: JSONNode, effective: AASAMatchingOptions.Effective) -> AASAPattern {
    let pattern = AASAPattern(text, options: effective, variables: variables, location: location(node.start))
    reportUndefined(pattern.pattern.undefinedVariables, inString: node)
    return pattern
  }

  /// Warns about each undefined `$(name)` at its column inside the JSON string.
  mutating func reportUndefined(_ references: [WildcardPattern.VariableReference], inString node: JSONNode) {
    for reference in references {
      let offset = JSONParser.sourceOffset(in: source.bytes, stringAt: node.start, utf8Index: reference.offset)
      report(
        .warning, .undefinedSubstitutionVariable,
        "'$(\(reference.name))' is not a defined or predefined substitution variable, so this pattern never matches (L13)."
          + EditDistance.didYouMean(
            reference.name, among: variables.custom.map(\.name) + SubstitutionVariables.predefinedNames),
        at: offset)
    }
  }
}
