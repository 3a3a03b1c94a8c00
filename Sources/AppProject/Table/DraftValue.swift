package import RouterSupport

/// A JSON document being written: values, objects and arrays in the order given, and text
/// copied verbatim from an existing table (what the user wrote keeps its layout).
///
/// Written compactly where a value fits the line (`{ "id": "main", "title": "Garden" }`,
/// `["plant"]`), one member or element a line otherwise; the root always one member a line.
///
/// ```swift
/// let doc = DraftValue.object([("app", .json("Garden")), ("routes", .raw("[]"))])
/// doc.text()   // "{\n  \"app\": \"Garden\",\n  \"routes\": []\n}\n"
/// ```
package indirect enum DraftValue: Sendable {
  case json(JSONValue)
  /// JSON text copied as it is.
  case raw(String)
  case object([(String, DraftValue)])
  case array([DraftValue])

  static let width = 120

  /// The document, ending with a line break.
  package func text() -> String {
    render(indent: 0, prefix: 0, forceExpand: true) + "\n"
  }

  private func render(indent: Int, prefix: Int, forceExpand: Bool = false) -> String {
    if !forceExpand, let inline = inline(), indent + prefix + inline.utf8.count <= Self.width, !inline.contains("\n") {
      return inline
    }
    let pad = String(repeating: " ", count: indent + 2)
    switch self {
    case .json(let value):
      switch value {
      case .object(let object) where !object.isEmpty:
        return DraftValue.object(object.members.map { ($0.key, .json($0.value)) }).render(
          indent: indent, prefix: prefix, forceExpand: true)
      case .array(let items) where !items.isEmpty:
        return DraftValue.array(items.map { .json($0) }).render(indent: indent, prefix: prefix, forceExpand: true)
      default:
        return inline() ?? ""
      }
    case .raw(let text):
      return text
    case .object(let members):
      guard !members.isEmpty else { return "{}" }
      let lines = members.map { key, value -> String in
        let k = Self.quoted(key) + ": "
        return pad + k + value.render(indent: indent + 2, prefix: k.utf8.count)
      }
      return "{\n" + lines.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "}"
    case .array(let items):
      guard !items.isEmpty else { return "[]" }
      let lines = items.map { pad + $0.render(indent: indent + 2, prefix: 0) }
      return "[\n" + lines.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "]"
    }
  }

  /// The value on one line, or nil when it holds multi-line raw text.
  private func inline() -> String? {
    switch self {
    case .json(let value): return Self.inline(value)
    case .raw(let text): return text.contains("\n") ? nil : text
    case .object(let members):
      guard !members.isEmpty else { return "{}" }
      var parts: [String] = []
      for (key, value) in members {
        guard let v = value.inline() else { return nil }
        parts.append(Self.quoted(key) + ": " + v)
      }
      return "{ " + parts.joined(separator: ", ") + " }"
    case .array(let items):
      var parts: [String] = []
      for item in items {
        guard let v = item.inline() else { return nil }
        parts.append(v)
      }
      return "[" + parts.joined(separator: ", ") + "]"
    }
  }

  private static func inline(_ value: JSONValue) -> String {
    switch value {
    case .object(let object):
      guard !object.isEmpty else { return "{}" }
      return "{ " + object.members.map { quoted($0.key) + ": " + inline($0.value) }.joined(separator: ", ") + " }"
    case .array(let items):
      return "[" + items.map(inline).joined(separator: ", ") + "]"
    default:
      var out: [UInt8] = []
      JSONWriter.append(value, to: &out)
      return String(decoding: out, as: UTF8.self)
    }
  }

  static func quoted(_ s: String) -> String {
    var out: [UInt8] = []
    JSONWriter.appendString(s, to: &out)
    return String(decoding: out, as: UTF8.self)
  }
}
