import AppleAppFiles
package import RouterSupport

extension TableLoader {
  /// Reads `"policies"`: each AMB item by its name (``ScenePolicies/keys``), over `base` (the
  /// defaults for a table; a table's own policies for a fixture step's overrides).
  package static func readPolicies(
    _ member: JSONMember?, _ reader: inout JSONFieldReader, base: ScenePolicies = ScenePolicies()
  ) -> ScenePolicies {
    var p = base
    guard let member,
      let f = reader.object(member.value, what: "'policies'", keys: ScenePolicies.keys.map(\.key))
    else { return p }
    if let v = reader.choice(f["unmodifiedScenes"], ScenePolicies.UnmodifiedScenes.self) { p.unmodifiedScenes = v }
    if let ties = f["ties"], let list = reader.strings(ties) {
      var order: [ScenePolicies.TieBreak] = []
      for (name, node) in list {
        guard let tie = ScenePolicies.TieBreak(rawValue: name) else {
          let names = ScenePolicies.TieBreak.allCases.map(\.rawValue)
          reader.error(
            .invalidValue,
            "unknown tie-break '\(name)'.\(EditDistance.didYouMean(name, among: names)) Expected: \(names.joined(separator: ", "))",
            at: node.start)
          continue
        }
        order.append(tie)
      }
      p.ties = order
    }
    if let v = reader.choice(f["missingIdentifier"], ScenePolicies.MissingIdentifier.self) { p.missingIdentifier = v }
    if let v = reader.choice(f["noMatchingScene"], ScenePolicies.NoMatchingScene.self) { p.noMatchingScene = v }
    if let v = reader.choice(f["matchingKinds"], ScenePolicies.MatchingKinds.self) { p.matchingKinds = v }
    if let v = reader.choice(f["documentGroups"], ScenePolicies.DocumentGroups.self) { p.documentGroups = v }
    if let v = reader.choice(f["openWindowByType"], ScenePolicies.OpenWindowByType.self) { p.openWindowByType = v }
    if let v = reader.choice(f["presentedValueScope"], ScenePolicies.PresentedValueScope.self) {
      p.presentedValueScope = v
    }
    if let v = reader.choice(f["coldLaunch"], ScenePolicies.ColdLaunch.self) { p.coldLaunch = v }
    if let v = reader.choice(f["activationRequestMatch"], ScenePolicies.ActivationRequestMatch.self) {
      p.activationRequestMatch = v
    }
    if let v = reader.choice(f["aasaDetails"], ScenePolicies.AASADetails.self) { p.aasaDetails = v }
    if let v = reader.choice(f["aasaDefaults"], ScenePolicies.AASADefaults.self) { p.aasaDefaults = v }
    if let v = reader.choice(f["urlHandlers"], ScenePolicies.URLHandlers.self) { p.urlHandlers = v }
    if let v = reader.choice(f["repeatedMatching"], ScenePolicies.RepeatedMatching.self) { p.repeatedMatching = v }
    if let v = reader.choice(f["singleScene"], ScenePolicies.SingleScene.self) { p.singleScene = v }
    if let v = reader.choice(f["unroutedEvents"], ScenePolicies.UnroutedEvents.self) { p.unroutedEvents = v }
    if let v = reader.choice(f["credentials"], ScenePolicies.Credentials.self) { p.credentials = v }
    if let v = reader.choice(f["fileURLGroups"], ScenePolicies.FileURLGroups.self) { p.fileURLGroups = v }
    if let v = reader.choice(f["extraURLs"], ScenePolicies.ExtraURLs.self) { p.extraURLs = v }
    return p
  }

  /// Reads `"configurationForConnecting": [{"activityType": …, "configuration": …}]` (K7).
  static func readConfigurationChoices(
    _ member: JSONMember?, table: RouteTable, _ reader: inout JSONFieldReader
  ) -> [RouteTable.ConfigurationChoice] {
    guard let member else { return [] }
    guard case .array(let items) = member.value.kind else {
      reader.error(.wrongType, "'configurationForConnecting' must be an array", at: member.value.start)
      return []
    }
    if table.lifecycle != .uiKit {
      reader.warning(
        .invalidValue, "'configurationForConnecting' applies to UIKit apps (\"lifecycle\": \"uikit\")",
        at: member.keyStart)
    }
    var choices: [RouteTable.ConfigurationChoice] = []
    for item in items {
      let what = "a configurationForConnecting entry"
      guard let f = reader.object(item, what: what, keys: configurationChoiceKeys),
        let type = reader.string(f["activityType"], required: "activityType", in: item, what: what),
        let name = reader.string(f["configuration"], required: "configuration", in: item, what: what)
      else { continue }
      if table.scene(name) == nil, let node = f["configuration"] {
        let ids = table.scenes.map(\.id)
        reader.error(
          .unknownScene, "no scene configuration is named '\(name)'.\(EditDistance.didYouMean(name, among: ids))",
          at: node.value.start)
      }
      choices.append(.init(activityType: type, configuration: name))
    }
    return choices
  }
}
