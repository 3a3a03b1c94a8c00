import AppleAppFiles
import RouterSupport

/// Finds the app's scenes: the `body` of the type that conforms to `App` (the `@main` one when
/// several do), read as a scene builder.
///
/// Understood: `WindowGroup` (title as a literal, a constant or `Text("…")`; `id:`; `for: T.self`;
/// a `defaultValue:` closure that is one literal), `Window` and `UtilityWindow` (title, `id:`),
/// `DocumentGroup` (`newDocument:`, `viewing:`, `editing:` with the document type's
/// `readableContentTypes`, or `contentType:`), `Settings`, `ImmersiveSpace(id:)`, `MenuBarExtra`;
/// the scene modifiers `handlesExternalEvents(matching:)` (an array or `Set` of literals or
/// constants), `defaultLaunchBehavior(_:)` and `restorationBehavior(_:)`; scenes of a custom
/// `Scene` type or of a `some Scene` property of the app, followed into their `body`; `if
/// #available` and `if` around scenes. Anything else in the body (a function that builds
/// scenes, a computed id) is reported as not followed, and nothing is guessed for it.
///
/// ```swift
/// var log = DiagnosticLog()
/// let found = SceneScanner.scan(index, log: &log)
/// found.app?.name            // "GardenApp"
/// found.scenes.map(\.kind)   // [.windowGroup, .windowGroup, .settings]
/// ```
package struct SceneScanner {
  package struct Found: Sendable {
    package var app: SwiftIndex.TypeDecl?
    package var scenes: [SourceScene]
  }

  let index: SwiftIndex
  var log: DiagnosticLog
  private var depth = 0

  /// The app type and its scenes; no app type is not an error here (a UIKit app has none).
  package static func scan(_ index: SwiftIndex, log: inout DiagnosticLog) -> Found {
    var scanner = SceneScanner(index: index, log: log)
    defer { log = scanner.log }
    let apps = index.types(conformingTo: "App").filter { $0.kind == "struct" }
    guard let app = apps.first(where: { $0.attributes.contains("main") }) ?? apps.first else {
      return Found(app: nil, scenes: [])
    }
    for other in apps where other.name != app.name && other.attributes.contains("main") {
      scanner.log.warning(
        .notFollowed, "two @main App types; the scenes of '\(app.name)' are read, not those of '\(other.name)'",
        at: index.files[other.file].location(other.nameIndex))
    }
    guard let body = scanner.property("body", ofType: "Scene", in: app) else {
      scanner.log.warning(
        .notFollowed, "'\(app.name)' has no 'var body: some Scene { … }' the reader can read",
        at: index.files[app.file].location(app.nameIndex))
      return Found(app: app, scenes: [])
    }
    let scenes = scanner.scenes(file: body.file, from: body.open + 1, to: body.close, app: app)
    return Found(app: app, scenes: scenes)
  }

  /// `var NAME: some KIND { … }` directly inside `type` (or one of its extensions).
  func property(_ name: String, ofType kind: String, in type: SwiftIndex.TypeDecl)
    -> (file: Int, open: Int, close: Int)?
  {
    for decl in index.declarations(of: type.name) {
      let tokens = index.files[decl.file].tokens
      var k = decl.open + 1
      while k + 4 < decl.close {
        if tokens[k].isIdentifier("var"), tokens[k + 1].isIdentifier(name), tokens[k + 2].is(":") {
          var j = k + 3
          while j < decl.close, !tokens[j].is("{"), !tokens[j].is("=") { j += 1 }
          let typeText = tokens[(k + 3)..<j].map(\.text)
          if j < decl.close, tokens[j].is("{"), typeText.contains(kind) {
            return (decl.file, j, SwiftIndex.closing(tokens, from: j))
          }
        }
        if tokens[k].is("{") { k = SwiftIndex.closing(tokens, from: k) }
        k += 1
      }
    }
    return nil
  }

  /// The scenes of a scene builder between token `from` and `to` (exclusive) of `file`.
  mutating func scenes(
    file: Int, from start: Int, to end: Int, app: SwiftIndex.TypeDecl, condition: String? = nil
  ) -> [SourceScene] {
    let tokens = index.files[file].tokens
    var out: [SourceScene] = []
    var k = start
    while k < end {
      let t = tokens[k]
      if t.isIdentifier("if") {
        k = conditional(file: file, at: k, to: end, app: app, into: &out)
        continue
      }
      guard t.kind == .identifier, let call = SwiftCall.parse(tokens, at: k, limit: end) else {
        k += 1
        continue
      }
      out += scenes(of: call, file: file, app: app, condition: condition)
      k = max(call.end, k + 1)
    }
    return out
  }

  /// `if cond { … } else if … { … } else { … }` in a scene builder: every branch's scenes, with a note.
  private mutating func conditional(
    file: Int, at k: Int, to end: Int, app: SwiftIndex.TypeDecl, into out: inout [SourceScene]
  ) -> Int {
    let tokens = index.files[file].tokens
    var j = k + 1
    while j < end, !tokens[j].is("{") { j += 1 }
    guard j < end else { return end }
    let condition = SwiftCall.text(tokens, (k + 1)..<j)
    let close = SwiftIndex.closing(tokens, from: j)
    let isAvailability = tokens[k + 1].kind == .pound
    if !isAvailability {
      log.note(
        .notFollowed,
        "whether these scenes exist depends on 'if \(condition)' at run time; the table has them all",
        at: index.files[file].location(k))
    }
    out += scenes(file: file, from: j + 1, to: close, app: app, condition: "if \(condition)")
    var next = close + 1
    if next < end, tokens[next].isIdentifier("else") {
      if next + 1 < end, tokens[next + 1].isIdentifier("if") {
        return conditional(file: file, at: next + 1, to: end, app: app, into: &out)
      }
      if next + 1 < end, tokens[next + 1].is("{") {
        let elseClose = SwiftIndex.closing(tokens, from: next + 1)
        if isAvailability {
          log.note(
            .notFollowed, "the scenes of the 'else' of 'if \(condition)' are left out (a current OS is assumed)",
            at: index.files[file].location(next))
        } else {
          out += scenes(file: file, from: next + 2, to: elseClose, app: app, condition: "else of if \(condition)")
        }
        next = elseClose + 1
      }
    }
    return next
  }

  /// The scenes one expression of the body stands for.
  private mutating func scenes(
    of call: SwiftCall, file: Int, app: SwiftIndex.TypeDecl, condition: String?
  ) -> [SourceScene] {
    let tokens = index.files[file].tokens
    let location = index.files[file].location(call.nameIndex)
    if let kind = SourceScene.Kind(rawValue: call.name) {
      var scene = self.scene(kind, call, file: file, location: location)
      scene.condition = condition
      applyModifiers(call.modifiers, file: file, to: &scene)
      return [scene]
    }
    // A custom Scene type, or a `some Scene` property of the app.
    depth += 1
    defer { depth -= 1 }
    if depth < 8 {
      if let type = index.declarations(of: call.name).first(where: { $0.inherits.contains("Scene") }),
        let body = property("body", ofType: "Scene", in: type)
      {
        var inner = scenes(file: body.file, from: body.open + 1, to: body.close, app: app, condition: condition)
        for i in inner.indices { applyModifiers(call.modifiers, file: file, to: &inner[i]) }
        return inner
      }
      if !call.hasParentheses, call.trailingClosures.isEmpty,
        let body = property(call.name, ofType: "Scene", in: app)
      {
        var inner = scenes(file: body.file, from: body.open + 1, to: body.close, app: app, condition: condition)
        for i in inner.indices { applyModifiers(call.modifiers, file: file, to: &inner[i]) }
        return inner
      }
    }
    log.warning(
      .notFollowed,
      "'\(SwiftCall.text(tokens, call.nameIndex..<min(call.end, call.nameIndex + 12)))' in the body of "
        + "'\(app.name)' is not a scene the reader can follow; whatever scenes it builds are not in the table",
      at: location)
    return []
  }

  private mutating func scene(_ kind: SourceScene.Kind, _ call: SwiftCall, file: Int, location: SourceLocation)
    -> SourceScene
  {
    let tokens = index.files[file].tokens
    let values = SwiftValues(index: index, file: file)
    let headerEnd =
      call.hasParentheses ? (call.arguments.last?.range.upperBound ?? call.nameIndex + 2) + 1 : call.nameIndex + 1
    var scene = SourceScene(
      kind: kind, location: location, summary: SwiftCall.text(tokens, call.nameIndex..<min(headerEnd, tokens.count)))
    if let range = call.firstUnlabelled, !tokens[range.lowerBound].is("{") {
      scene.title = values.string(range)
    }
    if let range = call.argument("id") {
      if let id = values.string(range) {
        scene.id = id
      } else {
        scene.hasComputedID = true
        log.warning(
          .notFollowed,
          "the id of this \(kind.rawValue) is computed ('\(SwiftCall.text(tokens, range))'); "
            + "the reader does not guess it, so the scene is left out of the table",
          at: index.files[file].location(range.lowerBound))
      }
    }
    if let range = call.argument("for") { scene.presents = values.type(range) }
    if let closure = call.closure("defaultValue", in: tokens) {
      if let value = values.literalJSON((closure.open + 1)..<closure.close) {
        scene.defaultValue = value
      } else {
        log.note(
          .notFollowed,
          "the defaultValue of this \(kind.rawValue) is computed; write its \"defaultValue\" in the table if events rely on it",
          at: index.files[file].location(closure.open))
      }
    }
    if let closure = call.closure(nil, in: tokens) ?? call.closure("content", in: tokens) {
      scene.content = (file, closure.open, closure.close)
    }
    if kind == .documentGroup { documentTypes(call, file: file, into: &scene) }
    return scene
  }

  /// A DocumentGroup's document type and the content types it reads.
  private mutating func documentTypes(_ call: SwiftCall, file: Int, into scene: inout SourceScene) {
    let tokens = index.files[file].tokens
    let values = SwiftValues(index: index, file: file)
    if let range = call.argument("contentType") {
      scene.contentTypes = values.contentTypes(range)
    }
    for label in ["newDocument", "viewing", "editing"] {
      guard let range = call.argument(label) else { continue }
      scene.documentType =
        range.lazy.map { tokens[$0] }.first { $0.kind == .identifier && $0.text.first?.isUppercase == true }?
        .text
    }
    guard scene.contentTypes.isEmpty, let type = scene.documentType else { return }
    for decl in index.declarations(of: type) {
      let dt = index.files[decl.file].tokens
      var k = decl.open
      while k < decl.close {
        if dt[k].isIdentifier("readableContentTypes"),
          let value = SwiftValues.declarationValue(dt, nameIndex: k, limit: decl.close)
        {
          let found = SwiftValues(index: index, file: decl.file).contentTypes(value)
          if !found.isEmpty {
            scene.contentTypes = found
            return
          }
        }
        k += 1
      }
    }
  }

  private mutating func applyModifiers(_ modifiers: [SwiftCall.Modifier], file: Int, to scene: inout SourceScene) {
    let tokens = index.files[file].tokens
    let values = SwiftValues(index: index, file: file)
    for m in modifiers {
      let location = index.files[file].location(m.nameIndex)
      switch m.name {
      case "handlesExternalEvents":
        guard let range = m.arguments.first(where: { $0.label == "matching" })?.range else { continue }
        if let list = values.stringList(range) {
          scene.matching.append(SourceScene.Matching(values: list, location: location))
        } else {
          log.warning(
            .notFollowed,
            "the set of handlesExternalEvents(matching: \(SwiftCall.text(tokens, range))) is computed; "
              + "the reader leaves 'matching' out of the table",
            at: location)
        }
      case "defaultLaunchBehavior":
        if let range = m.arguments.first?.range {
          scene.launchBehavior = Located(SwiftCall.text(tokens, range), at: location)
        }
      case "restorationBehavior":
        if let range = m.arguments.first?.range {
          scene.restorationBehavior = Located(SwiftCall.text(tokens, range), at: location)
        }
      default:
        continue
      }
    }
  }
}
