import RouteEvents
import RouteMatcher
import RouteTables
import RouterSupport

extension CompiledMatchingSets {
  /// The answer of the matching predicate of the declaration at `scene` for the identifier
  /// whose UTF-8 bytes are `text`: what `matchingPredicate.evaluate(String(text))` answers,
  /// or nil when the predicate is not compiled (``Form/general``) or the text is not ASCII
  /// (the caller evaluates the predicate as before). The tests are tried in order and stop at
  /// the first that holds, as `evaluate` does for an `OR`.
  ///
  /// ```swift
  /// sets.answer(sceneAt: 1, text: bytesOf("notes://note-editor/1"))   // true: CONTAINS[cd] 'note-editor'
  /// ```
  func answer(sceneAt scene: Int, text: UnsafeBufferPointer<UInt8>) -> Bool? {
    withUnsafePointer(to: self) { Self.answer(sceneAt: scene, text: text, of: $0) }
  }

  /// ``answer(sceneAt:text:)`` of the sets at `sets`, read in place: the method called on the
  /// router's sets through its pointer copied them first (three arrays retained and released,
  /// on every URL line that reaches a matching set).
  ///
  /// - Parameter isASCII: whether the caller knows the text is ASCII (a URL's bytes that are its
  ///   `absoluteString` as they are: every component kept as written is), so it is not scanned
  ///   again.
  static func answer(
    sceneAt scene: Int, text: UnsafeBufferPointer<UInt8>, of sets: UnsafePointer<Self>, isASCII: Bool = false
  ) -> Bool? {
    let entry = sets.pointee.scenes[scene]
    switch entry.form {
    case .general: return nil
    case .always: return true
    case .never: return false
    case .anyOf: return anyOf(entry, text, sets, isASCII: isASCII)
    }
  }

  /// Whether one test of `entry` holds for `text`; nil when the text is not ASCII (scanned
  /// unless `isASCII`).
  private static func anyOf(
    _ entry: Scene, _ text: UnsafeBufferPointer<UInt8>, _ sets: UnsafePointer<Self>, isASCII: Bool
  ) -> Bool? {
    if entry.count == 0 { return false }
    guard isASCII || UTF8Bytes.isASCII(text) else { return nil }
    return sets.pointee.bytes.withUnsafeBufferPointer { all -> Bool in
      var i = Int(entry.first)
      let end = i &+ Int(entry.count)
      while i < end {
        let test = sets.pointee.tests[i]
        let value = UnsafeBufferPointer(rebasing: all[Int(test.start)..<Int(test.start) &+ Int(test.count)])
        if ActivationPredicate.Comparison.compareASCII(test.op, caseInsensitive: test.caseInsensitive, text, value) {
          return true
        }
        i &+= 1
      }
      return false
    }
  }
}

extension TableView {
  /// The answer of the matching predicate of the declaration at `scene` for a URL's identifier
  /// (its `absoluteString`), tested on the URL's bytes in place with the router's compiled
  /// sets; nil when that cannot be told so (the predicate not compiled, the bytes not the
  /// `absoluteString` as they are, or not ASCII): the caller evaluates the predicate.
  func matchingAnswer(sceneAt scene: Int, url: ObservedInPlace<URLRecord>) -> Bool? {
    switch router.pointee.matchingSets.scenes[scene].form {
    case .general: return nil
    case .always: return true
    case .never: return false
    case .anyOf:
      // The sets are read through their address in the router, not copied.
      let offset = MemoryLayout<CompiledRouter>.offset(of: \CompiledRouter.matchingSets)!
      let sets = UnsafeRawPointer(router).advanced(by: offset).assumingMemoryBound(to: CompiledMatchingSets.self)
      return url.matchingAnswer(sceneAt: scene, of: sets)
    }
  }
}

extension CompiledMatchingSets {
  /// The answer of the ``Form/anyOf`` entry at `scene` of the sets at `sets` for the
  /// `absoluteString` of the URL at `url`, told on the URL's bytes in place; nil when it cannot
  /// be told so (the caller evaluates the predicate on the string).
  ///
  /// An entry that ``Scene/answersOnBytes`` is tested on the bytes as they are when the URL has
  /// no userinfo, no port and an ASCII host (its `absoluteString` is then its bytes with some
  /// bytes escaped, which such an entry's values cannot tell), with no check that they are the
  /// `absoluteString`; any other on the bytes only when they are the `absoluteString`
  /// (``URLRecord/testAbsoluteString(at:_:)``).
  ///
  /// ```swift
  /// // CONTAINS[cd] 'note-editor' on notes://note/1?x=<y>: tested on the bytes, no `absoluteString` made
  /// ```
  static func answer(sceneAt scene: Int, url: UnsafePointer<URLRecord>, of sets: UnsafePointer<Self>) -> Bool? {
    let entry = sets.pointee.scenes[scene]
    if entry.answersOnBytes {
      let r = url.pointee.ranges
      if r.user == nil && r.portText == nil && r.hostIsASCII {
        // Not scanned for ASCII: a non-ASCII byte is never equal to a value's byte.
        return URLRecord.withBytes(at: url) { anyOf(entry, $0, sets, isASCII: true) }
      }
    }
    // Bytes that are the `absoluteString` as they are are ASCII (every component kept as
    // written is, and the host is): not scanned again.
    return URLRecord.testAbsoluteString(at: url) { answer(sceneAt: scene, text: $0, of: sets, isASCII: true) }
  }
}
