import AppleAppFiles

/// Follows a scene's views to what they handle, and finds the handlers no scene reaches.
///
/// From the scene's content closure it reads every view type it names (`ContentView()`,
/// `.modifier(LinkHandler())`: every declaration and extension of that type), every function of
/// a `View` extension or at top level it calls (`.handleDeepLinks()`), and so on from there.
/// In all of that it finds `onOpenURL`, `onContinueUserActivity(_:)` (its type a literal, a
/// string constant or `NSUserActivityTypeBrowsingWeb`) and `handlesExternalEvents(preferring:
/// allowing:)`. A view reached through something it cannot read by name (an `AnyView` built
/// elsewhere, a view passed in as a value) is not followed; a handler in a view no scene reaches
/// is reported, with the type it is in.
///
/// ```swift
/// var views = ViewScanner(index: index)
/// let handlers = views.handlers(of: scene, log: &log)
/// handlers.openURL.count                 // 1
/// handlers.activityTypes.map(\.value)    // ["com.example.garden.plant"]
/// views.reportUnreached(log: &log)       // warns about handlers outside every scene
/// ```
package struct ViewScanner {
  let index: SwiftIndex
  /// Handler tokens met while following scenes, as (file, token index).
  private var reached: Set<[Int]> = []

  static let handlerNames: Set<String> = ["onOpenURL", "onContinueUserActivity", "handlesExternalEvents"]

  package init(index: SwiftIndex) { self.index = index }

  /// What the views of `scene` handle; empty when the scene has no content closure the reader found.
  package mutating func handlers(of scene: SourceScene, log: inout DiagnosticLog) -> SceneHandlers {
    var out = SceneHandlers()
    guard let content = scene.content else { return out }
    // Each view type and function is read once (``Unit``); a scene walks the graph they make.
    var pending = [scan(file: content.file, from: content.open + 1, to: content.close)]
    var visitedTypes: Set<String> = []
    var visitedFunctions: Set<[Int]> = []
    while !pending.isEmpty {
      let unit = pending.removeFirst()
      for site in unit.sites {
        reached.insert([site.file, site.index])
        read(
          handler: index.files[site.file].tokens[site.index].text, at: site.index, file: site.file, into: &out,
          log: &log)
      }
      for type in unit.types where visitedTypes.insert(type).inserted {
        out.followed.append(type)
        pending.append(typeUnit(type))
      }
      for f in unit.functions where visitedFunctions.insert([f.file, f.open]).inserted {
        pending.append(functionUnit(f))
      }
    }
    return out
  }

  /// What one stretch of code holds: handler modifiers, the view types it names, and the
  /// `View` extension or top-level functions it calls.
  private struct Unit {
    var sites: [(file: Int, index: Int)] = []
    var types: [String] = []
    var functions: [SwiftIndex.FuncDecl] = []
  }

  private var typeUnits: [String: Unit] = [:]
  private var functionUnits: [[Int]: Unit] = [:]
  private var viewTypes: [String: Bool] = [:]

  private mutating func typeUnit(_ name: String) -> Unit {
    if let known = typeUnits[name] { return known }
    var unit = Unit()
    for decl in index.declarations(of: name) where decl.kind != "protocol" {
      let part = scan(file: decl.file, from: decl.open + 1, to: decl.close)
      unit.sites += part.sites
      unit.types += part.types
      unit.functions += part.functions
    }
    typeUnits[name] = unit
    return unit
  }

  private mutating func functionUnit(_ f: SwiftIndex.FuncDecl) -> Unit {
    if let known = functionUnits[[f.file, f.open]] { return known }
    let unit = scan(file: f.file, from: f.open + 1, to: f.close)
    functionUnits[[f.file, f.open]] = unit
    return unit
  }

  private mutating func scan(file: Int, from start: Int, to end: Int) -> Unit {
    var unit = Unit()
    let tokens = index.files[file].tokens
    var seenTypes: Set<String> = []
    var k = start
    while k < min(end, tokens.count) {
      let t = tokens[k]
      defer { k += 1 }
      guard t.kind == .identifier else { continue }
      if Self.handlerNames.contains(t.text), isModifier(tokens, k) {
        unit.sites.append((file, k))
        continue
      }
      guard k + 1 < tokens.count else { continue }
      let next = tokens[k + 1]
      if t.text.first?.isUppercase == true, next.is("(") || next.is("{") || next.is("."), !seenTypes.contains(t.text) {
        seenTypes.insert(t.text)
        if isViewCached(t.text) { unit.types.append(t.text) }
      } else if t.text.first?.isLowercase == true, next.is("(") || next.is("{") {
        unit.functions += index.functions(named: t.text).filter { $0.owner == nil || $0.owner == "View" }
      }
    }
    return unit
  }

  private mutating func isViewCached(_ name: String) -> Bool {
    if let known = viewTypes[name] { return known }
    let value = index.declarations(of: name).contains { $0.kind != "protocol" } && isView(name)
    viewTypes[name] = value
    return value
  }

  /// Whether a type of the sources is a view or a view modifier: it (or an extension of it)
  /// conforms to `View`, `ViewModifier`, or a protocol of the sources that refines one of them.
  func isView(_ name: String, depth: Int = 0) -> Bool {
    guard depth < 8 else { return false }
    for decl in index.declarations(of: name) {
      for conformance in decl.inherits {
        if conformance == "View" || conformance == "ViewModifier" { return true }
        if index.declarations(of: conformance).contains(where: { $0.kind == "protocol" }),
          isView(conformance, depth: depth + 1)
        {
          return true
        }
      }
    }
    return false
  }

  /// Whether the name at `k` is used as a view modifier: after a `.`, or at the start of a line
  /// (inside a `View` extension that calls it on `self`).
  private func isModifier(_ tokens: [SwiftToken], _ k: Int) -> Bool {
    guard k + 1 < tokens.count, tokens[k + 1].is("(") || tokens[k + 1].is("{") else { return false }
    if k > 0, tokens[k - 1].is(".") { return true }
    return tokens[k].newlineBefore || k == 0
  }

  private func read(
    handler: String, at k: Int, file: Int, into out: inout SceneHandlers, log: inout DiagnosticLog
  ) {
    let tokens = index.files[file].tokens
    let location = index.files[file].location(k)
    let values = SwiftValues(index: index, file: file)
    let arguments: [SwiftCall.Argument] =
      tokens[k + 1].is("(") ? SwiftCall.arguments(tokens, from: k + 2, to: SwiftIndex.closing(tokens, from: k + 1)) : []
    switch handler {
    case "onOpenURL":
      out.openURL.append(location)
    case "onContinueUserActivity":
      guard let first = arguments.first else { return }
      if first.range.count == 1, tokens[first.range.lowerBound].isIdentifier("NSUserActivityTypeBrowsingWeb") {
        out.activityTypes.append(Located("NSUserActivityTypeBrowsingWeb", at: location))
      } else if let type = values.string(first.range) {
        out.activityTypes.append(Located(type.value, at: location))
      } else {
        log.warning(
          .notFollowed,
          "the activity type of onContinueUserActivity(\(SwiftCall.text(tokens, first.range))) is computed; "
            + "the table cannot list it among the scene's handlers",
          at: location)
      }
    default:
      let preferring = arguments.first { $0.label == "preferring" }.flatMap { values.stringList($0.range) }
      let allowing = arguments.first { $0.label == "allowing" }.flatMap { values.stringList($0.range) }
      guard arguments.contains(where: { $0.label == "preferring" || $0.label == "allowing" }) else { return }
      if preferring == nil && arguments.contains(where: { $0.label == "preferring" })
        || allowing == nil && arguments.contains(where: { $0.label == "allowing" })
      {
        log.warning(
          .notFollowed,
          "the sets of this handlesExternalEvents(preferring:allowing:) are computed; the table leaves them out",
          at: location)
        return
      }
      out.preferring = (out.preferring ?? []) + (preferring ?? [])
      out.allowing = (out.allowing ?? []) + (allowing ?? [])
      out.preferringLocation = out.preferringLocation ?? location
    }
  }

  /// Warns about every handler in the sources that no scene's views reach (previews excepted).
  package func reportUnreached(log: inout DiagnosticLog) {
    for (f, file) in index.files.enumerated() {
      let tokens = file.tokens
      var previews: [Range<Int>] = []
      for (k, t) in tokens.enumerated() where t.kind == .pound && t.text == "#Preview" {
        var j = k + 1
        while j < tokens.count, !tokens[j].is("{") { j += 1 }
        if j < tokens.count { previews.append(j..<SwiftIndex.closing(tokens, from: j)) }
      }
      for (k, t) in tokens.enumerated() where t.kind == .identifier && Self.handlerNames.contains(t.text) {
        guard isModifier(tokens, k), !reached.contains([f, k]), !previews.contains(where: { $0.contains(k) }) else {
          continue
        }
        if t.text == "handlesExternalEvents",
          !SwiftCall.arguments(tokens, from: k + 2, to: SwiftIndex.closing(tokens, from: k + 1)).contains(where: {
            $0.label == "preferring" || $0.label == "allowing"
          })
        {
          continue  // the scene modifier, read by the scene scanner
        }
        let owner = index.types.values.flatMap { $0 }.filter { $0.file == f && $0.open < k && k < $0.close }
          .max { $0.open < $1.open }
        if owner?.inherits.contains("PreviewProvider") == true { continue }
        log.warning(
          .notFollowed,
          "\(t.text) in \(owner.map { "'\($0.name)'" } ?? "this file") is in no view the reader could follow "
            + "from a scene, so no scene in the table has it",
          at: file.location(k))
      }
    }
  }
}
