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
      scenes.append(Scene(form: form, first: first, count: Int32(tests.count) - first))
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
