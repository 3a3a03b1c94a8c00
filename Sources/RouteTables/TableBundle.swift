import FoundationEssentials
package import RouterSupport

/// A route table with the files it names embedded in it (`route-cli bundle`): the same table,
/// loadable from anywhere.
///
/// The `infoPlist` path and each AASA path of `associatedDomains` become a
/// ``TableFileReference`` embedded file: `{"file", "contents"}` for a text file,
/// `{"file", "base64"}` for a binary plist. Everything else is kept as the table says it.
///
/// ```swift
/// let bundle = try TableBundle.make(source, resolve: { $0 }).get()
/// TableLoader.load(source: SourceText(file: "bundle.json", bytes: bundle))   // the same table
/// ```
package enum TableBundle {
  /// The bundle of the table in `source` (which loads without errors); `resolve` makes a path
  /// the table gives (relative to the table's folder) a path to read.
  package static func make(_ source: SourceText, resolve: (String) -> String) -> Result<[UInt8], Diagnostic> {
    let root: JSONNode
    do {
      root = try JSONParser.parse(source.bytes)
    } catch {
      return .failure(error.diagnostic(in: source.lines))
    }
    guard case .object(let members) = root.kind else {
      return .failure(Diagnostic(.error, .wrongType, "a route table is a JSON object", at: source.location(at: 0)))
    }
    var bundled = JSONObject()
    for member in members {
      switch (member.key, member.value.kind) {
      case ("infoPlist", .string(let path)):
        switch embed(path, kind: .infoPlist, from: source, at: member.value.start, resolve: resolve) {
        case .success(let file): bundled[member.key] = file
        case .failure(let d): return .failure(d)
        }
      case ("associatedDomains", .object(let entries)):
        var domains = JSONObject()
        for entry in entries {
          guard case .string(let path) = entry.value.kind else {
            domains[entry.key] = entry.value.value
            continue
          }
          switch embed(path, kind: .aasa, from: source, at: entry.value.start, resolve: resolve) {
          case .success(let file): domains[entry.key] = file
          case .failure(let d): return .failure(d)
          }
        }
        bundled[member.key] = .object(domains)
      default:
        bundled[member.key] = member.value.value
      }
    }
    var out: [UInt8] = []
    JSONWriter.appendPretty(.object(bundled), to: &out, sortedKeys: false)
    out.append(UInt8(ascii: "\n"))
    return .success(out)
  }

  /// The embedded file for `path`, read with the bound of its kind.
  private static func embed(
    _ path: String, kind: FileKind, from source: SourceText, at offset: Int, resolve: (String) -> String
  ) -> Result<JSONValue, Diagnostic> {
    let file = TableLoader.resolve(path, from: source.file)
    switch BoundedFileReader.read(resolve(file), kind: kind) {
    case .success(let bytes):
      let name = String(file.split(separator: "/").last ?? Substring(file))
      // Text stays readable in the bundle; a binary plist (or any file not UTF-8) goes as base64.
      if !bytes.starts(with: Array("bplist".utf8)), let text = String(validating: bytes, as: UTF8.self) {
        return .success(["file": .string(name), "contents": .string(text)])
      }
      return .success(["file": .string(name), "base64": .string(Data(bytes).base64EncodedString())])
    case .failure(let failure):
      var d = failure.diagnostic(reading: kind, file)
      d.location = source.location(at: offset)
      return .failure(d)
    }
  }
}
