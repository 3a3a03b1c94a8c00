package import RouteEvents
import RouterSupport

/// An apple-app-site-association file compiled for one app: its entries and components
/// flattened into arrays of plain values, its patterns into an ``AASAPatternProgram``, so that
/// a URL is decided on its UTF-8 bytes, in place, without allocating (L5–L17).
///
/// Compile it once per file and app (the router does, when it is compiled) and ask it about
/// many URLs. ``decide(_:)`` gives exactly the decision ``AppSiteAssociation/evaluate(_:appID:exclusionsStopLaterEntries:)``
/// gives (which is built on it), held by a differential test against the scalar evaluation.
///
/// How a URL is compared (L11, L12, L16): the path, query and fragment as Foundation's
/// `*(percentEncoded: true)` returns them are, for nearly every URL, its bytes as written (every
/// byte is allowed unencoded in the component, or a `%`), so they are read in place; their
/// decoded forms, only when a component of the app compares decoded (`percentEncoded: false`)
/// and the URL has a `%`, are decoded once into working memory on the stack. Two kinds of URL
/// take the scalar evaluation instead (``AASAMatchInput`` and ``AASAComponent/matches(_:)``):
/// one whose component Foundation would re-encode (a byte outside its set: a space, a non-ASCII
/// character written raw), and one whose decoded form, when a component compares it, would not
/// be ASCII (an escape of a byte 0x80 or above). There, characters are Unicode scalars, folding
/// is Unicode's, and strings compare by canonical equivalence, which bytes cannot tell.
///
/// ```swift
/// let matcher = AASAMatcher(association, appID: "ABCDE12345.com.example.notes")
/// matcher.decide(try URLRecord(parsing: "https://notes.example.com/n/42")).outcome        // .opens
/// matcher.decide(try URLRecord(parsing: "https://notes.example.com/n/42/export")).outcome // .excluded
/// ```
package final class AASAMatcher: Sendable {
  /// One component of an entry that names the app.
  struct Component: Sendable {
    /// Positions of the entry in `details` and of the component in its `components`.
    var entry: Int32
    var position: Int32
    /// The path pattern, the pattern of its parent (`/x/*`), and whether the path is also tried
    /// without its leading slash; -1 for none.
    var path: Int32 = -1
    var parent: Int32 = -1
    var pathIsRelative = false
    /// The query: any, one pattern (`query`), or `itemCount` items from `query` in `items`.
    var queryKind = QueryKind.any
    var query: Int32 = -1
    var itemCount: Int32 = 0
    var fragment: Int32 = -1
    var exclude = false
    var isLegacyPath = false
    var caseSensitive = true
    var percentEncoded = true
  }

  enum QueryKind: UInt8, Sendable {
    case any, pattern, items
  }

  /// One `"name": "pattern"` of a `?` dictionary.
  struct Item: Sendable {
    /// The name as compared (folded when the component is case-insensitive), as bytes in
    /// `names` when ASCII; else `slowName` indexes `slowNames` (compared as a string).
    var nameFirst: Int32
    var nameCount: Int32
    var slowName: Int32
    var pattern: Int32
  }

  /// The file, for the texts of verdicts and the scalar evaluation.
  package let association: AppSiteAssociation
  /// The app asked about (nil: whichever app the file names).
  package let appID: String?
  /// Whether an exclusion decides (an app ID and `firstDecision`), or later entries may open.
  let stopsAtExclusion: Bool
  /// The file's domain as bytes, when it is ASCII (else the host is compared as a string).
  let domainBytes: [UInt8]?
  /// The components of the entries that name the app, in order; `entryEnds[k]` is where the
  /// k-th such entry's components end.
  let components: [Component]
  let entryEnds: [Int32]
  let items: [Item]
  let names: [UInt8]
  let slowNames: [String]
  let program: AASAPatternProgram
  /// Whether some component of the app compares decoded forms (`percentEncoded: false`).
  let comparesDecoded: Bool
  /// Whether the file has several `details` entries (L17, AMB11).
  let severalEntries: Bool
  /// ``AASAForms/refusedBytes``, held here: read without a global's lazy initialization check.
  let refusedBytes = AASAForms.refusedBytes

  /// Compiles `association` for `appID` (nil: whichever app it names).
  ///
  /// - Parameter exclusionsStopLaterEntries: with an app ID, whether an exclusion in one entry
  ///   decides (the AMB11 default), or later entries may still open the URL.
  package init(_ association: AppSiteAssociation, appID: String?, exclusionsStopLaterEntries: Bool = true) {
    var components: [Component] = []
    var entryEnds: [Int32] = []
    var items: [Item] = []
    var names: [UInt8] = []
    var slowNames: [String] = []
    var program = AASAPatternProgram()
    var comparesDecoded = false
    for (e, entry) in association.details.enumerated() {
      if let appID, !entry.lists(appID: appID) { continue }
      for (c, model) in entry.components.enumerated() {
        var component = Component(entry: Int32(e), position: Int32(c))
        component.exclude = model.exclude
        component.isLegacyPath = model.origin == .paths
        component.caseSensitive = model.effective.caseSensitive
        component.percentEncoded = model.effective.percentEncoded
        if !component.percentEncoded { comparesDecoded = true }
        if let path = model.path {
          component.path = program.add(path.pattern)
          component.parent = path.parent.map { program.add($0) } ?? -1
          component.pathIsRelative = path.isRelative
        }
        switch model.query {
        case nil, .ignored:
          break
        case .pattern(let pattern):
          component.queryKind = .pattern
          component.query = program.add(pattern.pattern)
        case .items(let list):
          component.queryKind = .items
          component.query = Int32(items.count)
          component.itemCount = Int32(list.count)
          for item in list {
            let name = String(
              String.UnicodeScalarView(WildcardPattern.prepare(item.name, caseSensitive: component.caseSensitive)))
            let ascii = name.utf8.allSatisfy { $0 < 0x80 }
            items.append(
              Item(
                nameFirst: Int32(names.count), nameCount: ascii ? Int32(name.utf8.count) : 0,
                slowName: ascii ? -1 : Int32(slowNames.count), pattern: program.add(item.pattern.pattern)))
            if ascii { names += name.utf8 } else { slowNames.append(name) }
          }
        }
        if let fragment = model.fragment { component.fragment = program.add(fragment.pattern) }
        components.append(component)
      }
      entryEnds.append(Int32(components.count))
    }
    self.association = association
    self.appID = appID
    self.stopsAtExclusion = appID != nil && exclusionsStopLaterEntries
    self.domainBytes = association.domain.flatMap { $0.utf8.allSatisfy { $0 < 0x80 } ? Array($0.utf8) : nil }
    self.components = components
    self.entryEnds = entryEnds
    self.items = items
    self.names = names
    self.slowNames = slowNames
    self.program = program
    self.comparesDecoded = comparesDecoded
    self.severalEntries = association.details.count > 1
  }

  /// What the file says about `url` for the app (the procedure of
  /// ``AppSiteAssociation/evaluate(_:appID:exclusionsStopLaterEntries:)``).
  ///
  /// - Parameter hostIsDomain: whether the caller knows that the URL's host is the file's
  ///   domain (the gate, which chose the file by it), so it is not compared again.
  package func decide(_ url: URLRecord, hostIsDomain: Bool = false) -> AASADecision {
    let ranges = url.ranges
    let step = AASAForms.withBytes(of: url.text) { decide($0, ranges, hostIsDomain: hostIsDomain) }
    return finish(step, url)
  }

  /// What ``decide(_:bytes:ranges:hostIsDomain:)`` could not decide on bytes.
  enum Step {
    case decided(AASADecision)
    /// The host is not plain ASCII: it is compared in its normal form, as a string.
    case hostAsString
    /// The scalar evaluation decides.
    case scalars
  }

  /// The decision of `step` for `url`, the rare steps done on strings and scalars.
  func finish(_ step: Step, _ url: URLRecord) -> AASADecision {
    switch step {
    case .decided(let decision):
      return decision
    case .scalars:
      return decideWithScalars(url)
    case .hostAsString:
      guard url.normalizedHost == association.domain else {
        return AASADecision(reason: .hostMismatch, severalEntries: severalEntries)
      }
      return decide(url, hostIsDomain: true)
    }
  }

  /// The decision on the URL's bytes (`bytes`, read in `ranges`), or the step that needs more.
  func decide(_ bytes: UnsafeBufferPointer<UInt8>, _ ranges: URLComponentRanges, hostIsDomain: Bool) -> Step {
    guard AASAForms.isHTTPS(UnsafeBufferPointer(rebasing: bytes[ranges.scheme])) else {
      return .decided(AASADecision(reason: .notHTTPS, severalEntries: severalEntries))
    }
    if !hostIsDomain && association.domain != nil {
      guard let domainBytes, let host = ranges.host, ranges.hostIsASCII, !ranges.hostIsIPLiteral else {
        return .hostAsString
      }
      let sameHost = domainBytes.withUnsafeBufferPointer {
        AASAForms.equalsLowercased(UnsafeBufferPointer(rebasing: bytes[host]), $0)
      }
      if !sameHost { return .decided(AASADecision(reason: .hostMismatch, severalEntries: severalEntries)) }
    }
    guard association.hasAppLinks else {
      return .decided(AASADecision(reason: .noAppLinks, severalEntries: severalEntries))
    }
    return decideOnBytes(bytes, ranges).map { .decided($0) } ?? .scalars
  }

  /// The components' decision by the scalar evaluation (``AASAMatchInput``), for a URL the
  /// bytes cannot decide; the scheme, host and `applinks` checks are done.
  func decideWithScalars(_ url: URLRecord) -> AASADecision {
    let input = AASAMatchInput(url)
    return walk { component in
      association.details[Int(component.entry)].components[Int(component.position)].matches(input)
    }
  }

  /// The components' decision on the bytes of `url` alone, or nil when the scalar evaluation
  /// must decide (what the differential test compares); the scheme, host and `applinks`
  /// checks are not done.
  func decideOnBytes(_ url: URLRecord) -> AASADecision? {
    // The ranges are copied out (plain values): a closure that captured the record copied it.
    let ranges = url.ranges
    return AASAForms.withBytes(of: url.text) { decideOnBytes($0, ranges) }
  }

  /// The verdict of `decision` with its texts, for `url` (what ``decide(_:hostIsDomain:)`` said
  /// about it).
  package func verdict(_ decision: AASADecision, for url: URLRecord) -> AASAVerdict {
    association.verdict(decision, for: url, appID: appID)
  }

  // MARK: - The steps

  /// The components' decision on the URL's bytes, or nil when the scalar evaluation must decide.
  private func decideOnBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ ranges: URLComponentRanges) -> AASADecision? {
    let path = UnsafeBufferPointer(rebasing: bytes[ranges.path])
    let query =
      ranges.query.map { UnsafeBufferPointer(rebasing: bytes[$0]) } ?? UnsafeBufferPointer(start: nil, count: 0)
    let fragment =
      ranges.fragment.map { UnsafeBufferPointer(rebasing: bytes[$0]) } ?? UnsafeBufferPointer(start: nil, count: 0)
    let asWritten = refusedBytes.withUnsafeBufferPointer {
      AASAForms.areAsWritten(path: path, query: query, fragment: fragment, refused: $0.baseAddress!)
    }
    guard asWritten else { return nil }
    let encoded = AASAForms.Form(path: path, query: query, fragment: fragment)
    guard comparesDecoded && (path.contains(0x25) || query.contains(0x25) || fragment.contains(0x25)) else {
      let forms = AASAForms(encoded: encoded, decoded: encoded, query: query, scratch: nil)
      return program.withView { program in walk { matches($0, forms, program) } }
    }
    // A decoded form is compared: it must be ASCII (no escape of a byte 0x80 or above).
    guard
      !AASAForms.escapesNonASCII(path) && !AASAForms.escapesNonASCII(query) && !AASAForms.escapesNonASCII(fragment)
    else { return nil }
    let total = path.count &+ query.count &* 2 &+ fragment.count
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: total) { memory in
      var rest = memory
      func decoded(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let out = UnsafeMutableBufferPointer(rebasing: rest[0..<text.count])
        rest = UnsafeMutableBufferPointer(rebasing: rest[text.count...])
        return AASAForms.decode(text, into: out)
      }
      let decodedForm = AASAForms.Form(path: decoded(path), query: decoded(query), fragment: decoded(fragment))
      let forms = AASAForms(encoded: encoded, decoded: decodedForm, query: query, scratch: rest)
      return program.withView { program in walk { matches($0, forms, program) } }
    }
  }

  /// The walk of L17 and L5 over the entries that name the app, with `matches` telling whether a
  /// component matches the URL.
  @inline(__always)
  private func walk(_ matches: (Component) -> Bool) -> AASADecision {
    var firstExclusion: AASADecision?
    let decided = components.withUnsafeBufferPointer { components in
      entryEnds.withUnsafeBufferPointer { entryEnds -> AASADecision? in
        var c = 0
        for end in entryEnds {
          // The first component that matches decides in its entry (L5).
          while c < Int(end) {
            let component = components[c]
            c &+= 1
            guard matches(component) else { continue }
            let decision = AASADecision(
              reason: component.exclude ? .componentExcluded : .componentMatched, entry: component.entry,
              component: component.position, isLegacyPath: component.isLegacyPath, severalEntries: severalEntries)
            if !component.exclude || stopsAtExclusion { return decision }
            if firstExclusion == nil { firstExclusion = decision }
            c = Int(end)
          }
        }
        return nil
      }
    }
    return decided ?? firstExclusion ?? noneMatched()
  }

  /// The answer when no component decided.
  private func noneMatched() -> AASADecision {
    AASADecision(
      reason: appID != nil && entryEnds.isEmpty ? .appNotListed : .noComponentMatched, severalEntries: severalEntries)
  }

  /// Whether `component` matches the URL's forms (L6, L8, L10–L12, L16).
  private func matches(_ component: Component, _ forms: AASAForms, _ program: AASAPatternProgram.View) -> Bool {
    let folding = !component.caseSensitive
    let form = component.percentEncoded ? forms.encoded : forms.decoded
    if component.path >= 0 && !pathMatches(component, form, program, folding: folding) { return false }
    switch component.queryKind {
    case .any:
      break
    case .pattern:
      if !program.matches(component.query, form.query, folding: folding) { return false }
    case .items:
      var k = component.query
      while k < component.query &+ component.itemCount {
        if !itemMatches(items[Int(k)], forms, program, decoded: !component.percentEncoded, folding: folding) {
          return false
        }
        k &+= 1
      }
    }
    if component.fragment >= 0 && !program.matches(component.fragment, form.fragment, folding: folding) {
      return false
    }
    return true
  }

  /// The `/` pattern against the path without its trailing slashes, then (for a pattern without
  /// a leading slash) without its leading one; then the same for the parent pattern (L16).
  private func pathMatches(
    _ component: Component, _ form: AASAForms.Form, _ program: AASAPatternProgram.View, folding: Bool
  ) -> Bool {
    let trimmed = form.trimmedPath
    let bare: UnsafeBufferPointer<UInt8>? =
      trimmed.first == 0x2F ? UnsafeBufferPointer(rebasing: trimmed[1...]) : nil
    func tried(_ pattern: Int32) -> Bool {
      if program.matches(pattern, trimmed, folding: folding) { return true }
      if component.pathIsRelative, let bare, program.matches(pattern, bare, folding: folding) { return true }
      return false
    }
    return tried(component.path) || (component.parent >= 0 && tried(component.parent))
  }

  /// One `?` dictionary entry: every occurrence of the name must match; none reads as "" (L8).
  private func itemMatches(
    _ item: Item, _ forms: AASAForms, _ program: AASAPatternProgram.View, decoded: Bool, folding: Bool
  ) -> Bool {
    var found = false
    var failed = false
    AASAForms.forEachQueryItem(forms.query) { name, value in
      guard !failed else { return }
      let name = decoded ? forms.decoded(name) : name
      guard nameEquals(item, name, folding: folding) else { return }
      found = true
      let value = decoded ? forms.decoded(value) : value
      if !program.matches(item.pattern, value, folding: folding) { failed = true }
    }
    if failed { return false }
    return found || program.matches(item.pattern, UnsafeBufferPointer(start: nil, count: 0), folding: folding)
  }

  /// Whether a query item's name, as written or decoded, equals the item's (folded when `folding`).
  private func nameEquals(_ item: Item, _ name: UnsafeBufferPointer<UInt8>, folding: Bool) -> Bool {
    if item.slowName >= 0 {
      // A non-ASCII name: compared as the scalar evaluation does, as strings (canonical
      // equivalence: the Kelvin sign equals "K").
      let text = String(decoding: name.lazy.map { AASAPatternProgram.fold($0, folding) }, as: UTF8.self)
      return text == slowNames[Int(item.slowName)]
    }
    guard name.count == Int(item.nameCount) else { return false }
    return names.withUnsafeBufferPointer { names in
      var i = 0
      while i < name.count {
        if AASAPatternProgram.fold(name[i], folding) != names[Int(item.nameFirst) &+ i] { return false }
        i &+= 1
      }
      return true
    }
  }
}
