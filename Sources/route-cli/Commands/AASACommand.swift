import ActivityRouter
import CommandSupport

/// `route-cli aasa FILE URL...`: what an apple-app-site-association file says about each URL.
struct AASACommand: Command {
  static let configuration = CommandConfiguration(
    name: "aasa",
    abstract: "Check URLs against an apple-app-site-association file.",
    discussion: """
      Reads the file's applinks (details, components, defaults, substitution variables, legacy \
      paths) and prints one line per URL: opens, excluded or unclaimed, the details entry and \
      component that decided (index and pattern), and the app IDs. Without --app-id it answers \
      "which app opens this URL?". With --domain, URLs on other hosts are unclaimed, as on a \
      device. Verdicts are data: the exit status is 0 whatever they are, 1 when the file cannot \
      be read or has errors (printed as file:line:column on stderr). With --json each line is a \
      JSON object (docs/universal-links.md).
      """,
    usage: "route-cli aasa <file> <url> ... [--app-id <id>] [--domain <host>] [--json]")

  static let options: [OptionSpec] = [
    .argument("file", help: "The apple-app-site-association file (JSON)."),
    .argument("url", help: "The URLs to check.", arity: .oneOrMore),
    .option(
      "app-id", valueName: "id", help: "The app asked about, as <TeamID>.<BundleID>; default: any app in the file."),
    .option("domain", valueName: "host", help: "The domain the file is served for; URLs on other hosts are unclaimed."),
    .flag("json", help: "Write one JSON object per URL (NDJSON)."),
    .color,
  ]

  var file: String
  var urls: [String]
  var appID: String?
  var domain: String?
  var json: Bool
  var color: ColorChoice

  init(_ parsed: ParsedArguments) throws(UsageError) {
    file = parsed.positional("file") ?? ""
    urls = parsed.values("url")
    appID = parsed.value("app-id")
    json = parsed.flag("json")
    color = try parsed.converted("color", ColorChoice.init(rawValue:)) ?? .auto
    domain = try parsed.converted("domain", reason: "expected a host name such as example.com") {
      AppSiteAssociation.normalizedDomain($0)
    }
  }

  func run(_ context: CommandContext) -> ExitStatus {
    let loaded = AppSiteAssociation.load(path: context.resolve(file), domain: domain, displayName: file)
    if !loaded.diagnostics.isEmpty {
      let style: DiagnosticRenderer.Style = context.usesColor(color, on: .stderr) ? .ansi : .plain
      context.stderr.write(DiagnosticRenderer(sources: [loaded.source], style: style).render(loaded.diagnostics))
    }
    guard let association = loaded.association, !loaded.diagnostics.hasErrors else { return .failure }
    for (index, text) in urls.enumerated() {
      let line: String
      do {
        let url = try URLRecord(parsing: text)
        let verdict = association.evaluate(url, appID: appID)
        line = json ? jsonLine(index + 1, text, verdict) : textLine(text, verdict)
      } catch {
        line = json ? jsonLine(index + 1, text, error) : textLine(text, error)
      }
      // The text form quotes the URL argument and the AASA file (served by a web server): every
      // control, separator and bidirectional control is written visibly, on a terminal or not.
      context.stdout.write((json ? line : TerminalText.visible(line)) + "\n")
      if context.stdout.isBroken { break }
    }
    return .success
  }

  /// `URL: opens by details[0].components[1] {"/":"/buy/*"} (apps: A, B)`, or the reason when unclaimed.
  func textLine(_ url: String, _ verdict: AASAVerdict) -> String {
    guard let label = verdict.componentLabel, let pattern = verdict.componentText else {
      return "\(url): unclaimed [\(verdict.reason.rawValue)] \(verdict.message)"
    }
    let apps = verdict.appIDs.isEmpty ? "none" : verdict.appIDs.joined(separator: ", ")
    return "\(url): \(verdict.outcome.rawValue) by \(label) \(pattern) (apps: \(apps))"
  }

  /// `URL: error [invalid-url/no-scheme] column 1: message`.
  func textLine(_ url: String, _ error: URLReadError) -> String {
    "\(url): error [\(error.code)/\(error.reason)] column \(error.offset + 1): \(error.message)"
  }

  func jsonLine(_ line: Int, _ url: String, _ verdict: AASAVerdict) -> String {
    var object: JSONObject = ["line": .number(JSONNumber(line)), "url": .string(url)]
    object.members += verdict.json.members
    return JSONValue.object(object).description
  }

  func jsonLine(_ line: Int, _ url: String, _ error: URLReadError) -> String {
    let object: JSONObject = [
      "line": .number(JSONNumber(line)), "url": .string(url), "outcome": "error",
      "error": [
        "code": .string(error.code.rawValue), "reason": .string(error.reason.rawValue),
        "column": .number(JSONNumber(error.offset + 1)), "message": .string(error.message),
      ],
    ]
    return JSONValue.object(object).description
  }
}
