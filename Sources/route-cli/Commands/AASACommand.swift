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
      "which app opens this URL?". With --domain (repeatable: the domains that serve the same \
      file), URLs on other hosts are unclaimed, as on a device. The file may come from standard \
      input ('-', as from curl); without URL arguments the URLs are read from standard input, \
      one a line. Verdicts are data: the exit status is 0 whatever they are, 1 when the file \
      cannot be read or has errors (printed as file:line:column on stderr). With --json each \
      line is a JSON object (docs/universal-links.md).
      """,
    usage: "route-cli aasa <file> [<url> ...] [--app-id <id>] [--domain <host> ...] [--json]")

  static let options: [OptionSpec] = [
    .argument("file", help: "The apple-app-site-association file (JSON); '-' reads it from standard input."),
    .argument(
      "url", help: "The URLs to check; none: one URL a line from standard input.", arity: .variadic,
      acceptsBytes: true),
    .option(
      "app-id", valueName: "id", help: "The app asked about, as <TeamID>.<BundleID>; default: any app in the file."),
    .option(
      "domain", valueName: "host",
      help: "A domain the file is served for (repeatable); URLs on other hosts are unclaimed.", isRepeatable: true),
    .flag("json", help: "Write one JSON object per URL (NDJSON)."),
    .color,
  ]

  var file: String
  /// The URL arguments, as bytes: an argument that is not UTF-8 is an error line, as on stdin.
  var urls: [[UInt8]]
  var appID: String?
  /// The normalized `--domain` hosts, in order.
  var domains: [String]
  var json: Bool
  var color: ColorChoice

  init(_ parsed: ParsedArguments) throws(UsageError) {
    file = parsed.positional("file") ?? ""
    urls = parsed.byteValues("url")
    appID = parsed.value("app-id")
    json = parsed.flag("json")
    color = try parsed.converted("color", ColorChoice.init(rawValue:)) ?? .auto
    domains = []
    for host in try parsed.convertedValues(
      "domain", reason: "expected a host name such as example.com", AppSiteAssociation.normalizedDomain)
    where !domains.contains(host) {
      domains.append(host)
    }
    if file == "-" && urls.isEmpty {
      throw .validation(
        "the file and the URLs cannot both come from standard input; name the file or give URLs as arguments")
    }
  }

  func run(_ context: CommandContext) -> ExitStatus {
    let loaded = load(context)
    if !loaded.diagnostics.isEmpty {
      let style: DiagnosticRenderer.Style = context.usesColor(color, on: .stderr) ? .ansi : .plain
      context.stderr.write(DiagnosticRenderer(sources: [loaded.source], style: style).render(loaded.diagnostics))
    }
    guard let association = loaded.association, !loaded.diagnostics.hasErrors else { return .failure }
    if !urls.isEmpty {
      for (index, url) in urls.enumerated() {
        url.withUnsafeBufferPointer { write(index + 1, $0, association, context) }
        if context.stdout.isBroken { break }
      }
      return .success
    }
    var reader = LineReader(source: context.stdin)
    reader.forEachLine { line in
      if line.isTooLong {
        let error = URLReadError(
          .invalidURL, .tooLong, at: LineReader.defaultLineLimit,
          "the line is \(line.length) bytes long; the limit is \(LineReader.defaultLineLimit) bytes")
        write(line.number, "", .failure(error), context)
      } else {
        write(line.number, line.bytes, association, context)
      }
    }
    if let failure = reader.readFailure {
      context.stderr.write("error: cannot read standard input: \(failure)\n")
      return .failure
    }
    return .success
  }

  /// The file, from its path or from standard input (`-`), read with the AASA bound.
  private func load(_ context: CommandContext) -> LoadedAppSiteAssociation {
    // Several domains serve the same file: the host check is made per URL (`verdict`).
    let domain = domains.count == 1 ? domains[0] : nil
    guard file == "-" else {
      return AppSiteAssociation.load(path: context.resolve(file), domain: domain, displayName: file)
    }
    var input = context.stdin
    do {
      let bytes = try input.readAll(limit: FileKind.aasa.limit)
      return AppSiteAssociation.parse(source: SourceText(file: "<stdin>", bytes: bytes), domain: domain)
    } catch {
      let message: String
      switch error {
      case .tooLarge(let limit): message = "the file is larger than \(limit) bytes, the limit for \(FileKind.aasa)"
      case .failed(let failure): message = "\(failure)"
      }
      let d = Diagnostic(.error, .unreadableFile, "cannot read the file from standard input: \(message)")
      return LoadedAppSiteAssociation(
        association: nil, diagnostics: [d], source: SourceText(file: "<stdin>", bytes: []))
    }
  }

  /// Reads one URL (its bytes: invalid UTF-8 is the reader's `invalid-utf8` error) and writes its line.
  private func write(
    _ number: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ association: AppSiteAssociation, _ context: CommandContext
  ) {
    let text = String(decoding: bytes, as: UTF8.self)
    let result = URLSyntax.parse(bytes).flatMap { _ -> Result<AASAVerdict, URLReadError> in
      Result { () throws(URLReadError) in verdict(try URLRecord(parsing: text), association) }
    }
    write(number, text, result, context)
  }

  private func write(
    _ number: Int, _ url: String, _ result: Result<AASAVerdict, URLReadError>, _ context: CommandContext
  ) {
    let line: String
    switch result {
    case .success(let verdict): line = json ? jsonLine(number, url, verdict) : textLine(url, verdict)
    case .failure(let error): line = json ? jsonLine(number, url, error) : textLine(url, error)
    }
    // The text form quotes the URL argument and the AASA file (served by a web server): every
    // control, separator and bidirectional control is written visibly, on a terminal or not.
    context.stdout.write((json ? line : TerminalText.visible(line)) + "\n")
  }

  /// The file's verdict on `url`. With several `--domain`s the file is the one each of them
  /// serves: a URL on one of them is checked as that domain's; on none, it is unclaimed, and the
  /// message names them all.
  func verdict(_ url: URLRecord, _ association: AppSiteAssociation) -> AASAVerdict {
    guard domains.count > 1 else { return association.evaluate(url, appID: appID) }
    var served = association
    let host = url.normalizedHost ?? ""
    served.domain = domains.contains(host) ? host : domains[0]
    var verdict = served.evaluate(url, appID: appID)
    if verdict.reason == .hostMismatch {
      let names = domains.map { "'\($0)'" }.joined(separator: ", ")
      verdict.message = "the file of \(names) does not apply to the host '\(host)'"
    }
    return verdict
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
