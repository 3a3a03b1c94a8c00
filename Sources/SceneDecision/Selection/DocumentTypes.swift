import RouteEvents

/// Whether a URL's content type is one a `DocumentGroup` opens (S7): by file extension, or by a
/// well-known UTI that names extensions.
enum DocumentTypes {
  static let knownUTIs: [String: [String]] = [
    "public.plain-text": ["txt", "text"], "public.text": ["txt", "text"], "public.json": ["json"],
    "net.daringfireball.markdown": ["md", "markdown"], "public.html": ["html", "htm"], "com.adobe.pdf": ["pdf"],
    "public.png": ["png"], "public.jpeg": ["jpg", "jpeg"], "public.image": ["png", "jpg", "jpeg", "gif", "heic"],
    "public.comma-separated-values-text": ["csv"], "public.xml": ["xml"], "public.rtf": ["rtf"],
  ]

  /// The content type that accepts the URL's path extension, or nil.
  static func match(_ url: URLRecord?, _ contentTypes: [String]) -> String? {
    guard let url, let last = url.pathSegments.last, let dot = last.lastIndex(of: ".") else { return nil }
    let ext = last[last.index(after: dot)...].lowercased()
    guard !ext.isEmpty else { return nil }
    for type in contentTypes {
      let t = type.lowercased()
      if t == ext || (knownUTIs[t]?.contains(ext) ?? false) { return type }
    }
    return nil
  }
}
