package import RouterSupport

/// Reads typed fields out of positioned JSON objects and records a diagnostic for every
/// problem (wrong type, unknown key with a suggestion, missing key), so a loader reports all
/// of them in one pass.
///
/// ```swift
/// var reader = JSONFieldReader(source: source)
/// if let fields = reader.object(node, what: "a scene", keys: ["id", "kind", "title"]) {
///   let id = reader.string(fields["id"], required: "id", in: node, what: "a scene")
/// }
/// ```
package struct JSONFieldReader {
  let source: SourceText
  package var diagnostics: [Diagnostic] = []

  package init(source: SourceText) {
    self.source = source
  }

  package func location(_ offset: Int) -> SourceLocation { source.location(at: offset) }

  package mutating func error(_ code: DiagnosticCode, _ message: String, at offset: Int, notes: [Diagnostic.Note] = [])
  {
    diagnostics.append(Diagnostic(.error, code, message, at: location(offset), notes: notes))
  }

  mutating func warning(_ code: DiagnosticCode, _ message: String, at offset: Int) {
    diagnostics.append(Diagnostic(.warning, code, message, at: location(offset)))
  }

  /// The members of an object by key; reports a non-object and every key outside `keys`.
  package mutating func object(_ node: JSONNode, what: String, keys: [String]) -> JSONFields? {
    guard case .object(let members) = node.kind else {
      error(.wrongType, "expected \(what) (an object), found \(node.typeName)", at: node.start)
      return nil
    }
    // Usually every key is accepted: the fields are the object's members as they are.
    let accepted = { (key: String) in keys.contains(key) || key == "comment" || key.hasPrefix("$") }
    guard !members.allSatisfy({ accepted($0.key) }) else { return JSONFields(members) }
    var fields: [JSONMember] = []
    for member in members {
      if accepted(member.key) {
        fields.append(member)
      } else {
        error(
          .unknownKey,
          "unknown key '\(member.key)' in \(what).\(EditDistance.didYouMean(member.key, among: keys))"
            + " Expected one of: \(keys.joined(separator: ", "))",
          at: member.keyStart)
      }
    }
    return JSONFields(fields)
  }

  /// Reports a missing required key at the start of the object.
  package mutating func missing(_ key: String, in node: JSONNode, what: String) {
    error(.missingKey, "\(what) needs a '\(key)' key", at: node.start)
  }

  package mutating func string(_ member: JSONMember?, required key: String? = nil, in node: JSONNode, what: String)
    -> String?
  {
    guard let member else {
      if let key { missing(key, in: node, what: what) }
      return nil
    }
    guard case .string(let s) = member.value.kind else {
      error(.wrongType, "'\(member.key)' must be a string, found \(member.value.typeName)", at: member.value.start)
      return nil
    }
    return s
  }

  package mutating func bool(_ member: JSONMember?) -> Bool? {
    guard let member else { return nil }
    guard case .bool(let b) = member.value.kind else {
      error(.wrongType, "'\(member.key)' must be true or false, found \(member.value.typeName)", at: member.value.start)
      return nil
    }
    return b
  }

  package mutating func int(_ member: JSONMember?) -> Int? {
    guard let member else { return nil }
    guard case .number(let n) = member.value.kind, let v = n.int64Value, let i = Int(exactly: v) else {
      error(.wrongType, "'\(member.key)' must be an integer, found \(member.value.typeName)", at: member.value.start)
      return nil
    }
    return i
  }

  /// An integer in `range`; a number outside it (too large for 64 bits included) or not
  /// integral is an `invalid-value` error at the number, quoting a bounded excerpt of it.
  package mutating func int(_ member: JSONMember?, in range: ClosedRange<Int>) -> Int? {
    guard let member else { return nil }
    guard case .number(let n) = member.value.kind else {
      error(.wrongType, "'\(member.key)' must be an integer, found \(member.value.typeName)", at: member.value.start)
      return nil
    }
    if let v = n.int64Value, let i = Int(exactly: v), range.contains(i) { return i }
    error(
      .invalidValue,
      "'\(member.key)' must be an integer from \(range.lowerBound) to \(range.upperBound),"
        + " found \(Self.excerpt(ofNumber: n.text))",
      at: member.value.start)
    return nil
  }

  /// A number's text for a message: the whole of it up to 32 characters, else its first 24
  /// and how many digits and signs it has in all (a file may hold a million-digit number).
  package static func excerpt(ofNumber text: String) -> String {
    let count = text.utf8.count
    guard count > 32 else { return text }
    return String(text.prefix(24)) + "… (\(count) characters)"
  }

  /// An array of strings; reports each element that is not a string.
  package mutating func strings(_ member: JSONMember?) -> [(String, JSONNode)]? {
    guard let member else { return nil }
    guard case .array(let items) = member.value.kind else {
      error(
        .wrongType, "'\(member.key)' must be an array of strings, found \(member.value.typeName)",
        at: member.value.start)
      return nil
    }
    var out: [(String, JSONNode)] = []
    for item in items {
      if case .string(let s) = item.kind {
        out.append((s, item))
      } else {
        error(.wrongType, "'\(member.key)' must hold strings, found \(item.typeName)", at: item.start)
      }
    }
    return out
  }

  /// A string with a fixed set of values; reports others with a suggestion.
  package mutating func choice<T: RawRepresentable & CaseIterable>(_ member: JSONMember?, _ type: T.Type) -> T?
  where T.RawValue == String {
    guard let member, let raw = string(member, in: member.value, what: "") else { return nil }
    if let value = T(rawValue: raw) { return value }
    let names = T.allCases.map(\.rawValue)
    error(
      .invalidValue,
      "'\(raw)' is not a valid '\(member.key)'.\(EditDistance.didYouMean(raw, among: names))"
        + " Expected one of: \(names.joined(separator: ", "))",
      at: member.value.start)
    return nil
  }

  /// Converts template errors inside a JSON string into diagnostics at their exact columns.
  package mutating func report(_ errors: TemplateErrors, inString node: JSONNode) {
    for e in errors.errors {
      let offset = source.bytes.withUnsafeBufferPointer {
        JSONParser.sourceOffset(in: $0, stringAt: node.start, utf8Index: e.offset)
      }
      error(e.code, e.message, at: offset)
    }
  }
}
