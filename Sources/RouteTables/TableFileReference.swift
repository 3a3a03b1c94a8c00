import FoundationEssentials
import RouterSupport

/// A file a table names, as the table gives it: a path relative to the table, or the file's
/// bytes embedded in the table (a bundle, `route-cli bundle`), so the table loads anywhere.
///
/// ```json
/// "infoPlist": "../Apps/Notes/Info.plist"
/// "infoPlist": { "file": "Info.plist", "contents": "<?xml version=\"1.0\"?>…" }
/// "infoPlist": { "file": "Info.plist", "base64": "YnBsaXN0MDDU…" }
/// ```
enum TableFileReference {
  /// A path, relative to the table's folder.
  case path(String)
  /// The bytes of a file embedded in the table, with the name diagnostics give it.
  case embedded(name: String, bytes: [UInt8])

  /// Reads a reference at `node` (the value of a table key naming a file of `kind`); nil, with a
  /// diagnostic, when it is neither a path nor an embedded file within the kind's limit.
  static func read(_ node: JSONNode, kind: FileKind, what: String, _ reader: inout JSONFieldReader)
    -> TableFileReference?
  {
    switch node.kind {
    case .string(let path): return .path(path)
    case .object:
      guard let fields = reader.object(node, what: "an embedded file", keys: ["file", "contents", "base64"]),
        let name = reader.string(fields["file"], required: "file", in: node, what: "an embedded file")
      else { return nil }
      let bytes: [UInt8]
      switch (fields["contents"], fields["base64"]) {
      case (let contents?, nil):
        guard case .string(let text) = contents.value.kind else {
          reader.error(.wrongType, "'contents' is the file's text, a string", at: contents.value.start)
          return nil
        }
        bytes = Array(text.utf8)
      case (nil, let encoded?):
        guard case .string(let text) = encoded.value.kind, let data = Data(base64Encoded: text) else {
          reader.error(.invalidValue, "'base64' is the file's bytes in base64 (RFC 4648)", at: encoded.value.start)
          return nil
        }
        bytes = Array(data)
      default:
        reader.error(
          .invalidValue, "an embedded file has its text in 'contents' or its bytes in 'base64', one of the two",
          at: node.start)
        return nil
      }
      guard bytes.count <= kind.limit else {
        reader.error(
          .invalidValue, "the embedded '\(name)' has \(bytes.count) bytes; \(kind) may have \(kind.limit)",
          at: node.start)
        return nil
      }
      return .embedded(name: "\(name) (embedded in \(reader.source.file))", bytes: bytes)
    default:
      reader.error(.wrongType, "\(what) must be a path or an embedded file {file, contents}", at: node.start)
      return nil
    }
  }
}
