package import AppleAppFiles
import RouteTables
package import RouterSupport

/// One Swift source as one build compiles it: its text and its active tokens.
package struct SwiftFile: Sendable {
  /// The absolute path.
  package var path: String
  package var source: SourceText
  /// The tokens the build compiles (`#if` branches not taken left out).
  package var tokens: [SwiftToken]

  package init(path: String, source: SourceText, tokens: [SwiftToken]) {
    self.path = path
    self.source = source
    self.tokens = tokens
  }

  package func location(_ index: Int) -> SourceLocation {
    source.location(at: index < tokens.count ? tokens[index].offset : source.bytes.count)
  }
}

/// The declarations of an app's sources the scanners look things up in: types and their
/// extensions, functions, and string constants.
///
/// ```swift
/// let index = SwiftIndex(files: files)
/// index.types["ContentView"]?.first?.inherits     // ["View"]
/// index.string(at: tokens[7..<8], in: 0)?.value   // "com.example.garden.plant", a literal or a let
/// ```
package struct SwiftIndex: Sendable {
  /// A `struct`, `class`, `enum`, `actor`, `protocol` or `extension`.
  package struct TypeDecl: Sendable {
    package var kind: String
    /// The simple name (`extension Foo.Bar` → `Bar`).
    package var name: String
    /// The inheritance list, each the last component (`SwiftUI.App` → `App`).
    package var inherits: [String]
    /// Attributes before the declaration (`main`, `MainActor`).
    package var attributes: [String]
    package var file: Int
    /// The token indices of its `{` and `}`.
    package var open: Int
    package var close: Int
    /// The token index of its name.
    package var nameIndex: Int
  }

  /// One parameter of a function: its argument label (`_` for none) and its name inside.
  package struct Parameter: Sendable, Hashable {
    package var label: String
    package var name: String
  }

  /// A `func` with a body.
  package struct FuncDecl: Sendable {
    package var name: String
    package var parameters: [Parameter]
    /// The innermost type (or extension) around it, if any.
    package var owner: String?
    package var file: Int
    package var open: Int
    package var close: Int
    package var nameIndex: Int

    /// `scene(_:openURLContexts:)`.
    package var selector: String { name + "(" + parameters.map { $0.label + ":" }.joined() + ")" }
  }

  /// `let name = "literal"` (also `static let`), or `case name = "raw"` of an enum.
  package struct Constant: Sendable {
    package var name: String
    package var owner: String?
    package var value: String
    package var location: SourceLocation
    package var isEnumCase: Bool
  }

  package var files: [SwiftFile]
  package private(set) var types: [String: [TypeDecl]] = [:]
  package private(set) var functions: [FuncDecl] = []
  private var functionsByName: [String: [FuncDecl]] = [:]
  package private(set) var constants: [String: [Constant]] = [:]

  package init(files: [SwiftFile]) {
    self.files = files
    for index in files.indices { scan(index) }
  }

  /// Every declaration of a type (its extensions included), in file order.
  package func declarations(of name: String) -> [TypeDecl] { types[name] ?? [] }

  /// The types whose inheritance list names `conformance`.
  package func types(conformingTo conformance: String) -> [TypeDecl] {
    types.values.flatMap { $0 }.filter { $0.inherits.contains(conformance) && $0.kind != "protocol" }
      .sorted { ($0.file, $0.open) < ($1.file, $1.open) }
  }

  /// The functions named `name`, anywhere.
  package func functions(named name: String) -> [FuncDecl] { functionsByName[name] ?? [] }

  /// The functions declared inside `type` or its extensions.
  package func functions(of type: String) -> [FuncDecl] { functions.filter { $0.owner == type } }

  /// The index of the token that closes the bracket at `open` (`(`, `[`, `{`), or the last
  /// index when it is not closed.
  package static func closing(_ tokens: [SwiftToken], from open: Int) -> Int {
    var depth = 0
    var k = open
    while k < tokens.count {
      let t = tokens[k]
      if t.kind == .punctuation {
        if t.text == "(" || t.text == "[" || t.text == "{" { depth += 1 }
        if t.text == ")" || t.text == "]" || t.text == "}" {
          depth -= 1
          if depth == 0 { return k }
        }
      }
      k += 1
    }
    return tokens.count - 1
  }

  static let declarationKeywords: Set<String> = ["struct", "class", "enum", "actor", "extension", "protocol"]
  static let memberKeywords: Set<String> = [
    "func", "var", "let", "init", "subscript", "case", "typealias", "static", "override", "final", "private",
    "fileprivate", "public", "internal", "open", "nonisolated", "convenience", "required", "mutating",
  ]

  private mutating func scan(_ file: Int) {
    let tokens = files[file].tokens
    // For each open `{`: the type declared by it, or nil for any other block.
    var blocks: [(type: String?, isFunction: Bool)] = []
    var pendingType: (decl: TypeDecl, open: Int)?
    var pendingFunction: Int?
    var k = 0
    while k < tokens.count {
      let t = tokens[k]
      if t.is("{") {
        if let pending = pendingType, pending.open == k {
          blocks.append((pending.decl.name, false))
          pendingType = nil
        } else if let f = pendingFunction, f == k {
          blocks.append((nil, true))
          pendingFunction = nil
        } else {
          blocks.append((nil, blocks.last?.isFunction ?? false))
        }
      } else if t.is("}") {
        _ = blocks.popLast()
      } else if t.kind == .identifier, Self.declarationKeywords.contains(t.text), k + 1 < tokens.count,
        tokens[k + 1].kind == .identifier, k == 0 || !tokens[k - 1].is("."),
        !(t.text == "class" && Self.memberKeywords.contains(tokens[k + 1].text))
      {
        if let decl = typeDeclaration(at: k, in: file) {
          types[decl.name, default: []].append(decl)
          pendingType = (decl, decl.open)
        }
      } else if t.isIdentifier("func"), k + 1 < tokens.count, tokens[k + 1].kind == .identifier {
        let owner = blocks.contains { $0.isFunction } ? nil : blocks.last(where: { $0.type != nil })?.type
        if let f = function(at: k, in: file, owner: owner) {
          functions.append(f)
          functionsByName[f.name, default: []].append(f)
          pendingFunction = f.open
        }
      } else if t.isIdentifier("let") || t.isIdentifier("var") || t.isIdentifier("case"),
        !(blocks.last?.isFunction ?? false)
      {
        if let constant = constant(at: k, in: file, owner: blocks.last?.type) {
          constants[constant.name, default: []].append(constant)
        }
      }
      k += 1
    }
  }

  private func typeDeclaration(at k: Int, in file: Int) -> TypeDecl? {
    let tokens = files[file].tokens
    var j = k + 1
    var name = tokens[j].text
    j += 1
    while j + 1 < tokens.count, tokens[j].is("."), tokens[j + 1].kind == .identifier {
      name = tokens[j + 1].text
      j += 2
    }
    var inherits: [String] = []
    var current: [String] = []
    var collecting = false
    var angle = 0
    while j < tokens.count {
      let t = tokens[j]
      if t.is("{") && angle == 0 { break }
      if t.is("}") || (t.is(";")) { return nil }
      if t.kind == .operator { angle += t.text.filter { $0 == "<" }.count - t.text.filter { $0 == ">" }.count }
      if angle == 0 {
        if t.is(":") && !collecting {
          collecting = true
        } else if t.isIdentifier("where") {
          collecting = false
        } else if collecting && t.is(",") {
          if let last = current.last { inherits.append(last) }
          current = []
        } else if collecting && t.kind == .identifier {
          current.append(t.text)
        }
      }
      j += 1
    }
    guard j < tokens.count else { return nil }
    if let last = current.last { inherits.append(last) }
    return TypeDecl(
      kind: tokens[k].text, name: name, inherits: inherits, attributes: attributes(before: k, in: tokens),
      file: file, open: j, close: Self.closing(tokens, from: j), nameIndex: k + 1)
  }

  /// The attributes written before the keyword at `k`, over modifiers.
  private func attributes(before k: Int, in tokens: [SwiftToken]) -> [String] {
    var out: [String] = []
    var j = k - 1
    while j >= 0 {
      let t = tokens[j]
      if t.kind == .identifier, Self.memberKeywords.contains(t.text) || t.text == "indirect" {
        j -= 1
      } else if t.kind == .identifier, j >= 1, tokens[j - 1].is("@") {
        out.append(t.text)
        j -= 2
      } else if t.is(")") {
        // @available(…): skip back to its "(".
        var depth = 0
        while j >= 0 {
          if tokens[j].is(")") { depth += 1 }
          if tokens[j].is("(") {
            depth -= 1
            if depth == 0 { break }
          }
          j -= 1
        }
        j -= 1
      } else {
        break
      }
    }
    return out
  }

  private func function(at k: Int, in file: Int, owner: String?) -> FuncDecl? {
    let tokens = files[file].tokens
    var j = k + 2
    if j < tokens.count, tokens[j].kind == .operator, tokens[j].text.hasPrefix("<") {
      var angle = 0
      while j < tokens.count {
        if tokens[j].kind == .operator {
          angle += tokens[j].text.filter { $0 == "<" }.count - tokens[j].text.filter { $0 == ">" }.count
        }
        j += 1
        if angle <= 0 { break }
      }
    }
    guard j < tokens.count, tokens[j].is("(") else { return nil }
    let paramsClose = Self.closing(tokens, from: j)
    let parameters = Self.parameters(tokens, from: j + 1, to: paramsClose)
    var b = paramsClose + 1
    var depth = 0
    while b < tokens.count {
      let t = tokens[b]
      if t.is("(") || t.is("[") { depth += 1 }
      if t.is(")") || t.is("]") { depth -= 1 }
      if depth == 0 {
        if t.is("{") { break }
        if t.is("}")
          || (t.kind == .identifier && ["func", "var", "let", "init", "case", "struct", "class"].contains(t.text))
        {
          return nil
        }
      }
      b += 1
    }
    guard b < tokens.count else { return nil }
    return FuncDecl(
      name: tokens[k + 1].text, parameters: parameters, owner: owner, file: file, open: b,
      close: Self.closing(tokens, from: b), nameIndex: k + 1)
  }

  /// The parameters between `(` and `)`.
  static func parameters(_ tokens: [SwiftToken], from start: Int, to end: Int) -> [Parameter] {
    var out: [Parameter] = []
    var names: [String] = []
    var depth = 0
    var inType = false
    var k = start
    while k < end {
      let t = tokens[k]
      if t.is("(") || t.is("[") || t.is("{") { depth += 1 }
      if t.is(")") || t.is("]") || t.is("}") { depth -= 1 }
      if depth == 0 && t.is(",") {
        if let p = parameter(names) { out.append(p) }
        names = []
        inType = false
      } else if depth == 0 && t.is(":") {
        inType = true
      } else if !inType && depth == 0 && t.kind == .identifier {
        names.append(t.text)
      }
      k += 1
    }
    if let p = parameter(names) { out.append(p) }
    return out
  }

  private static func parameter(_ names: [String]) -> Parameter? {
    guard let first = names.first else { return nil }
    return Parameter(label: first, name: names.count > 1 ? names[1] : first)
  }

  private func constant(at k: Int, in file: Int, owner: String?) -> Constant? {
    let tokens = files[file].tokens
    guard k + 1 < tokens.count, tokens[k + 1].kind == .identifier else { return nil }
    var j = k + 2
    if j < tokens.count, tokens[j].is(":") {
      j += 1
      while j < tokens.count, tokens[j].kind == .identifier || tokens[j].is(".") || tokens[j].is("?") { j += 1 }
    }
    guard j + 1 < tokens.count, tokens[j].is("="), let value = tokens[j + 1].literal else { return nil }
    if j + 2 < tokens.count, !tokens[j + 2].newlineBefore, !tokens[j + 2].is(";"), !tokens[j + 2].is("}"),
      !tokens[j + 2].is(",")
    {
      return nil  // "a" + b: not a constant the reader can know
    }
    return Constant(
      name: tokens[k + 1].text, owner: owner, value: value, location: files[file].location(j + 1),
      isEnumCase: tokens[k].text == "case")
  }

  /// The string an expression stands for: a literal without interpolation, or a name (`kType`,
  /// `Self.kType`, `Activity.edit`, `.edit.rawValue`) that one string constant of the sources
  /// gives; nil for anything else.
  package func string(at range: Range<Int>, in file: Int) -> Located<String>? {
    let tokens = files[file].tokens
    guard !range.isEmpty else { return nil }
    if range.count == 1, let literal = tokens[range.lowerBound].literal {
      return Located(literal, at: files[file].location(range.lowerBound))
    }
    var names: [String] = []
    for k in range {
      let t = tokens[k]
      if t.kind == .identifier {
        names.append(t.text)
      } else if !t.is(".") {
        return nil
      }
    }
    if names.last == "rawValue" { names.removeLast() }
    guard let name = names.last else { return nil }
    var candidates = constants[name] ?? []
    if names.count >= 2, names[names.count - 2] != "Self" {
      candidates = candidates.filter { $0.owner == names[names.count - 2] }
    }
    let values = Set(candidates.map(\.value))
    guard values.count == 1, let first = candidates.first else { return nil }
    return Located(first.value, at: first.location)
  }
}
