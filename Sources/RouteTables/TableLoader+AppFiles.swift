import AppleAppFiles
import RouterSupport

/// The files an app already has, referenced from the table: its Info.plist and the
/// apple-app-site-association file of each associated domain. What they say is merged with
/// what the table says; a conflict is a diagnostic that points at both places.
extension TableLoader {
  static func readAppFiles(
    _ fields: JSONFields, into table: inout RouteTable, multipleScenesSet: JSONMember?,
    _ reader: inout JSONFieldReader, _ referenced: inout [SourceText]
  ) {
    var claims = AppClaims()
    let what = "the route table"
    if let member = fields["appID"] { claims.appID = reader.string(member, in: member.value, what: what) }
    if let schemes = reader.strings(fields["urlSchemes"]) {
      claims.urlSchemes = schemes.map { $0.0.lowercased() }
      claims.declaresSchemes = true
    }
    if let types = reader.strings(fields["activityTypes"]) { claims.activityTypes = types.map(\.0) }
    if let member = fields["infoPlist"],
      let reference = TableFileReference.read(member.value, kind: .infoPlist, what: "'infoPlist'", &reader)
    {
      let loaded: LoadedInfoPlist
      switch reference {
      case .path(let path):
        let file = resolve(path, from: reader.source.file)
        loaded = InfoPlist.load(path: file, displayName: file)
      case .embedded(let name, let bytes):
        loaded = InfoPlist.parse(bytes: bytes, file: name)
      }
      // A file that cannot be read at all is reported where the table names it.
      reader.diagnostics += loaded.diagnostics.map { located($0, at: member.value.start, reader) }
      if let source = loaded.source { referenced.append(source) }
      if let plist = loaded.plist {
        claims.infoPlist = plist
        claims.urlSchemes += plist.urlSchemes.map { $0.value.lowercased() }.filter { !claims.urlSchemes.contains($0) }
        claims.declaresSchemes = true
        if let types = plist.userActivityTypes {
          claims.activityTypes =
            (claims.activityTypes ?? []) + types.map(\.value).filter { !(claims.activityTypes ?? []).contains($0) }
        }
        merge(plist, into: &table, multipleScenesSet: multipleScenesSet, &reader)
      }
    }
    if let member = fields["associatedDomains"] {
      readAssociatedDomains(member, into: &claims, &reader, &referenced)
    }
    table.claims = claims
  }

  /// `{"applinks:example.com": "path/to/apple-app-site-association" | null}`.
  static func readAssociatedDomains(
    _ member: JSONMember, into claims: inout AppClaims, _ reader: inout JSONFieldReader,
    _ referenced: inout [SourceText]
  ) {
    guard case .object(let entries) = member.value.kind else {
      reader.error(
        .wrongType,
        "'associatedDomains' must map entitlement entries ('applinks:example.com') to AASA file paths (or null)",
        at: member.value.start)
      return
    }
    for entry in entries {
      let domain: AssociatedDomain
      switch AssociatedDomain.parse(entry.key, at: reader.location(entry.keyStart + 1)) {
      case .success(let d): domain = d
      case .failure(let diagnostic):
        reader.diagnostics.append(diagnostic)
        continue
      }
      claims.associatedDomains.append(domain)
      if case .null = entry.value.kind { continue }
      guard
        let reference = TableFileReference.read(
          entry.value, kind: .aasa, what: "the AASA file of '\(entry.key)'", &reader)
      else { continue }
      let domainChecked = domain.includesSubdomains ? nil : domain.domain
      let loaded: LoadedAppSiteAssociation
      switch reference {
      case .path(let path):
        let file = resolve(path, from: reader.source.file)
        loaded = AppSiteAssociation.load(path: file, domain: domainChecked, displayName: file)
      case .embedded(let name, let bytes):
        loaded = AppSiteAssociation.parse(source: SourceText(file: name, bytes: bytes), domain: domainChecked)
      }
      reader.diagnostics += loaded.diagnostics.map { located($0, at: entry.value.start, reader) }
      referenced.append(loaded.source)
      if let association = loaded.association { claims.associations[domain] = association }
    }
  }

  /// A diagnostic without a position (a file that could not be read) placed at `offset` of the table.
  static func located(_ diagnostic: Diagnostic, at offset: Int, _ reader: JSONFieldReader) -> Diagnostic {
    guard diagnostic.location == nil else { return diagnostic }
    var placed = diagnostic
    placed.location = reader.location(offset)
    return placed
  }

  /// Merges the plist's scene manifest into the table; conflicts name both places.
  static func merge(
    _ plist: InfoPlist, into table: inout RouteTable, multipleScenesSet: JSONMember?, _ reader: inout JSONFieldReader
  ) {
    if let fromPlist = plist.sceneManifest?.supportsMultipleScenes {
      if let member = multipleScenesSet, case .bool(let fromTable) = member.value.kind, fromTable != fromPlist.value {
        reader.error(
          .conflictingDeclaration,
          "the table says multipleScenes \(fromTable), but the Info.plist's UIApplicationSupportsMultipleScenes is \(fromPlist.value)",
          at: member.value.start, notes: [.init("the Info.plist says \(fromPlist.value) here", at: fromPlist.location)])
      }
      if multipleScenesSet == nil { table.multipleScenes = fromPlist.value }
    }
    guard table.lifecycle == .uiKit, let manifest = plist.sceneManifest else { return }
    let configurations = manifest.roles.flatMap(\.configurations)
    for scene in table.scenes {
      guard let configuration = configurations.first(where: { $0.name?.value == scene.id }) else {
        reader.error(
          .conflictingDeclaration,
          "the configuration '\(scene.id)' is not in the Info.plist's UISceneConfigurations."
            + EditDistance.didYouMean(scene.id, among: configurations.compactMap(\.name?.value)),
          at: scene.location?.offset ?? 0,
          notes: [.init("the Info.plist declares its configurations here", at: manifest.roles.first?.name.location)])
        continue
      }
      // The plist often writes the class with its module ($(PRODUCT_MODULE_NAME).SceneDelegate).
      func bare(_ name: String) -> Substring { name.split(separator: ".").last ?? Substring(name) }
      if let fromTable = scene.delegateClass, let fromPlist = configuration.delegateClassName,
        bare(fromPlist.value) != bare(fromTable)
      {
        reader.error(
          .conflictingDeclaration,
          "the table gives '\(scene.id)' the delegate class '\(fromTable)', the Info.plist '\(fromPlist.value)'",
          at: scene.location?.offset ?? 0,
          notes: [.init("the Info.plist's UISceneDelegateClassName", at: fromPlist.location)])
      }
    }
  }

  /// A path relative to the directory of `file`.
  static func resolve(_ path: String, from file: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    let directory = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    return FilePaths.normalize(directory.isEmpty ? path : directory + "/" + path)
  }
}
