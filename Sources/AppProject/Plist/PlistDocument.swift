package import AppleAppFiles
import Foundation
package import RouterSupport

/// Any property list file (XML, binary or old-style) read for values the library's
/// ``InfoPlist`` does not model: the entitlements, `UIApplicationShortcutItems`,
/// `CFBundleDocumentTypes`. Values come from Foundation (or ``OpenStepPlist``); their positions
/// from the library's XML key index (or the old-style reader); a binary file has none.
///
/// ```swift
/// let loaded = PlistDocument.load("/src/App/App.entitlements", displayName: "App/App.entitlements")
/// loaded.document?.strings(at: [.key("com.apple.developer.associated-domains")])?.first?.location
/// // App/App.entitlements:6:3
/// ```
package struct PlistDocument: Sendable {
  package typealias Path = [PlistXMLIndex.Step]

  package var file: String
  package var source: SourceText?
  private var root: PlistValue
  private var index: PlistXMLIndex?
  private var openStep: PlistNode?

  /// A plist value Foundation gave, made `Sendable`.
  package indirect enum PlistValue: Sendable {
    case string(String)
    case bool(Bool)
    case other(String)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    init(_ any: Any) {
      if type(of: any) == Bool.self, let b = any as? Bool {
        self = .bool(b)
      } else if let s = any as? String {
        self = .string(s)
      } else if let a = any as? [Any] {
        self = .array(a.map(PlistValue.init))
      } else if let d = any as? [String: Any] {
        self = .dictionary(d.mapValues(PlistValue.init))
      } else {
        self = .other(String(describing: any))
      }
    }

    init(_ node: PlistNode) {
      switch node.kind {
      case .string(let s): self = .string(s)
      case .data: self = .other("data")
      case .array(let a): self = .array(a.map(PlistValue.init))
      case .dictionary(let entries):
        self = .dictionary(Dictionary(entries.map { ($0.key, PlistValue($0.value)) }, uniquingKeysWith: { _, b in b }))
      }
    }

    package var typeName: String {
      switch self {
      case .string: "string"
      case .bool: "boolean"
      case .other: "value"
      case .array: "array"
      case .dictionary: "dictionary"
      }
    }
  }

  /// The document (nil when unreadable) and the problems found.
  package struct Loaded: Sendable {
    package var document: PlistDocument?
    package var diagnostics: [Diagnostic]
  }

  /// Reads the file at the absolute `path`; `displayName` names it in diagnostics.
  package static func load(_ path: String, displayName: String) -> Loaded {
    guard let bytes = ProjectFiles.bytes(path) else {
      let d = Diagnostic(.error, .unreadableFile, "cannot read the property list '\(displayName)'")
      return Loaded(document: nil, diagnostics: [d])
    }
    return parse(bytes, file: displayName)
  }

  package static func parse(_ bytes: [UInt8], file: String) -> Loaded {
    let isBinary = bytes.starts(with: Array("bplist".utf8))
    let text = isBinary ? nil : SourceText(file: file, bytes: bytes)
    let firstSignificant = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF }
    if let text, firstSignificant != UInt8(ascii: "<") {
      let parsed = OpenStepPlist.parse(text)
      guard let root = parsed.root else { return Loaded(document: nil, diagnostics: parsed.diagnostics) }
      let document = PlistDocument(file: file, source: text, root: PlistValue(root), index: nil, openStep: root)
      return Loaded(document: document, diagnostics: parsed.diagnostics)
    }
    var format = PropertyListSerialization.PropertyListFormat.xml
    guard let value = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
    else {
      // The library's Info.plist reader positions Foundation's syntax error; the same words fit any plist.
      return Loaded(document: nil, diagnostics: InfoPlist.parse(bytes: bytes, file: file).diagnostics)
    }
    let document = PlistDocument(
      file: file, source: text, root: PlistValue(value), index: text.map { PlistXMLIndex(bytes: $0.bytes) },
      openStep: nil)
    return Loaded(document: document, diagnostics: [])
  }

  /// The value at `path`, or nil.
  package func value(at path: Path) -> PlistValue? {
    var current = root
    for step in path {
      switch (step, current) {
      case (.key(let key), .dictionary(let d)):
        guard let next = d[key] else { return nil }
        current = next
      case (.index(let i), .array(let a)):
        guard a.indices.contains(i) else { return nil }
        current = a[i]
      default:
        return nil
      }
    }
    return current
  }

  /// Where the value at `path` is written: its key (XML, old-style) or the file (binary).
  package func location(_ path: Path) -> SourceLocation {
    guard let source else { return .fileOnly(file) }
    if let index, let offset = index.offset(of: path) { return source.location(at: offset) }
    if let openStep {
      var node = openStep
      var offset = openStep.offset
      for step in path {
        switch step {
        case .key(let key):
          guard let entry = node.entry(key) else { return source.location(at: offset) }
          offset = entry.keyOffset
          node = entry.value
        case .index(let i):
          guard let items = node.array, items.indices.contains(i) else { return source.location(at: offset) }
          node = items[i]
          offset = node.offset
        }
      }
      return source.location(at: offset)
    }
    return source.location(at: 0)
  }

  /// The strings of the array at `path`, each located; nil when absent. A value of another
  /// type is reported into `diagnostics`.
  package func strings(at path: Path, diagnostics: inout [Diagnostic]) -> [Located<String>]? {
    guard let value = value(at: path) else { return nil }
    guard case .array(let items) = value else {
      diagnostics.append(wrongType(path, expected: "an array of strings", found: value))
      return nil
    }
    var out: [Located<String>] = []
    for (i, item) in items.enumerated() {
      guard case .string(let s) = item else {
        diagnostics.append(wrongType(path + [.index(i)], expected: "a string", found: item))
        continue
      }
      out.append(Located(s, at: location(path + [.index(i)])))
    }
    return out
  }

  /// A string at `path`, located; nil when absent or of another type.
  package func string(at path: Path) -> Located<String>? {
    guard case .string(let s)? = value(at: path) else { return nil }
    return Located(s, at: location(path))
  }

  /// The number of elements of the array at `path` (0 when it is not an array).
  package func count(at path: Path) -> Int {
    if case .array(let a)? = value(at: path) { return a.count }
    return 0
  }

  func wrongType(_ path: Path, expected: String, found: PlistValue) -> Diagnostic {
    let name: String
    switch path.last {
    case .key(let key)?: name = "'\(key)'"
    case .index(let i)?: name = "item \(i)"
    case nil: name = "the root"
    }
    return Diagnostic(
      .error, .wrongType, "\(name) must be \(expected), found \(found.typeName)", at: location(path))
  }
}
