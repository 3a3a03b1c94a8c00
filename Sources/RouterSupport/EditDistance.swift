/// Levenshtein distance and "did you mean" suggestions for names a user mistyped.
///
/// ```swift
/// EditDistance.suggestion(for: "note-editr", among: ["main", "note-editor"])  // "note-editor"
/// ```
public enum EditDistance {
  /// The number of single-character edits between two strings.
  public static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// The closest candidate within a distance below 4 (swift-argument-parser's threshold), or nil.
  public static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
    var best: (String, Int)?
    for candidate in candidates {
      let d = distance(name, candidate)
      if d < 4, d < (best?.1 ?? Int.max) { best = (candidate, d) }
    }
    return best?.0
  }

  /// " Did you mean 'x'?" or "".
  package static func didYouMean(_ name: String, among candidates: some Sequence<String>) -> String {
    suggestion(for: name, among: candidates).map { " Did you mean '\($0)'?" } ?? ""
  }
}
