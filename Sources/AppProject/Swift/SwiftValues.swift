package import AppleAppFiles
package import RouterSupport

/// Reads the values the scanners need out of argument token ranges: strings (literals and
/// string constants), lists of strings, type names, a literal JSON value, content types. Every
/// reader returns nil for anything it cannot know from the text, never a guess.
///
/// ```swift
/// let values = SwiftValues(index: index, file: 0)
/// values.stringList(range)?.map(\.value)   // ["plant"] for `["plant"]` or `Set(["plant"])`
/// values.type(range)?.value                // "Plant.ID" for `Plant.ID.self`
/// ```
package struct SwiftValues {
  let index: SwiftIndex
  let file: Int

  package init(index: SwiftIndex, file: Int) {
    self.index = index
    self.file = file
  }

  var tokens: [SwiftToken] { index.files[file].tokens }

  /// A literal, a constant, or `Text("…")` / `LocalizedStringKey("…")` around one.
  package func string(_ range: Range<Int>) -> Located<String>? {
    if let s = index.string(at: range, in: file) { return s }
    guard range.count >= 4, tokens[range.lowerBound].kind == .identifier,
      ["Text", "LocalizedStringKey", "String", "LocalizedStringResource"].contains(tokens[range.lowerBound].text),
      tokens[range.lowerBound + 1].is("("), tokens[range.upperBound - 1].is(")")
    else { return nil }
    let inner = SwiftCall.arguments(tokens, from: range.lowerBound + 2, to: range.upperBound - 1)
    guard let first = inner.first, first.label == nil || first.label == "verbatim" else { return nil }
    return index.string(at: first.range, in: file)
  }

  /// `Plant.ID.self` → `Plant.ID`; `UUID?.self` → `UUID?`.
  package func type(_ range: Range<Int>) -> Located<String>? {
    guard range.count >= 3, tokens[range.upperBound - 1].isIdentifier("self"), tokens[range.upperBound - 2].is(".")
    else { return nil }
    let typeRange = range.lowerBound..<(range.upperBound - 2)
    return Located(SwiftCall.text(tokens, typeRange, limit: 200), at: index.files[file].location(range.lowerBound))
  }

  /// One literal (string, integer, `true`, `false`) as JSON, optionally after `return`.
  package func literalJSON(_ range: Range<Int>) -> Located<JSONValue>? {
    var range = range
    if let first = range.first, tokens[first].isIdentifier("return") { range = (first + 1)..<range.upperBound }
    guard let k = range.first else { return nil }
    let location = index.files[file].location(k)
    if range.count == 1 {
      let t = tokens[k]
      if let s = t.literal { return Located(.string(s), at: location) }
      if t.kind == .number, let n = Int64(t.text.replacingUnderscores) {
        return Located(.number(JSONNumber(n)), at: location)
      }
      if t.isIdentifier("true") || t.isIdentifier("false") { return Located(.bool(t.text == "true"), at: location) }
    }
    if range.count == 2, tokens[k].is("-") || tokens[k].text == "-", tokens[k + 1].kind == .number,
      let n = Int64("-" + tokens[k + 1].text.replacingUnderscores)
    {
      return Located(.number(JSONNumber(n)), at: location)
    }
    return nil
  }

  /// `["a", kB]`, `Set(["a"])`, `Set<String>(["a"])`, `[]`; nil for anything computed.
  package func stringList(_ range: Range<Int>) -> [Located<String>]? {
    var range = range
    if let first = range.first, tokens[first].isIdentifier("Set") {
      var j = first + 1
      if j < range.upperBound, tokens[j].kind == .operator, tokens[j].text.hasPrefix("<") {
        while j < range.upperBound, !tokens[j].is("(") { j += 1 }
      }
      guard j < range.upperBound, tokens[j].is("("), tokens[range.upperBound - 1].is(")") else { return nil }
      range = (j + 1)..<(range.upperBound - 1)
    }
    guard range.count >= 2, tokens[range.lowerBound].is("["), tokens[range.upperBound - 1].is("]") else { return nil }
    var out: [Located<String>] = []
    for argument in SwiftCall.arguments(tokens, from: range.lowerBound + 1, to: range.upperBound - 1) {
      guard argument.label == nil, let s = string(argument.range) else { return nil }
      out.append(s)
    }
    return out
  }

  /// Well-known `UTType` constants and their identifiers.
  static let utTypes: [String: String] = [
    "plainText": "public.plain-text", "utf8PlainText": "public.utf8-plain-text", "text": "public.text",
    "json": "public.json", "pdf": "com.adobe.pdf", "png": "public.png", "jpeg": "public.jpeg",
    "image": "public.image", "html": "public.html", "commaSeparatedText": "public.comma-separated-values-text",
    "xml": "public.xml", "rtf": "public.rtf", "data": "public.data", "content": "public.content",
    "item": "public.item", "folder": "public.folder", "movie": "public.movie", "audio": "public.audio",
    "zip": "public.zip-archive", "yaml": "public.yaml", "sourceCode": "public.source-code",
    "swiftSource": "public.swift-source", "propertyList": "com.apple.property-list",
    "markdown":
      "net.daringfireball.markdown",
  ]

  /// The content types of a `readableContentTypes` value or a `contentType:` argument:
  /// `.plainText` and the other well-known constants, `UTType(exportedAs: "…")`,
  /// `UTType(importedAs: "…")`, `UTType("…")`, `UTType(filenameExtension: "…")` (its extension),
  /// and `static let` constants of a `UTType` extension made of those.
  package func contentTypes(_ range: Range<Int>) -> [Located<String>] {
    var out: [Located<String>] = []
    var k = range.lowerBound
    while k < range.upperBound {
      let t = tokens[k]
      if t.isIdentifier("UTType"), k + 1 < range.upperBound, tokens[k + 1].is("(") {
        let close = SwiftIndex.closing(tokens, from: k + 1)
        if let found = utTypeInitializer(file: file, open: k + 1, close: close) { out.append(found) }
        k = close + 1
        continue
      }
      if t.is("."), k + 1 < range.upperBound, tokens[k + 1].kind == .identifier,
        k + 2 >= range.upperBound || !tokens[k + 2].is("(")
      {
        let name = tokens[k + 1].text
        if let known = Self.utTypes[name] {
          out.append(Located(known, at: index.files[file].location(k + 1)))
        } else if let declared = declaredUTType(name) {
          out.append(declared)
        }
        k += 2
        continue
      }
      k += 1
    }
    return out
  }

  private func utTypeInitializer(file: Int, open: Int, close: Int) -> Located<String>? {
    let tokens = index.files[file].tokens
    let arguments = SwiftCall.arguments(tokens, from: open + 1, to: close)
    guard let first = arguments.first, [nil, "exportedAs", "importedAs", "filenameExtension"].contains(first.label)
    else { return nil }
    return index.string(at: first.range, in: file)
  }

  /// `static let name = UTType(exportedAs: "…")` in an `extension UTType`.
  private func declaredUTType(_ name: String) -> Located<String>? {
    for decl in index.declarations(of: "UTType") {
      let tokens = index.files[decl.file].tokens
      var k = decl.open
      while k + 3 < decl.close {
        if tokens[k].isIdentifier(name), tokens[k + 1].is("="), tokens[k + 2].isIdentifier("UTType"),
          tokens[k + 3].is("(")
        {
          return utTypeInitializer(file: decl.file, open: k + 3, close: SwiftIndex.closing(tokens, from: k + 3))
        }
        k += 1
      }
    }
    return nil
  }

  /// The tokens of the value of the declaration whose name is at `k`: a `{ … }` body or what
  /// follows `=` to the end of its line.
  package static func declarationValue(_ tokens: [SwiftToken], nameIndex k: Int, limit: Int) -> Range<Int>? {
    var j = k + 1
    var depth = 0
    while j < limit {
      let t = tokens[j]
      if depth == 0 && t.is("{") { return (j + 1)..<SwiftIndex.closing(tokens, from: j) }
      if depth == 0 && t.is("=") {
        var end = j + 1
        var d = 0
        while end < limit {
          let u = tokens[end]
          if d == 0 && u.newlineBefore && end > j + 1 { break }
          if u.is("(") || u.is("[") || u.is("{") { d += 1 }
          if u.is(")") || u.is("]") || u.is("}") {
            if d == 0 { break }
            d -= 1
          }
          end += 1
        }
        return (j + 1)..<end
      }
      if t.is("[") || t.is("(") { depth += 1 }
      if t.is("]") || t.is(")") { depth -= 1 }
      if t.newlineBefore && depth == 0 && j > k + 1 && t.kind == .identifier { return nil }
      j += 1
    }
    return nil
  }
}

extension String {
  var replacingUnderscores: String { filter { $0 != "_" } }
}
