import ActivityRouter
import CommandSupport

/// `route-cli bundle TABLE [-o FILE]`: the table with the files it names embedded, one file that
/// loads anywhere.
struct BundleCommand: Command {
  static let configuration = CommandConfiguration(
    name: "bundle",
    abstract: "Write a table with the Info.plist and AASA files it names embedded in it.",
    discussion: """
      A table that names the app's files ('infoPlist', the AASA files of 'associatedDomains') \
      loads only where those paths resolve. The bundle carries them: each path becomes \
      {"file", "contents"} (text) or {"file", "base64"} (a binary plist), so the one file routes \
      exactly as the table does from any folder or machine (a Spark or Hadoop task, a container). \
      The table must load without errors; the bundle is loaded again before it is written. \
      Without -o the bundle goes to standard output. \
      Example: route-cli bundle Fixtures/Notes/Notes.routes.json -o notes.bundle.json
      """)

  static let options: [OptionSpec] = [
    .argument("table", help: "The route table."),
    .option("output", short: "o", valueName: "file", help: "Write the bundle here (default: standard output)."),
    .color,
  ]

  var table: String
  var output: String?
  var color: ColorChoice

  init(_ parsed: ParsedArguments) throws(UsageError) {
    table = parsed.positional("table") ?? ""
    output = parsed.value("output")
    color = try parsed.converted("color", ColorChoice.init(rawValue:)) ?? .auto
  }

  func run(_ context: CommandContext) -> ExitStatus {
    let loaded = RouterLoading.load(table, context: context)
    let errors = loaded.diagnostics.filter { $0.severity == .error }
    guard loaded.router != nil, errors.isEmpty else {
      RouterLoading.printDiagnostics(errors, loaded.source, context: context, color: color, more: loaded.sources)
      return .failure
    }
    let bundled: [UInt8]
    switch TableBundle.make(loaded.source, resolve: context.resolve) {
    case .success(let bytes): bundled = bytes
    case .failure(let diagnostic):
      RouterLoading.printDiagnostics([diagnostic], loaded.source, context: context, color: color)
      return .failure
    }
    // The bundle must say what the table says: loaded again, from nowhere in particular.
    let again = TableLoader.load(source: SourceText(file: output ?? "<bundle>", bytes: bundled))
    guard let table = again.table, let original = loaded.table, !again.diagnostics.hasErrors,
      Self.sameApp(table.claims, original.claims), table.routes.count == original.routes.count,
      table.scenes.count == original.scenes.count, table.multipleScenes == original.multipleScenes
    else {
      context.stderr.write("error: the bundle does not load as the table does; please report this [internal-error]\n")
      return .failure
    }
    guard let output else {
      context.stdout.write(bundled)
      return .success
    }
    do {
      try AtomicFile.write(bundled, to: context.resolve(output))
    } catch {
      context.stderr.write("error: cannot write '\(output)': \(error)\n")
      return .failure
    }
    return .success
  }

  /// Whether two tables' app files say the same: schemes, activity types, domains and their files.
  static func sameApp(_ a: AppClaims, _ b: AppClaims) -> Bool {
    a.appID == b.appID && a.urlSchemes == b.urlSchemes && a.declaresSchemes == b.declaresSchemes
      && a.activityTypes == b.activityTypes
      && a.associatedDomains.map(\.description) == b.associatedDomains.map(\.description)
      && Set(a.associations.keys.map(\.description)) == Set(b.associations.keys.map(\.description))
      && (a.infoPlist == nil) == (b.infoPlist == nil)
  }
}
