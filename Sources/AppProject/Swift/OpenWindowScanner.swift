package import AppleAppFiles
package import RouterSupport

/// The `openWindow` call sites of the sources: `openWindow(id:)`, `openWindow(value:)`,
/// `openWindow(id:value:)`, through the environment value under any name
/// (`@Environment(\.openWindow) private var open`).
///
/// ```swift
/// let calls = OpenWindowScanner.calls(in: index)
/// calls.first?.id?.value     // "plant"
/// calls.first?.value         // "plant.id"
/// ```
package enum OpenWindowScanner {
  package struct Call: Sendable {
    /// The window id, when it is a literal or a constant.
    package var id: Located<String>?
    /// The id as written, when it is computed.
    package var computedID: String?
    /// The value argument as written, if any.
    package var value: String?
    package var location: SourceLocation
  }

  package static func calls(in index: SwiftIndex) -> [Call] {
    var names: Set<String> = ["openWindow"]
    for file in index.files {
      let t = file.tokens
      for k in t.indices where k + 8 < t.count && t[k].isIdentifier("Environment") && t[k + 1].is("(") {
        guard t[k + 2].is("\\"), t[k + 3].is("."), t[k + 4].isIdentifier("openWindow"), t[k + 5].is(")") else {
          continue
        }
        var j = k + 6
        while j < t.count, !(t[j].isIdentifier("var") || t[j].isIdentifier("let")), j < k + 10 { j += 1 }
        if j + 1 < t.count, t[j + 1].kind == .identifier { names.insert(t[j + 1].text) }
      }
    }
    var out: [Call] = []
    for (f, file) in index.files.enumerated() {
      let t = file.tokens
      let values = SwiftValues(index: index, file: f)
      for k in t.indices where t[k].kind == .identifier && names.contains(t[k].text) && k + 1 < t.count {
        guard t[k + 1].is("(") else { continue }
        if k > 0, t[k - 1].isIdentifier("var") || t[k - 1].isIdentifier("let") || t[k - 1].isIdentifier("func") {
          continue
        }
        if k > 0, t[k - 1].is("."), !(k > 1 && t[k - 2].isIdentifier("self")) { continue }
        let arguments = SwiftCall.arguments(t, from: k + 2, to: SwiftIndex.closing(t, from: k + 1))
        guard arguments.contains(where: { $0.label == "id" || $0.label == "value" }) else { continue }
        var call = Call(id: nil, computedID: nil, value: nil, location: file.location(k))
        if let range = arguments.first(where: { $0.label == "id" })?.range {
          if let id = values.string(range) { call.id = id } else { call.computedID = SwiftCall.text(t, range) }
        }
        if let range = arguments.first(where: { $0.label == "value" })?.range {
          call.value = SwiftCall.text(t, range)
        }
        out.append(call)
      }
    }
    return out
  }
}
