import Foundation
import RouterSupport

extension InfoPlist {
  /// Reads an Info.plist file (XML, binary or OpenStep); `displayName` names it in diagnostics.
  ///
  /// ```swift
  /// let loaded = InfoPlist.load(path: "/src/Tasks/Info.plist", displayName: "Tasks/Info.plist")
  /// loaded.diagnostics.first?.description
  /// // Tasks/Info.plist:44:3: error: 'UIApplicationSupportsMultipleScenes' must be a boolean, found string [wrong-type]
  /// ```
  public static func load(path: String, displayName: String? = nil) -> LoadedInfoPlist {
    let file = displayName ?? path
    switch BoundedFileReader.read(path, kind: .infoPlist) {
    case .success(let bytes):
      return parse(bytes: bytes, file: file)
    case .failure(let failure):
      return LoadedInfoPlist(plist: nil, diagnostics: [failure.diagnostic(reading: .infoPlist, file)], source: nil)
    }
  }

  /// Reads an Info.plist from bytes in memory; `file` names it in diagnostics and locations.
  ///
  /// ```swift
  /// let loaded = InfoPlist.parse(bytes: Array(xml.utf8), file: "Info.plist")
  /// loaded.plist?.userActivityTypes?.first?.location   // Info.plist:8:3
  /// ```
  public static func parse(bytes: [UInt8], file: String) -> LoadedInfoPlist {
    var format = PropertyListSerialization.PropertyListFormat.xml
    let root: Any
    do {
      root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
    } catch {
      return syntaxFailure(error, bytes: bytes, file: file)
    }
    let kind: Format = format == .binary ? .binary : format == .openStep ? .openStep : .xml
    let source = kind == .xml ? SourceText(file: file, bytes: bytes) : nil
    var reader = PlistReader(file: file, source: source)
    guard let dictionary = reader.dictionary(root, at: []) else {
      return LoadedInfoPlist(plist: nil, diagnostics: reader.diagnostics, source: source)
    }
    let plist = reader.readInfoPlist(dictionary, format: kind)
    return LoadedInfoPlist(plist: plist, diagnostics: reader.diagnostics, source: source)
  }

  /// A `plist-syntax` error, at the line Foundation names when it names one.
  private static func syntaxFailure(_ error: any Error, bytes: [UInt8], file: String) -> LoadedInfoPlist {
    if ForeignFile.isForeign(bytes, as: .infoPlist) {
      let d = ForeignFile.diagnostic(.plistSyntax, file: file, kind: .infoPlist, bytes: bytes)
      return LoadedInfoPlist(plist: nil, diagnostics: [d], source: nil)
    }
    let text = describe(error)
    let isBinary = bytes.starts(with: Array("bplist".utf8))
    let source = isBinary ? nil : SourceText(file: file, bytes: bytes)
    var location = SourceLocation.fileOnly(file)
    if let source, let line = lineNumber(in: text), line >= 1, line <= source.lines.lineStarts.count {
      location = source.location(at: source.lines.lineStarts[line - 1])
    }
    let what = isBinary ? "a binary property list" : "a property list"
    let d = Diagnostic(.error, .plistSyntax, "the file is not \(what) that can be read: \(text)", at: location)
    return LoadedInfoPlist(plist: nil, diagnostics: [d], source: source)
  }

  /// The number after the last "line " in Foundation's debug description, if any.
  private static func lineNumber(in message: String) -> Int? {
    var found: Int?
    var rest = Substring(message)
    while let range = rest.range(of: "line ") {
      let digits = rest[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
      if let n = Int(digits) { found = n }
      rest = rest[range.upperBound...]
    }
    return found
  }

  /// Foundation's debug description when it has one, else the error text, on one line.
  private static func describe(_ error: any Error) -> String {
    let ns = error as NSError
    let detail = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
    return detail.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
