public import RouterSupport

/// A JSON value with `{parameter}` placeholders, rendered into the value a window presents.
///
/// A string that is exactly one placeholder (`"{id}"`) becomes the parameter's typed value (a
/// number for `int`); placeholders inside longer text (`"note-{id}"`) interpolate as text.
/// `{{` and `}}` write literal braces. An absent optional parameter renders as `null` (whole
/// string) or as nothing (inside text).
///
/// ```swift
/// let template = try ValueTemplate(json: ["id": "{id}", "title": "Note {id}"])
/// template.render(["id": .number(JSONNumber(7))])  // {"id": 7, "title": "Note 7"}
/// ```
public enum ValueTemplate: Sendable, Hashable {
  /// A value without placeholders.
  case literal(JSONValue)
  /// A whole-string placeholder: the parameter's typed value.
  case parameter(String)
  /// Text with placeholders: a string.
  case text([Piece])
  /// An array of templates.
  case array([ValueTemplate])
  /// An object of templates, keys in order.
  case object([(key: String, value: ValueTemplate)])

  /// Part of an interpolated string.
  public enum Piece: Sendable, Hashable {
    case text(String)
    case parameter(String)
  }

  /// Parses a JSON value, reading placeholders in its strings.
  public init(json: JSONValue) throws(TemplateErrors) {
    switch json {
    case .string(let s): self = try ValueTemplate(parsing: s)
    case .array(let items):
      var out: [ValueTemplate] = []
      for item in items { out.append(try ValueTemplate(json: item)) }
      self = out.allSatisfy(\.isLiteral) ? .literal(json) : .array(out)
    case .object(let object):
      var out: [(key: String, value: ValueTemplate)] = []
      for member in object.members { out.append((member.key, try ValueTemplate(json: member.value))) }
      self = out.allSatisfy(\.value.isLiteral) ? .literal(json) : .object(out)
    default: self = .literal(json)
    }
  }

  /// Parses a positioned JSON value as the loader holds it, the same as
  /// `ValueTemplate(json: node.value)`: a container with placeholders is read member by
  /// member, and only a part without any is turned into a `JSONValue` (no copy of the whole
  /// value is built to be read once and thrown away).
  ///
  /// ```swift
  /// let node = try JSONParser.parse(Array(#"{"id": "{id}", "kind": "note"}"#.utf8))
  /// let template = try ValueTemplate(node: node)  // the same as ValueTemplate(json: node.value)
  /// ```
  package init(node: JSONNode) throws(TemplateErrors) {
    switch node.kind {
    case .string(let s): self = try ValueTemplate(parsing: s)
    case .array(let items):
      var out: [ValueTemplate] = []
      out.reserveCapacity(items.count)
      for item in items { out.append(try ValueTemplate(node: item)) }
      self = out.allSatisfy(\.isLiteral) ? .literal(node.value) : .array(out)
    case .object(let members):
      var out: [(key: String, value: ValueTemplate)] = []
      out.reserveCapacity(members.count)
      for member in members { out.append((member.key, try ValueTemplate(node: member.value))) }
      self = out.allSatisfy(\.value.isLiteral) ? .literal(node.value) : .object(out)
    case .null, .bool, .number: self = .literal(node.value)
    }
  }

  /// Parses one string template.
  public init(parsing text: String) throws(TemplateErrors) {
    // Without a brace the text is itself (a value's plain strings: most of a table's).
    if !text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) {
      self = .literal(.string(text))
      return
    }
    var utf8 = text
    self = try utf8.withUTF8 { Self.interpolated($0) }.get()
  }

  /// The template of text that holds a brace, from its UTF-8 bytes: its pieces, or the error
  /// (at a byte offset of the text).
  static func interpolated(_ bytes: UnsafeBufferPointer<UInt8>, strings: ShortStringCache? = nil) -> Result<
    ValueTemplate, TemplateErrors
  > {
    // `{name}` alone (the usual template string): the parameter, without a pass over pieces.
    if bytes.count >= 3, bytes[0] == UInt8(ascii: "{"), bytes[bytes.count - 1] == UInt8(ascii: "}") {
      let name = UnsafeBufferPointer(rebasing: bytes[1..<bytes.count - 1])
      if isParameterName(name) {
        return .success(.parameter(strings?.smallOrCached(name) ?? String(decoding: name, as: UTF8.self)))
      }
    }
    var pieces: [Piece] = []
    var literal: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "{") {
        if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "{") {
          literal.append(byte)
          index += 2
          continue
        }
        guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
          return .failure(
            TemplateErrors([TemplateError(.invalidPattern, "unclosed '{' in value template", at: index)]))
        }
        let name = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
        guard ValueTemplate.isParameterName(name) else {
          return .failure(
            TemplateErrors([
              TemplateError(
                .invalidPattern, "expected a parameter name inside '{…}', found '\(name)'", at: index + 1)
            ]))
        }
        if !literal.isEmpty {
          pieces.append(.text(String(decoding: literal, as: UTF8.self)))
          literal.removeAll()
        }
        pieces.append(.parameter(name))
        index = close + 1
      } else if byte == UInt8(ascii: "}") {
        guard index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "}") else {
          return .failure(
            TemplateErrors([
              TemplateError(
                .invalidPattern, "unmatched '}' in value template (write '}}' for a literal brace)", at: index)
            ]))
        }
        literal.append(byte)
        index += 2
      } else {
        literal.append(byte)
        index += 1
      }
    }
    if !literal.isEmpty { pieces.append(.text(String(decoding: literal, as: UTF8.self))) }
    switch pieces.count {
    case 0: return .success(.literal(.string("")))
    case 1:
      switch pieces[0] {
      case .text(let t): return .success(.literal(.string(t)))
      case .parameter(let name): return .success(.parameter(name))
      }
    default: return .success(.text(pieces))
    }
  }

  /// Whether the template has no placeholders.
  public var isLiteral: Bool {
    if case .literal = self { return true }
    return false
  }

  /// The parameter names the template uses, in order, with repeats removed.
  public var parameterNames: [String] {
    var names: [String] = []
    func visit(_ t: ValueTemplate) {
      switch t {
      case .literal: break
      case .parameter(let n): if !names.contains(n) { names.append(n) }
      case .text(let pieces):
        for case .parameter(let n) in pieces where !names.contains(n) { names.append(n) }
      case .array(let items): for item in items { visit(item) }
      case .object(let members): for member in members { visit(member.value) }
      }
    }
    visit(self)
    return names
  }

  /// Renders the value from typed parameter values; an absent parameter renders as null, or as
  /// nothing inside text.
  public func render(_ parameters: [String: JSONValue]) -> JSONValue {
    render { parameters[$0] }
  }

  /// Renders the value from parameters as an object (a few members: looked up in order, no table).
  ///
  /// ```swift
  /// template.render(match.parameters.object)   // a match's parameters render in place: render(match.parameters)
  /// ```
  public func render(_ parameters: JSONObject) -> JSONValue {
    // The common shapes (an object of literals and parameters, a parameter) without a closure
    // call a lookup, the members reserved once, the parameters compared in place (a
    // `for member in members` copied each member it passed).
    parameters.members.withUnsafeBufferPointer { parameters in
      switch self {
      case .parameter(let name): return Self.value(of: name, in: parameters) ?? .null
      case .object(let members):
        var rendered: [JSONObject.Member] = []
        rendered.reserveCapacity(members.count)
        for member in members {
          let value: JSONValue
          switch member.value {
          case .literal(let v): value = v
          case .parameter(let name): value = Self.value(of: name, in: parameters) ?? .null
          default: value = member.value.render { Self.value(of: $0, in: parameters) }
          }
          rendered.append(JSONObject.Member(key: member.key, value: value))
        }
        return .object(JSONObject(rendered))
      default: return render { Self.value(of: $0, in: parameters) }
      }
    }
  }

  /// The value of the first parameter named `name` (as ``JSONObject``'s subscript finds it).
  private static func value(of name: String, in parameters: UnsafeBufferPointer<JSONObject.Member>) -> JSONValue? {
    for i in parameters.indices where parameters[i].key == name { return parameters[i].value }
    return nil
  }

  /// Renders the value with `parameters` looking up each placeholder's value (nil: absent).
  ///
  /// ```swift
  /// template.render { $0 == "id" ? .number(JSONNumber(7)) : nil }
  /// ```
  package func render(_ parameters: (String) -> JSONValue?) -> JSONValue {
    switch self {
    case .literal(let v): return v
    case .parameter(let name): return parameters(name) ?? .null
    case .text(let pieces):
      var out = ""
      for piece in pieces {
        switch piece {
        case .text(let t): out += t
        case .parameter(let name):
          switch parameters(name) {
          case .string(let s)?: out += s
          case .none, .null?: break
          case let other?: out += other.description
          }
        }
      }
      return .string(out)
    case .array(let items): return .array(items.map { $0.render(parameters) })
    case .object(let members):
      return .object(JSONObject(members.map { JSONObject.Member(key: $0.key, value: $0.value.render(parameters)) }))
    }
  }

  /// Whether `name` is a valid parameter name: a letter or `_`, then letters, digits, `_`, `-` or `.`.
  static func isParameterName(_ name: String) -> Bool {
    var name = name
    return name.withUTF8 { isParameterName($0) }
  }

  /// Whether the UTF-8 bytes of `name` are a valid parameter name: an ASCII letter or `_`,
  /// then ASCII letters, digits, `_`, `-` and `.` (each byte one load from ``nameBytes``).
  static func isParameterName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = name.first, (first | 0x20) &- UInt8(ascii: "a") < 26 || first == UInt8(ascii: "_") else {
      return false
    }
    let classes = nameBytes.utf8Start
    for byte in name where byte >= 128 || classes[Int(byte)] != UInt8(ascii: "N") { return false }
    return true
  }

  /// The bytes below 128 a parameter name may hold after its first (`N`: ASCII letters,
  /// digits, `_`, `-` and `.`), one character a byte. A constant string: one load a byte, and
  /// no global to initialize.
  private static var nameBytes: StaticString {
    "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@NN@NNNNNNNNNN@@@@@@@NNNNNNNNNNNNNNNNNNNNNNNNNN@@@@N@NNNNNNNNNNNNNNNNNNNNNNNNNN@@@@@"
  }

  public static func == (lhs: ValueTemplate, rhs: ValueTemplate) -> Bool {
    switch (lhs, rhs) {
    case (.literal(let a), .literal(let b)): return a == b
    case (.parameter(let a), .parameter(let b)): return a == b
    case (.text(let a), .text(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .literal(let v):
      hasher.combine(0)
      hasher.combine(v)
    case .parameter(let n):
      hasher.combine(1)
      hasher.combine(n)
    case .text(let p):
      hasher.combine(2)
      hasher.combine(p)
    case .array(let a):
      hasher.combine(3)
      hasher.combine(a)
    case .object(let m):
      hasher.combine(4)
      for member in m {
        hasher.combine(member.key)
        hasher.combine(member.value)
      }
    }
  }
}
