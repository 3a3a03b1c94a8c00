// link-resolver: answers deep links and user activities sent over a Unix domain socket with
// ActivityRouter decisions, one NDJSON record per request line (Examples/README.md).
import ActivityRouter
import Glibc

let usage = """
  USAGE: link-resolver --socket <path> [--table <file>] [--stateful] [--explain]
                       [--max-connections <n>] [--idle-timeout <seconds>] [--max-line-bytes <n>]

  Listens on a Unix domain socket. Each connection writes request lines (a URL, or a JSON event
  as route-cli reads them) and reads one NDJSON decision record per line, in order. Without
  --table it routes with the Notes table built in code. With --stateful each connection keeps
  the sessions its decisions open, starting from none; without it every line is decided alone.
  SIGINT or SIGTERM stops the server and removes the socket file.

  """

struct Options {
  var socket = ""
  var table: String?
  var stateful = false
  var explain = false
  var limits = SocketServer.Limits()

  /// Parses the arguments; a message for the usage error otherwise.
  init(_ arguments: ArraySlice<String>) throws(UsageError) {
    var rest = arguments
    func value(_ name: String) throws(UsageError) -> String {
      guard let value = rest.popFirst() else { throw UsageError("\(name) needs a value") }
      return value
    }
    func number(_ name: String) throws(UsageError) -> Int {
      let text = try value(name)
      guard let n = Int(text), n > 0 else { throw UsageError("\(name) needs a positive number, not '\(text)'") }
      return n
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--socket": socket = try value(argument)
      case "--table": table = try value(argument)
      case "--stateful": stateful = true
      case "--explain": explain = true
      case "--max-connections": limits.maxConnections = try number(argument)
      case "--idle-timeout": limits.idleTimeoutSeconds = try number(argument)
      case "--max-line-bytes": limits.maxLineBytes = try number(argument)
      case "-h", "--help": throw UsageError(nil)
      default: throw UsageError("unknown argument '\(argument)'")
      }
    }
    if socket.isEmpty { throw UsageError("--socket is required") }
  }
}

struct UsageError: Error {
  var message: String?
  init(_ message: String?) { self.message = message }
}

/// Writes a line to standard error.
func log(_ message: String) {
  let text = Array((message.hasSuffix("\n") ? message : message + "\n").utf8)
  text.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
}

func fail(_ message: String, status: Int32) -> Never {
  log(message)
  exit(status)
}

let options: Options
do {
  options = try Options(CommandLine.arguments.dropFirst())
} catch {
  guard let message = error.message else {
    print(usage, terminator: "")
    exit(0)
  }
  fail("link-resolver: \(message)\n\(usage)", status: 64)
}

// Compile once; every connection shares the immutable router.
let router: CompiledRouter
if let path = options.table {
  switch RouterSetup.load(path) {
  case .success(let loaded): router = loaded
  case .failure(let diagnostics): fail(diagnostics.text, status: 1)
  }
} else {
  do { router = try RouterSetup.builtIn() } catch { fail("link-resolver: the built-in table: \(error)", status: 1) }
}

signal(SIGPIPE, SIG_IGN)
for stopSignal in [SIGINT, SIGTERM] {
  signal(stopSignal) { _ in stopRequested.store(true, ordering: .relaxed) }
}

let resolver = Resolver(router: router, stateful: options.stateful, explain: options.explain)
let server: SocketServer
do {
  server = try SocketServer(path: options.socket, resolver: resolver, limits: options.limits)
} catch {
  fail("link-resolver: \(error)", status: 1)
}
let mode = options.stateful ? "stateful per connection" : "stateless"
log("link-resolver: listening on \(options.socket) (\(router.table.app): \(router.table.routes.count) routes, \(mode))")
server.run()
log("link-resolver: stopped")
