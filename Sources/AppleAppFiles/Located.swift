public import RouterSupport

/// A value read from an app file, with where it was read.
///
/// Cross-checks quote both places of a conflict, so every value that ``InfoPlist`` and
/// ``AppSiteAssociation`` read keeps its ``location``: the `<key>` of an XML property list, the
/// string of a JSON file. A binary property list has no lines, so its values carry the file name
/// with line 0 and column 0 (see ``SourceLocation/fileOnly(_:)``). Values built in code have none.
///
/// ```swift
/// let types = plist.userActivityTypes ?? []
/// for type in types { print("\(type.location.map(String.init(describing:)) ?? "-"): \(type.value)") }
/// // Tasks-Info.plist:38:3: NewTaskWindow
/// ```
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
  /// The value.
  public var value: Value
  /// Where it was read; nil for a value built in code.
  public var location: SourceLocation?

  /// Wraps a value and its location.
  public init(_ value: Value, at location: SourceLocation? = nil) {
    self.value = value
    self.location = location
  }

  /// The same value without its location, for comparing what two files say.
  public var withoutLocation: Located<Value> { Located(value) }
}

extension SourceLocation {
  /// A location that names a file but no position in it: line 0, column 0, offset 0.
  ///
  /// Used for values of binary property lists, which have no lines. It prints as the file name
  /// alone (`Tasks-Info.bplist: error: …`), and ``DiagnosticRenderer`` shows no source line for it.
  ///
  /// ```swift
  /// SourceLocation.fileOnly("Tasks-Info.bplist").description   // "Tasks-Info.bplist"
  /// ```
  public static func fileOnly(_ file: String) -> SourceLocation {
    SourceLocation(file: file, line: 0, column: 0, offset: 0)
  }

  /// Whether this location names a file only (line 0), as for a binary property list.
  public var isFileOnly: Bool { line == 0 }
}
