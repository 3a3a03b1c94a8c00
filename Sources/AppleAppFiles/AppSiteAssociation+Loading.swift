import FoundationEssentials
public import RouterSupport

extension AppSiteAssociation {
  /// Reads an apple-app-site-association file served for `domain` (nil: do not check hosts).
  ///
  /// `displayName` names the file in diagnostics (default: the path). An invalid `domain` is an
  /// error diagnostic and leaves the host unchecked.
  ///
  /// ```swift
  /// let loaded = AppSiteAssociation.load(path: "apple-app-site-association", domain: "example.com")
  /// for d in loaded.diagnostics { print(d) }
  /// // apple-app-site-association:7:9: warning: unknown key 'exlude' in a component … [unknown-key]
  /// ```
  public static func load(path: String, domain: String? = nil, displayName: String? = nil) -> LoadedAppSiteAssociation {
    let file = displayName ?? path
    switch BoundedFileReader.read(path, kind: .aasa) {
    case .success(let bytes):
      return parse(source: SourceText(file: file, bytes: bytes), domain: domain)
    case .failure(let failure):
      return LoadedAppSiteAssociation(
        association: nil, diagnostics: [failure.diagnostic(reading: .aasa, file)],
        source: SourceText(file: file, bytes: []))
    }
  }

  /// Reads an apple-app-site-association file already in memory.
  ///
  /// ```swift
  /// let text = #"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "components": [{"/": "/buy/*"}]}]}}"#
  /// let loaded = AppSiteAssociation.parse(source: SourceText(file: "aasa.json", text: text), domain: "example.com")
  /// loaded.association?.details.first?.components.first?.path?.text   // "/buy/*"
  /// ```
  public static func parse(source: SourceText, domain: String? = nil) -> LoadedAppSiteAssociation {
    let root: JSONNode
    do {
      root = try JSONParser.parse(source.bytes)
    } catch {
      let d =
        ForeignFile.isForeign(source.bytes, as: .aasa)
        ? ForeignFile.diagnostic(error.code, file: source.file, kind: .aasa, bytes: source.bytes)
        : error.diagnostic(in: source.lines)
      return LoadedAppSiteAssociation(association: nil, diagnostics: [d], source: source)
    }
    var reader = AASAReader(source: source)
    var normalized: String?
    if let domain {
      normalized = normalizedDomain(domain)
      if normalized == nil {
        reader.diagnostics.append(
          Diagnostic(
            .error, .invalidValue, "'\(domain)' is not a domain name; hosts are not checked"))
      }
    }
    let association = reader.read(root, domain: normalized)
    // In file order (unlocated ones first), as a compiler lists them.
    let diagnostics = reader.diagnostics.enumerated().sorted { a, b in
      let (x, y) = (a.element.location?.offset ?? -1, b.element.location?.offset ?? -1)
      return x != y ? x < y : a.offset < b.offset
    }.map(\.element)
    return LoadedAppSiteAssociation(association: association, diagnostics: diagnostics, source: source)
  }
}
