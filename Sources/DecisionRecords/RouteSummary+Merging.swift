public import RouteMatcher
package import RouterSupport
import SceneDecision

extension RouteSummary {
  /// Adds the counts of `other`, a summary of other lines of the same table: the summary of both
  /// inputs, as one ``LineRouter`` over them would count it.
  ///
  /// Shards of one input, each counted on its own (threads, processes, machines), merge into the
  /// summary of the whole, whatever the order.
  ///
  /// ```swift
  /// var total = RouteSummary(router: router)
  /// for shard in shards { total.merge(shard) }
  /// print(total.text)   // the text of one run over every shard's lines
  /// ```
  public mutating func merge(_ other: RouteSummary) {
    precondition(routeNames == other.routeNames, "summaries of different tables")
    lines = Self.sum(lines, other.lines)
    for (kind, n) in other.events { kinds[kind] = Self.sum(kinds[kind, default: 0], n) }
    for (code, n) in other.errors { errors[code] = Self.sum(errors[code, default: 0], n) }
    for (reason, n) in other.notForApp { notForApp[reason] = Self.sum(notForApp[reason, default: 0], n) }
    for index in linesByRoute.indices {
      linesByRoute[index] = Self.sum(linesByRoute[index], other.linesByRoute[index])
    }
    unmatched = Self.sum(unmatched, other.unmatched)
  }

  /// `a + b`, or `Int.max` past it (merging never traps).
  private static func sum(_ a: Int, _ b: Int) -> Int {
    let (total, overflow) = a.addingReportingOverflow(b)
    return overflow ? Int.max : total
  }

  /// Reads the summaries in `source`, one JSON object a line as `route-cli route TABLE --stats
  /// --json` writes them (several shards' outputs concatenated), for the routes of `router`.
  ///
  /// Every line is read; each mistake is a diagnostic at its line and column (a count that is not
  /// a whole number from 0 to 2^53 − 1, a route the table does not have, `matched` other than the
  /// sum of `rules`, a line that is not such a summary). The summaries read are those of the lines
  /// without errors.
  package static func read(_ source: SourceText, router: CompiledRouter) -> (
    summaries: [RouteSummary], diagnostics: [Diagnostic]
  ) {
    var summaries: [RouteSummary] = []
    var diagnostics: [Diagnostic] = []
    // A file of another kind is named, never quoted (docs/security.md).
    if ForeignFile.isForeign(source.bytes, as: .summary) {
      return ([], [ForeignFile.diagnostic(.jsonSyntax, file: source.file, kind: .summary, bytes: source.bytes)])
    }
    var lineStart = 0
    let bytes = source.bytes
    while lineStart < bytes.count {
      var lineEnd = lineStart
      while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
      let line = Array(bytes[lineStart..<lineEnd])
      let offset = lineStart
      lineStart = lineEnd + 1
      guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
      var reader = SummaryReader(source: source, base: offset, router: router)
      do {
        let root = try JSONParser.parse(line)
        if let summary = reader.read(root), reader.diagnostics.isEmpty { summaries.append(summary) }
      } catch {
        reader.diagnostics.append(
          Diagnostic(.error, error.code, error.message, at: source.location(at: offset + error.offset)))
      }
      diagnostics += reader.diagnostics
    }
    if summaries.isEmpty && diagnostics.isEmpty {
      diagnostics.append(
        Diagnostic(
          .error, .missingKey, "no summary: expected the output of 'route-cli route TABLE --stats --json'",
          at: SourceLocation(file: source.file, line: 0, column: 0, offset: 0)))
    }
    return (summaries, diagnostics)
  }
}

/// Reads one `--stats --json` line into a ``RouteSummary``, with positioned diagnostics.
private struct SummaryReader {
  let source: SourceText
  /// The offset of the line in the source.
  let base: Int
  let router: CompiledRouter
  var diagnostics: [Diagnostic] = []

  static let keys = ["lines", "events", "errors", "matched", "noRoute", "notForApp", "rules"]

  mutating func read(_ root: JSONNode) -> RouteSummary? {
    guard case .object(let members) = root.kind else {
      error(.wrongType, "expected a summary object, found \(root.typeName)", at: root.start)
      return nil
    }
    var summary = RouteSummary(router: router)
    for member in members where !Self.keys.contains(member.key) {
      error(
        .unknownKey,
        "unknown key '\(member.key)' in a summary\(Self.suggestion(member.key, Self.keys))",
        at: member.keyStart)
    }
    for key in Self.keys where !members.contains(where: { $0.key == key }) {
      error(.missingKey, "a summary has '\(key)'; this one does not", at: root.start)
    }
    var matched: (Int, Int)?
    for member in members {
      switch member.key {
      case "lines": if let n = count(member.value) { summary.lines = n }
      case "matched": if let n = count(member.value) { matched = (n, member.value.start) }
      case "noRoute": if let n = count(member.value) { summary.unmatched = n }
      case "events": summary.kinds = counts(member.value)
      case "errors": summary.errors = counts(member.value)
      case "notForApp": summary.notForApp = counts(member.value)
      case "rules":
        for (name, n, start) in namedCounts(member.value) {
          guard let index = summary.routeNames.firstIndex(of: name) else {
            error(
              .invalidValue,
              "'\(name)' is not a route of the table\(Self.suggestion(name, summary.routeNames))",
              at: start)
            continue
          }
          summary.linesByRoute[index] = n
        }
      default: break
      }
    }
    if let (n, start) = matched, diagnostics.isEmpty, n != summary.linesByRoute.reduce(0, +) {
      error(
        .invalidValue,
        "'matched' is \(n), but the routes' counts in 'rules' add up to \(summary.linesByRoute.reduce(0, +))",
        at: start)
    }
    return summary
  }

  /// `. Did you mean 'x'?`, or nothing.
  static func suggestion(_ name: String, _ candidates: [String]) -> String {
    EditDistance.suggestion(for: name, among: candidates).map { ". Did you mean '\($0)'?" } ?? ""
  }

  /// A whole number from 0 to 2^53 − 1.
  mutating func count(_ node: JSONNode) -> Int? {
    if case .number(let number) = node.kind, let value = number.int64Value, SessionNumbers.range.contains(Int(value)) {
      return Int(value)
    }
    error(.invalidValue, "expected a count, a whole number from 0 to \(SessionNumbers.maximum)", at: node.start)
    return nil
  }

  mutating func counts(_ node: JSONNode) -> [String: Int] {
    var result: [String: Int] = [:]
    for (name, n, _) in namedCounts(node) { result[name] = n }
    return result
  }

  mutating func namedCounts(_ node: JSONNode) -> [(String, Int, Int)] {
    guard case .object(let members) = node.kind else {
      error(.wrongType, "expected an object of counts, found \(node.typeName)", at: node.start)
      return []
    }
    return members.compactMap { member in count(member.value).map { (member.key, $0, member.keyStart) } }
  }

  mutating func error(_ code: DiagnosticCode, _ message: String, at offset: Int) {
    diagnostics.append(Diagnostic(.error, code, message, at: source.location(at: base + offset)))
  }
}
