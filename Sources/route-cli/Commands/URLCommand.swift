import ActivityRouter
import CommandSupport

/// `route-cli url TABLE ROUTE [NAME=VALUE ...]`: reverse routing, the URL of a route.
struct URLCommand: Command {
  static let configuration = CommandConfiguration(
    name: "url",
    abstract: "Build the URL of a route from its parameters.",
    discussion: """
      Writes the route's URL with every value percent-encoded, and checks that routing it gives \
      back the same route and parameters (a value precedence would send elsewhere is an error). \
      Example: route-cli url Fixtures/Notes/Notes.routes.json search query='a&b c'
      """)

  static let options: [OptionSpec] = [
    .argument("table", help: "The route table."),
    .argument("route", help: "The route's name."),
    .argument("parameter", help: "A parameter as name=value.", arity: .variadic),
    .option(
      "pattern", valueName: "index", help: "Which of the route's URL patterns to use (0, the first, by default)."),
  ]

  var table: String
  var route: String
  var parameters: [String: String]
  var pattern: Int

  init(_ parsed: ParsedArguments) throws(UsageError) {
    table = parsed.positional("table") ?? ""
    route = parsed.positional("route") ?? ""
    pattern =
      try parsed.converted("pattern", reason: "expected a pattern index") { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
      ?? 0
    var values: [String: String] = [:]
    for text in parsed.values("parameter") {
      guard let equals = text.firstIndex(of: "=") else {
        throw parsed.invalidValue("parameter", text, reason: "expected name=value")
      }
      values[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    parameters = values
  }

  func run(_ context: CommandContext) -> ExitStatus {
    let loaded = RouterLoading.load(table, context: context)
    let errors = loaded.diagnostics.filter { $0.severity == .error }
    guard let router = loaded.router, errors.isEmpty else {
      RouterLoading.printDiagnostics(errors, loaded.source, context: context, color: .auto, more: loaded.sources)
      return .failure
    }
    do {
      context.stdout.write(try router.url(for: route, parameters: parameters, pattern: pattern) + "\n")
      return .success
    } catch {
      var message = "error: \(error.message) [\(error.code)]"
      if error.code == .unknownRoute {
        message +=
          EditDistance.suggestion(for: route, among: router.table.routes.map(\.name)).map { ". Did you mean '\($0)'?" }
          ?? ""
      }
      context.stderr.write(message + "\n")
      return .failure
    }
  }
}
