/// The `handlesExternalEvents(matching:)` predicates of a table's scene declarations
/// (``SceneDeclaration/matchingPredicate``), compiled once into a form tested on an
/// identifier's UTF-8 bytes: a constant answer, or an OR of comparisons whose values are ASCII
/// and kept as bytes side by side (no string read, nothing retained a test). A predicate of
/// another shape (`AND`, `NOT`, nested, `LIKE`, a non-ASCII value) is left to the general
/// evaluation (``Form/general``).
///
/// ```swift
/// let sets = CompiledMatchingSets([SceneDeclaration(id: "editor", matching: ["note-editor"])])
/// sets.scenes[0].form    // .anyOf: one test, `CONTAINS[cd] 'note-editor'`
/// ```
package struct CompiledMatchingSets: Sendable {
  /// How a declaration's predicate is answered.
  package enum Form: UInt8, Sendable {
    /// By the general evaluation (no matching set, or a predicate not compiled).
    case general
    /// `TRUEPREDICATE`: true whatever the identifier.
    case always
    /// `FALSEPREDICATE`: false whatever the identifier.
    case never
    /// True when one of the declaration's tests holds (on ASCII text; other text is left to
    /// the general evaluation).
    case anyOf
  }

  /// One declaration's predicate: its form and, for ``Form/anyOf``, its tests' positions in
  /// ``tests``.
  package struct Scene: Sendable {
    package var form: Form
    /// For ``Form/anyOf``: whether every test is a `CONTAINS` whose value no difference between
    /// a URL's bytes and its `absoluteString` can reach (``answersOnBytes(_:_:)``), so the tests
    /// run on the bytes as they are, without checking first that they are the `absoluteString`.
    package var answersOnBytes = false
    package var first: Int32
    package var count: Int32
  }

  /// One comparison, `self <op>[c] 'value'`, with its value's bytes at `start..<start + count`
  /// of ``bytes`` (`[d]` changes nothing on ASCII text).
  package struct Test: Sendable {
    package var op: ActivationPredicate.Comparison.Operator
    package var caseInsensitive: Bool
    package var start: Int32
    package var count: Int32
  }

  /// One entry a declaration of the table, by position.
  package let scenes: [Scene]
  /// The comparisons of every ``Form/anyOf`` entry, in their predicates' order.
  package let tests: [Test]
  /// The comparisons' values, side by side.
  package let bytes: [UInt8]

  /// Compiles the matching predicates of `declarations`.
  package init(_ declarations: [SceneDeclaration]) {
    self.init(predicates: declarations.map(\.matchingPredicate))
  }

  /// Compiles `predicates`, one entry each, by position (nil: no predicate, ``Form/general``).
  package init(predicates: [ActivationPredicate?]) {
    var scenes: [Scene] = []
    var tests: [Test] = []
    var bytes: [UInt8] = []
    scenes.reserveCapacity(predicates.count)
    for predicate in predicates {
      let first = Int32(tests.count)
      guard let predicate,
        let form = Self.compile(predicate, into: &tests, bytes: &bytes)
      else {
        tests.removeSubrange(Int(first)...)
        scenes.append(Scene(form: .general, first: first, count: 0))
        continue
      }
      let own = tests[Int(first)...]
      scenes.append(
        Scene(
          form: form, answersOnBytes: form == .anyOf && own.allSatisfy { Self.answersOnBytes($0, bytes) },
          first: first, count: Int32(tests.count) - first))
    }
    self.scenes = scenes
    self.tests = tests
    self.bytes = bytes
  }

  /// The form of `predicate`, its tests appended; nil when it is not compiled.
  private static func compile(_ predicate: ActivationPredicate, into tests: inout [Test], bytes: inout [UInt8])
    -> Form?
  {
    switch predicate {
    case .always: return .always
    case .never: return .never
    case .comparison(let c):
      return append(c, to: &tests, bytes: &bytes) ? .anyOf : nil
    case .or(let parts):
      for part in parts {
        guard case .comparison(let c) = part, append(c, to: &tests, bytes: &bytes) else { return nil }
      }
      return .anyOf
    case .and, .not:
      return nil
    }
  }

  /// Whether `test` answers the same on a URL's bytes as on its `absoluteString`, for a URL
  /// with no userinfo, no port and an ASCII host: a `CONTAINS` whose value holds only unreserved
  /// bytes (letters, digits, `-`, `.`, `_`, `~`) and does not start with a hex digit.
  ///
  /// Such a URL's `absoluteString` is its bytes with some bytes of the path, the query and the
  /// fragment each replaced by an escape, `%` and two hex digits (Foundation's rebuild); no other
  /// byte moves. The value has no `%` and none of the bytes Foundation escapes, so a place where
  /// it occurs in one text lies in bytes both texts share, or would start at an escape's second
  /// or third byte, a hex digit, which its first byte is not. A non-ASCII byte (escaped in the
  /// `absoluteString`) is never equal to an ASCII value's byte, folded or not.
  ///
  /// ```swift
  /// // true for CONTAINS[cd] 'note-editor'; false for 'editor' ("%3Editor" holds it), 'a:b', 'a%20b'
  /// ```
  static func answersOnBytes(_ test: Test, _ bytes: [UInt8]) -> Bool {
    guard test.op == .contains else { return false }
    let value = bytes[Int(test.start)..<Int(test.start) &+ Int(test.count)]
    guard let first = value.first else { return true }
    let isHex = first &- 0x30 < 10 || (first | 0x20) &- 0x61 < 6
    return !isHex && value.allSatisfy(isUnreserved)
  }

  /// A letter, a digit, `-`, `.`, `_` or `~`: in every component's set of Foundation, never
  /// escaped.
  private static func isUnreserved(_ b: UInt8) -> Bool {
    b &- 0x30 < 10 || (b | 0x20) &- 0x61 < 26 || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E
  }

  /// Appends a comparison that is decided on ASCII bytes: not `LIKE`, an ASCII value.
  private static func append(_ c: ActivationPredicate.Comparison, to tests: inout [Test], bytes: inout [UInt8]) -> Bool
  {
    guard c.op != .like, c.value.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
    tests.append(
      Test(op: c.op, caseInsensitive: c.caseInsensitive, start: Int32(bytes.count), count: Int32(c.value.utf8.count)))
    bytes.append(contentsOf: c.value.utf8)
    return true
  }
}
