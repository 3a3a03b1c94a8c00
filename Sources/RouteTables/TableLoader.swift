import FoundationEssentials
public import RouterSupport

/// The result of loading a route table: the table built from every part that could be read,
/// and every diagnostic found on the way.
///
/// ```swift
/// let loaded = TableLoader.load(contentsOf: "Fixtures/Notes/Notes.routes.json")
/// if loaded.diagnostics.hasErrors { ... } else { let table = loaded.table! }
/// ```
public struct LoadedTable: Sendable {
  /// The table; nil only when the file could not be read or is not JSON at all.
  public var table: RouteTable?
  public var diagnostics: [Diagnostic]
  /// The source, for rendering diagnostics with their lines.
  public var source: SourceText
  /// The table and every file it references (Info.plist, AASA files), for rendering diagnostics.
  public var sources: [SourceText] = []
}

/// Reads route tables from JSON, reporting every error with file, line and column.
///
/// The format is documented in `docs/table-format.md` and described by the JSON Schema that
/// `route-cli schema` prints (``TableSchema``).
///
/// ```swift
/// let loaded = TableLoader.load(source: SourceText(file: "t.json", text: json))
/// for d in loaded.diagnostics { print(d) }   // t.json:4:14: error: ... [unknown-scene]
/// ```
public enum TableLoader {
  /// The top-level keys of a table.
  static let topLevelKeys = [
    "formatVersion", "app", "platform", "multipleScenes", "lifecycle", "scenes", "routes", "valueSets", "options",
    "policies",
    "configurationForConnecting", "appID", "infoPlist", "urlSchemes", "activityTypes", "associatedDomains",
  ]

  /// Loads a table file; `displayName` is the name diagnostics use (default: the path).
  public static func load(contentsOf path: String, displayName: String? = nil) -> LoadedTable {
    switch BoundedFileReader.read(path, kind: .table) {
    case .success(let bytes):
      return load(source: SourceText(file: displayName ?? path, bytes: bytes))
    case .failure(let failure):
      let source = SourceText(file: displayName ?? path, bytes: [])
      return LoadedTable(
        table: nil, diagnostics: [failure.diagnostic(reading: .table, displayName ?? path)], source: source)
    }
  }

  /// Loads a table from text already in memory.
  public static func load(source: SourceText) -> LoadedTable {
    load(source: source, routesInPlace: true)
  }

  /// Loads a table from text already in memory; with `routesInPlace`, the `routes` array is
  /// read from the bytes (no JSON tree built for it: ``readRoutes(inPlace:count:checked:table:_:)``), else
  /// from the tree, as `readTable(_:_:)` reads it. The table and the diagnostics are the same.
  package static func load(source: SourceText, routesInPlace: Bool) -> LoadedTable {
    if routesInPlace, let loaded = loadUnchecked(source: source) { return loaded }
    let root: JSONNode
    let deferred: (range: Range<Int>, count: Int)?
    do {
      if routesInPlace {
        (root, deferred) = try source.bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in
          try JSONParser.parse(buffer, deferring: "routes")
        }
      } else {
        (root, deferred) = (try JSONParser.parse(source.bytes), nil)
      }
    } catch {
      guard !ForeignFile.isForeign(source.bytes, as: .table) else {
        let d = ForeignFile.diagnostic(error.code, file: source.file, kind: .table, bytes: source.bytes)
        return LoadedTable(table: nil, diagnostics: [d], source: source)
      }
      return LoadedTable(table: nil, diagnostics: [error.diagnostic(in: source.lines)], source: source)
    }
    var reader = JSONFieldReader(source: source)
    var referenced: [SourceText] = []
    var unsure = false
    let table = readTable(
      root, &reader, referenced: &referenced, routesInPlace: deferred.map { ($0.range, $0.count, true) },
      unsure: &unsure)
    return LoadedTable(table: table, diagnostics: reader.diagnostics, source: source, sources: [source] + referenced)
  }

  /// The table loaded with its `routes` array unchecked by the JSON parser (taken to end where
  /// the table does when it is the last member, else found by its brackets) and checked as the
  /// in-place reader reads it: nil on any doubt (a JSON error
  /// anywhere, a route the reader cannot vouch for, no array deferred), for the caller to load
  /// the table checked. (The routes array's check before the read cost about 1,600
  /// instructions a route, reading every byte a second time.)
  ///
  /// ```swift
  /// let loaded = TableLoader.loadUnchecked(source: source) ?? TableLoader.load(source: source, routesInPlace: true)
  /// ```
  package static func loadUnchecked(source: SourceText) -> LoadedTable? {
    // The routes array taken to end where the table does (it is the last member, as tables
    // are written); when it ends earlier, the read in place finds it out: found by its brackets.
    let (loaded, assumed) = loadUnchecked(source: source, assumingLast: true)
    if let loaded { return loaded }
    return assumed ? loadUnchecked(source: source, assumingLast: false).loaded : nil
  }

  /// ``loadUnchecked(source:)``, the routes array taken to be the table's last member when the
  /// table ends so (`assumingLast`, ``JSONParser/parse(_:limits:deferring:checked:assumingLast:)``),
  /// else found by its brackets; and whether it was taken so (then a nil may only mean that
  /// the array ends earlier).
  private static func loadUnchecked(
    source: SourceText, assumingLast: Bool
  ) -> (loaded: LoadedTable?, assumed: Bool) {
    let parsed = try? source.bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in
      try JSONParser.parse(buffer, deferring: "routes", checked: false, assumingLast: assumingLast)
    }
    guard let parsed, let deferred = parsed.deferred else { return (nil, false) }
    var reader = JSONFieldReader(source: source)
    var referenced: [SourceText] = []
    var unsure = false
    let table = readTable(
      parsed.root, &reader, referenced: &referenced, routesInPlace: (deferred.range, deferred.count, false),
      unsure: &unsure)
    guard !unsure else { return (nil, deferred.assumed) }
    let loaded = LoadedTable(
      table: table, diagnostics: reader.diagnostics, source: source, sources: [source] + referenced)
    return (loaded, deferred.assumed)
  }

  package static func readTable(_ root: JSONNode, _ reader: inout JSONFieldReader) -> RouteTable? {
    var referenced: [SourceText] = []
    var unsure = false
    return readTable(root, &reader, referenced: &referenced, unsure: &unsure)
  }

  /// The table of `root`; `routesInPlace` is where the `routes` array is in the source, its
  /// number of routes (unchecked, an estimate, for room only), and whether the parser checked it, when the parser deferred it (its
  /// node is then an empty placeholder). `unsure` is set (and nil returned, the rest of the
  /// table not read) when an unchecked array might not be JSON the parser accepts.
  static func readTable(
    _ root: JSONNode, _ reader: inout JSONFieldReader, referenced: inout [SourceText],
    routesInPlace: (range: Range<Int>, count: Int, checked: Bool)? = nil, unsure: inout Bool
  ) -> RouteTable? {
    guard let fields = reader.object(root, what: "the route table", keys: topLevelKeys) else { return nil }
    if let version = reader.int(fields["formatVersion"]), version != 1 {
      reader.error(
        .invalidValue, "this version of ActivityRouter reads formatVersion 1, found \(version)",
        at: fields["formatVersion"]?.value.start ?? root.start)
    }
    let app = reader.string(fields["app"], required: "app", in: root, what: "the route table") ?? ""
    var platform = Platform.iPadOS
    if let member = fields["platform"] {
      platform = reader.choice(member, Platform.self) ?? platform
    } else {
      reader.missing("platform", in: root, what: "the route table")
    }
    let multipleScenes = reader.bool(fields["multipleScenes"]) ?? (platform == .macOS)
    let scenes = readScenes(fields["scenes"], root: root, &reader)
    let options = readOptions(fields["options"], &reader)
    var table = RouteTable(
      app: app, platform: platform, multipleScenes: multipleScenes, scenes: scenes, routes: [],
      options: options, source: reader.source.file)
    table.lifecycle = fields["lifecycle"].flatMap { reader.choice($0, RouteTable.Lifecycle.self) } ?? .swiftUI
    if table.lifecycle == .uiKit, let unnamed = table.scenes.first(where: { !$0.declaresID }) {
      // A UIKit configuration is chosen and recorded by its UISceneConfigurationName (K4).
      reader.error(
        .missingKey,
        "a UIKit scene configuration needs its 'id' (its UISceneConfigurationName, K4); '\(unnamed.id)' has none",
        at: unnamed.location?.offset ?? root.start)
    }
    table.policies = readPolicies(fields["policies"], &reader)
    table.configurationForConnecting = readConfigurationChoices(
      fields["configurationForConnecting"], table: table, &reader)
    table.scenes = table.scenes.map { scene in
      var scene = scene
      if let modifiers = scene.matchingModifiers {
        // S9, AMB14: the outermost application wins, or the union.
        scene.matching =
          table.policies.repeatedMatching == .outermost
          ? modifiers.last : Array(modifiers.joined())
      }
      return scene
    }
    table.valueSets = readValueSets(fields["valueSets"], &reader)
    if let routesInPlace {
      guard
        let routes = readRoutes(
          inPlace: routesInPlace.range, count: routesInPlace.count, checked: routesInPlace.checked, table: table,
          &reader)
      else {
        unsure = true
        return nil
      }
      table.routes = routes
    } else {
      table.routes = readRoutes(fields["routes"], root: root, table: table, &reader)
    }
    // W22: Window exists on macOS and visionOS (26+) only.
    if [.iOS, .iPadOS, .macCatalyst].contains(platform) {
      for scene in table.scenes where scene.kind == .window {
        reader.error(
          .invalidValue, "Window is not available on \(platform.rawValue); use a windowGroup (W22)",
          at: scene.location?.offset ?? root.start)
      }
    }
    readAppFiles(fields, into: &table, multipleScenesSet: fields["multipleScenes"], &reader, &referenced)
    return table
  }

  static func readOptions(_ member: JSONMember?, _ reader: inout JSONFieldReader) -> RoutingOptions {
    var options = RoutingOptions()
    guard let member,
      let fields = reader.object(member.value, what: "'options'", keys: optionKeys)
    else { return options }
    if let t = reader.choice(fields["trailingSlash"], RoutingOptions.TrailingSlash.self) { options.trailingSlash = t }
    if let c = reader.bool(fields["caseSensitivePaths"]) { options.caseSensitivePaths = c }
    if let p = reader.bool(fields["plusAsSpaceInQuery"]) { options.plusAsSpaceInQuery = p }
    return options
  }
}
