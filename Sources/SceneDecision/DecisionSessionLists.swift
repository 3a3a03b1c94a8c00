/// The lists a decision rarely fills, as the decision keeps them: the sessions it closes, the
/// sessions a launch opens, and the fates of a request's extra URLs.
///
/// ``Decision/closedSessions``, ``Decision/openedSessions`` and ``Decision/extraURLs`` read and
/// set them. Most decisions (every URL delivered or opened) fill none of the three, and keep
/// one empty reference, not three empty arrays each released when the decision is. Two are
/// equal, and hash alike, when their three arrays are, and they hash as the three arrays, in
/// that order, do (what the decision hashed when it kept them as stored arrays).
///
/// ```swift
/// var lists = DecisionSessionLists()
/// lists.isEmpty          // true
/// lists.closed = ["s2"]
/// lists.closed           // ["s2"]
/// lists.opened           // []
/// ```
package struct DecisionSessionLists: Sendable, Hashable {
  /// The three arrays, at least one of them not empty; never changed once made.
  private final class Storage: Sendable {
    let closed: [String]
    let opened: [String]
    let extraURLs: [ExtraURL]

    init(closed: [String], opened: [String], extraURLs: [ExtraURL]) {
      self.closed = closed
      self.opened = opened
      self.extraURLs = extraURLs
    }
  }

  /// Nil when the three arrays are empty.
  private var storage: Storage?

  /// Three empty lists.
  package init() { storage = nil }

  /// These lists.
  package init(closed: [String], opened: [String] = [], extraURLs: [ExtraURL] = []) {
    storage = Self.storage(closed: closed, opened: opened, extraURLs: extraURLs)
  }

  /// Lists with `closed` alone: the empty lists, with no call, when `closed` is empty (what
  /// almost every decision closes).
  ///
  /// ```swift
  /// DecisionSessionLists(closing: []).isEmpty       // true
  /// DecisionSessionLists(closing: ["s2"]).closed    // ["s2"]
  /// ```
  @inline(__always)
  package init(closing closed: [String]) {
    self = closed.isEmpty ? DecisionSessionLists() : DecisionSessionLists(closed: closed)
  }

  /// Whether the three are empty.
  package var isEmpty: Bool { storage == nil }

  /// The sessions the decision closes.
  package var closed: [String] {
    get { storage?.closed ?? [] }
    set { storage = Self.storage(closed: newValue, opened: opened, extraURLs: extraURLs) }
  }

  /// Every session a launch opens, when it opens more than one.
  package var opened: [String] {
    get { storage?.opened ?? [] }
    set { storage = Self.storage(closed: closed, opened: newValue, extraURLs: extraURLs) }
  }

  /// The fates of a request's extra URLs.
  package var extraURLs: [ExtraURL] {
    get { storage?.extraURLs ?? [] }
    set { storage = Self.storage(closed: closed, opened: opened, extraURLs: newValue) }
  }

  private static func storage(closed: [String], opened: [String], extraURLs: [ExtraURL]) -> Storage? {
    closed.isEmpty && opened.isEmpty && extraURLs.isEmpty
      ? nil : Storage(closed: closed, opened: opened, extraURLs: extraURLs)
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.storage === rhs.storage { return true }
    return lhs.closed == rhs.closed && lhs.opened == rhs.opened && lhs.extraURLs == rhs.extraURLs
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(closed)
    hasher.combine(opened)
    hasher.combine(extraURLs)
  }
}
