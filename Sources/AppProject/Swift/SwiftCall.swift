/// A call or initializer expression in the token stream, `Name(args) { closure } label: { … }`,
/// and the modifiers chained after it, `.modifier(args)`.
///
/// ```swift
/// // WindowGroup("Note", id: "note", for: Note.ID.self) { $id in … }.handlesExternalEvents(matching: ["note"])
/// let call = SwiftCall.parse(tokens, at: k)!
/// call.name                          // "WindowGroup"
/// call.argument("id")                // the token range of "note"
/// call.trailingClosures.count        // 1
/// call.modifiers.first?.name         // "handlesExternalEvents"
/// ```
package struct SwiftCall: Sendable {
  /// One argument: its label (nil for none) and the token range of its value.
  package struct Argument: Sendable {
    package var label: String?
    package var range: Range<Int>
  }

  /// A closure after the call, with its label (`defaultValue:`) or none.
  package struct Closure: Sendable {
    package var label: String?
    /// The indices of its `{` and `}`.
    package var open: Int
    package var close: Int
  }

  /// `.name(args) { … }` after the call.
  package struct Modifier: Sendable {
    package var name: String
    package var nameIndex: Int
    package var arguments: [Argument]
    package var trailingClosures: [Closure]
  }

  /// The dotted name, as written (`WindowGroup`, `Foo.Bar`).
  package var name: String
  package var nameIndex: Int
  package var arguments: [Argument]
  package var hasParentheses: Bool
  package var trailingClosures: [Closure]
  package var modifiers: [Modifier]
  /// The index after the whole expression.
  package var end: Int

  /// The value range of the argument labelled `label`.
  package func argument(_ label: String) -> Range<Int>? {
    arguments.first { $0.label == label }?.range
  }

  /// The first unlabelled argument.
  package var firstUnlabelled: Range<Int>? { arguments.first { $0.label == nil }?.range }

  /// The closure labelled `label` (nil: the unlabelled trailing one), or an argument that is a closure.
  package func closure(_ label: String?, in tokens: [SwiftToken]) -> Closure? {
    if let c = trailingClosures.first(where: { $0.label == label }) { return c }
    if let label, let range = argument(label), !range.isEmpty, tokens[range.lowerBound].is("{") {
      return Closure(label: label, open: range.lowerBound, close: range.upperBound - 1)
    }
    return nil
  }

  /// Reads the expression whose name starts at `k`; nil when `k` is not a name.
  package static func parse(_ tokens: [SwiftToken], at k: Int, limit: Int? = nil) -> SwiftCall? {
    let end = limit ?? tokens.count
    guard k < end, tokens[k].kind == .identifier else { return nil }
    var name = tokens[k].text
    var j = k + 1
    while j + 1 < end, tokens[j].is("."), tokens[j + 1].kind == .identifier, !tokens[j].newlineBefore,
      tokens[j + 1].text.first?.isUppercase == true
    {
      name += "." + tokens[j + 1].text
      j += 2
    }
    var call = SwiftCall(
      name: name, nameIndex: k, arguments: [], hasParentheses: false, trailingClosures: [], modifiers: [], end: j)
    if j < end, tokens[j].is("("), !tokens[j].newlineBefore {
      let close = SwiftIndex.closing(tokens, from: j)
      call.arguments = arguments(tokens, from: j + 1, to: close)
      call.hasParentheses = true
      j = close + 1
    }
    (call.trailingClosures, j) = closures(tokens, from: j, limit: end)
    call.modifiers = []
    while j + 1 < end, tokens[j].is("."), tokens[j + 1].kind == .identifier {
      var modifier = Modifier(name: tokens[j + 1].text, nameIndex: j + 1, arguments: [], trailingClosures: [])
      j += 2
      if j < end, tokens[j].is("("), !tokens[j].newlineBefore {
        let close = SwiftIndex.closing(tokens, from: j)
        modifier.arguments = arguments(tokens, from: j + 1, to: close)
        j = close + 1
      }
      (modifier.trailingClosures, j) = closures(tokens, from: j, limit: end)
      call.modifiers.append(modifier)
    }
    call.end = j
    return call
  }

  /// The trailing closures from `j`: `{ … }` on the same line, then `label: { … }`.
  private static func closures(_ tokens: [SwiftToken], from start: Int, limit: Int) -> ([Closure], Int) {
    var j = start
    var out: [Closure] = []
    if j < limit, tokens[j].is("{"), !tokens[j].newlineBefore {
      let close = SwiftIndex.closing(tokens, from: j)
      out.append(Closure(label: nil, open: j, close: close))
      j = close + 1
      while j + 2 < limit, tokens[j].kind == .identifier, tokens[j + 1].is(":"), tokens[j + 2].is("{") {
        let close = SwiftIndex.closing(tokens, from: j + 2)
        out.append(Closure(label: tokens[j].text, open: j + 2, close: close))
        j = close + 1
      }
    }
    return (out, j)
  }

  /// The arguments between `(` and `)`.
  package static func arguments(_ tokens: [SwiftToken], from start: Int, to end: Int) -> [Argument] {
    var out: [Argument] = []
    var k = start
    var pieceStart = start
    var depth = 0
    func flush(_ upTo: Int) {
      guard pieceStart < upTo else { return }
      if upTo - pieceStart >= 2, tokens[pieceStart].kind == .identifier, tokens[pieceStart + 1].is(":") {
        out.append(Argument(label: tokens[pieceStart].text, range: (pieceStart + 2)..<upTo))
      } else {
        out.append(Argument(label: nil, range: pieceStart..<upTo))
      }
    }
    while k < end {
      let t = tokens[k]
      if t.is("(") || t.is("[") || t.is("{") { depth += 1 }
      if t.is(")") || t.is("]") || t.is("}") { depth -= 1 }
      if depth == 0 && t.is(",") {
        flush(k)
        pieceStart = k + 1
      }
      k += 1
    }
    flush(end)
    return out
  }

  /// The tokens of `range` written back as code, shortened to `limit` characters.
  package static func text(_ tokens: [SwiftToken], _ range: Range<Int>, limit: Int = 80) -> String {
    var out = ""
    var previous: SwiftToken?
    for k in range {
      let t = tokens[k]
      let piece = t.kind == .string ? (t.isInterpolated ? "\"…\"" : "\"\(t.text)\"") : t.text
      if let p = previous {
        let tight =
          t.is(",") || t.is(")") || t.is("]") || t.is(".") || t.is(":") || t.is("?") || t.is("!") || p.is("(")
          || p.is("[") || p.is(".") || p.is("\\") || p.is("@") || (t.is("(") && p.kind == .identifier)
          || (t.is("[") && p.kind == .identifier)
        out += tight ? piece : " " + piece
      } else {
        out += piece
      }
      previous = t
      if out.count > limit { return String(out.prefix(limit)) + "…" }
    }
    return out
  }
}
