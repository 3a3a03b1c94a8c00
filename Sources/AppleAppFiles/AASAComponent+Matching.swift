extension AASAComponent {
  /// Whether every key the component gives matches the URL (L6); keys it leaves out match anything.
  ///
  /// The URL is compared in the form the component's effective options ask for (L10–L12). A `?`
  /// dictionary needs every named item to match in every occurrence, and reads an absent item as
  /// `""` (L8); an ignored dictionary constrains nothing (L16).
  ///
  /// ```swift
  /// let input = AASAMatchInput(try URLRecord(parsing: "https://example.com/abc?def"))
  /// component.matches(input)   // true for {"/": "abc", "?": "def", "#": "*"} (L6, L16)
  /// ```
  public func matches(_ input: AASAMatchInput) -> Bool {
    let view = input.view(effective)
    if let path, !path.matches(view.path) { return false }
    switch query {
    case nil, .ignored:
      break
    case .pattern(let pattern):
      if !pattern.matches(view.query) { return false }
    case .items(let items):
      for item in items where !AASAComponent.itemMatches(item, view, caseSensitive: effective.caseSensitive) {
        return false
      }
    }
    if let fragment, !fragment.matches(view.fragment) { return false }
    return true
  }

  /// One `?` dictionary entry: all occurrences of the name must match; none reads as "".
  static func itemMatches(_ item: AASAQueryItem, _ view: AASAMatchInput.View, caseSensitive: Bool) -> Bool {
    let name = String(String.UnicodeScalarView(WildcardPattern.prepare(item.name, caseSensitive: caseSensitive)))
    var found = false
    for occurrence in view.items where occurrence.name == name {
      found = true
      if !item.pattern.matches(occurrence.value) { return false }
    }
    return found || item.pattern.matches([])
  }
}
