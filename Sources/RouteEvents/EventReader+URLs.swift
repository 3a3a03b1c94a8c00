import RouterSupport

/// `{"urls": [...]}`: one open request that carries several URLs (MAC4).
extension EventReader {
  /// The most URLs one `urls` event may carry: a Finder selection opened at once holds a few;
  /// each extra URL is decided and written in the record, so a line cannot make it long.
  public static let maxURLsPerRequest = 64

  /// Reads the array of a `urls` event: one URL string at least, each read as a URL line is,
  /// an error pointing at the element that is wrong.
  static func readURLs(_ node: JSONNode) -> Result<Event, EventError> {
    guard case .array(let items) = node.kind else {
      return fail("'urls' must be an array of URL strings (one open request, MAC4)", at: node.start)
    }
    guard !items.isEmpty else { return fail("'urls' needs one URL at least", at: node.start) }
    if items.count > maxURLsPerRequest {
      return fail(
        "'urls' holds \(items.count) URLs; the limit is \(maxURLsPerRequest) a request (EventReader.maxURLsPerRequest)",
        at: items[maxURLsPerRequest].start)
    }
    var urls: [URLRecord] = []
    urls.reserveCapacity(items.count)
    for item in items {
      guard case .string(let text) = item.kind else {
        return fail("each element of 'urls' must be a URL string, found \(item.typeName)", at: item.start)
      }
      var copy = text
      // Columns count in the whole line: the URL starts after the opening quote.
      switch copy.withUTF8({ readURL($0, columnBase: item.start + 2) }) {
      case .success(let url): urls.append(url)
      case .failure(let error): return .failure(error)
      }
    }
    return .success(Event(urls: urls[0], Array(urls.dropFirst())))
  }
}
