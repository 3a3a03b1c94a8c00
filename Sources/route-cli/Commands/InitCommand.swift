import ActivityRouter
import AppProject
import CommandSupport
import Foundation
import RouterSupport

/// `route-cli init PATH`: a route table read from an app project (docs/importing.md).
struct InitCommand: Command {
  static let configuration = CommandConfiguration(
    name: "init",
    abstract: "Write a route table from an app's Xcode project or Package.swift.",
    discussion: """
      Reads the project as Xcode builds it (targets, build settings and xcconfig files, the \
      Info.plist as it ships, the entitlements, the Swift sources) and writes a route table \
      whose every derived key is annotated with its origin in "$from"; "$next" lists what to \
      write by hand (the routes). Without --target, --configuration or --platform it picks, and \
      says what it picked among what. With -o FILE and an existing FILE, it updates the keys \
      "$from" names and keeps everything else; --check only reports the differences (exit \
      status 1 when there are some). Diagnostics go to stderr; the exit status is 1 when the \
      project has errors (the table is still written from the rest).
      """,
    usage:
      "route-cli init <path> [-o <file>] [--check] [--target <name>] [--configuration <name>] "
      + "[--platform <platform>] [--setting <name=value> ...] [--color <when>]")

  static let options: [OptionSpec] = [
    .argument("path", help: "The app: its folder, an .xcodeproj, or a Package.swift."),
    .option("output", short: "o", valueName: "file", help: "Write the table here (update it if it exists)."),
    .flag("check", help: "With -o, report how the table differs from the project; write nothing."),
    .option("target", valueName: "name", help: "The target to read (default: the first application target)."),
    .option("configuration", valueName: "name", help: "The build configuration (default: the target's default)."),
    .option(
      "platform", valueName: "platform",
      help: "The platform the table models (default: the first the target builds for).",
      values: Platform.allCases.map(\.rawValue)),
    .option(
      "setting", valueName: "name=value", help: "A build setting, as xcodebuild NAME=VALUE (repeatable).",
      isRepeatable: true),
    .color,
  ]

  var path: String
  var output: String?
  var check: Bool
  var importOptions: AppImport.Options
  var color: ColorChoice

  init(_ parsed: ParsedArguments) throws(UsageError) {
    path = parsed.positional("path") ?? "."
    output = parsed.value("output")
    check = parsed.flag("check")
    color = try parsed.converted("color", ColorChoice.init(rawValue:)) ?? .auto
    importOptions = try Self.importOptions(parsed)
    if check && output == nil { throw .validation("'--check' compares with a table: give it with '-o <file>'") }
  }

  /// The options `init` and `check --project` share.
  static func importOptions(_ parsed: ParsedArguments) throws(UsageError) -> AppImport.Options {
    var options = AppImport.Options(target: parsed.value("target"), configuration: parsed.value("configuration"))
    if parsed.spec("platform") != nil {
      options.platform = try parsed.converted("platform", Platform.init(rawValue:))
    }
    options.settings = try parsed.convertedValues("setting", reason: "expected NAME=VALUE") { text in
      guard let equals = text.firstIndex(of: "="), BuildSettingAssignment.isName(text[..<equals]) else { return nil }
      return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }
    return options
  }

  func run(_ context: CommandContext) -> ExitStatus {
    var options = importOptions
    options.environment = context.environment
    let imported = AppImport.load(path, options: options, currentDirectory: context.currentDirectory)
    if let usage = imported.usageError {
      context.stderr.write("Error: \(usage)\n")
      return .usageError
    }
    if !imported.choices.isEmpty {
      context.stderr.write("\(imported.projectName): \(imported.choices.map(\.summary).joined(separator: "; "))\n")
    }
    let style: DiagnosticRenderer.Style = context.usesColor(color, on: .stderr) ? .ansi : .plain
    var sources = imported.files.sources
    var diagnostics = imported.diagnostics
    guard let facts = imported.facts else {
      context.stderr.write(DiagnosticRenderer(sources: sources, style: style).render(diagnostics))
      context.stderr.write("\(imported.projectName): nothing to write\n")
      return .failure
    }
    // The existing table, when updating.
    var existing: SourceText?
    if let output {
      switch BoundedFileReader.read(context.resolve(output), kind: .table) {
      case .success(let bytes): existing = SourceText(file: output, bytes: bytes)
      case .failure(.system(_, ENOENT)): existing = nil
      case .failure(let failure): diagnostics.append(failure.diagnostic(reading: .table, output))
      }
    }
    if check && existing == nil {
      diagnostics.append(Diagnostic(.error, .unreadableFile, "cannot read the table '\(output ?? "")' to compare"))
    }
    let draft = TableDraft.write(facts, updating: existing)
    diagnostics += draft.diagnostics
    if let existing { sources.append(existing) }
    if check {
      return report(draft, existing: existing, diagnostics: diagnostics, sources: sources, style: style, context)
    }
    // The table must load and compile; anything else is a fault of init, said plainly.
    let written = SourceText(file: output ?? "<init>", text: draft.text)
    if !draft.text.isEmpty {
      let loaded = TableLoader.load(source: written)
      var problems = loaded.diagnostics.filter { $0.severity == .error }
      if let table = loaded.table, problems.isEmpty {
        problems = RouteCompiler.compile(table).diagnostics.filter { $0.severity == .error }
      }
      if !problems.isEmpty {
        sources.append(written)
        diagnostics += problems
        diagnostics.append(
          Diagnostic(
            .error, .invalidValue,
            "the table written does not pass 'route-cli check' (above): a key you wrote may refer to what the "
              + "project no longer has"))
      }
    }
    context.stderr.write(DiagnosticRenderer(sources: sources, style: style).render(diagnostics))
    guard !draft.text.isEmpty else { return .failure }
    if let output {
      do {
        try AtomicFile.write(Array(draft.text.utf8), to: context.resolve(output))
      } catch {
        context.stderr.write("error: cannot write '\(output)': \(error)\n")
        return .failure
      }
    } else {
      context.stdout.write(draft.text)
    }
    context.stderr.write(summary(facts, draft: draft, updated: existing != nil) + "\n")
    return diagnostics.hasErrors ? .failure : .success
  }

  /// `wrote App.routes.json: 3 scenes, …` or `the table: …`.
  func summary(_ facts: ProjectFacts, draft: TableDraft.Result, updated: Bool) -> String {
    func count(_ n: Int, _ what: String) -> String { "\(n) \(what)\(n == 1 ? "" : "s")" }
    var parts = [count(facts.scenes.count, "scene")]
    if !facts.urlSchemes.isEmpty { parts.append(count(facts.urlSchemes.count, "URL scheme")) }
    if !facts.activityTypes.isEmpty { parts.append(count(facts.activityTypes.count, "activity type")) }
    if !facts.associatedDomains.isEmpty { parts.append(count(facts.associatedDomains.count, "associated domain")) }
    let target = output.map { (updated ? "updated " : "wrote ") + $0 } ?? "the table"
    var text = "\(target): \(parts.joined(separator: ", "))"
    if updated {
      let changes = Dictionary(grouping: draft.differences, by: \.kind).mapValues(\.count)
      let kinds: [TableDraft.Difference.Kind] = [.added, .changed, .removed, .kept]
      let said = kinds.compactMap { kind in changes[kind].map { "\($0) \(kind.rawValue)" } }
      text += "; " + (said.isEmpty ? "no change from the project" : said.joined(separator: ", "))
    }
    let next = draft.text.contains("\"$next\"") ? "; what to write next is in \"$next\"" : ""
    return text + next
  }

  /// `--check`: each difference as a diagnostic at the table's place, then a count.
  func report(
    _ draft: TableDraft.Result, existing: SourceText?, diagnostics: [Diagnostic], sources: [SourceText],
    style: DiagnosticRenderer.Style, _ context: CommandContext
  ) -> ExitStatus {
    var all = diagnostics
    let top = existing.map { $0.location(at: 0) }
    for d in draft.differences {
      let code: DiagnosticCode =
        switch d.kind {
        case .added: .notInTable
        case .removed: .notInProject
        case .changed: .contradictsProject
        case .kept: .contradictsProject
        }
      all.append(Diagnostic(d.kind == .kept ? .note : .warning, code, d.description, at: d.location ?? top))
    }
    context.stderr.write(DiagnosticRenderer(sources: sources, style: style).render(all))
    let failing = draft.differences.filter { $0.kind != .kept }.count
    context.stdout.write(
      "\(output ?? ""): "
        + (failing == 0
          ? "the derived keys match the project"
          : "\(failing) difference\(failing == 1 ? "" : "s") from the project; 'route-cli init -o \(output ?? "")' updates it")
        + "\n")
    return failing > 0 || diagnostics.hasErrors ? .failure : .success
  }
}
