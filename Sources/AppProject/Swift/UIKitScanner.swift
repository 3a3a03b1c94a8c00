package import AppleAppFiles
package import RouterSupport

/// What the UIKit sources say about scenes: for each scene delegate class the Info.plist names,
/// whether a source defines it, which of the routing methods it implements, whether its
/// `scene(_:willConnectTo:options:)` reads what a launch delivers, and the activation conditions
/// it sets with literal predicates; and the app delegate's
/// `application(_:configurationForConnecting:options:)` as rows (activity type → configuration
/// name) where the code compares the activity type with literals and returns
/// `UISceneConfiguration(name:…)` with a literal.
///
/// ```swift
/// let uikit = UIKitScanner.scan(index, delegateClasses: ["SceneDelegate"], log: &log)
/// uikit.delegates["SceneDelegate"]?.implements("scene(_:openURLContexts:)")   // true
/// uikit.choices.map { ($0.activityType.value, $0.configuration.value) }       // [("NewTaskWindow", "New Task")]
/// ```
package struct UIKitScanner {
  /// The scene delegate methods that receive what a scene is asked to show (K16, U12).
  package static let routingMethods = [
    "scene(_:willConnectTo:options:)", "scene(_:openURLContexts:)", "scene(_:continue:)",
    "windowScene(_:performActionFor:completionHandler:)",
  ]

  package struct Delegate: Sendable {
    package var name: String
    package var location: SourceLocation
    /// Selector → where it is implemented.
    package var methods: [String: SourceLocation]
    /// The connection-option properties `scene(_:willConnectTo:options:)` reads (`urlContexts`,
    /// `userActivities`, `shortcutItem`); nil when it hands the options to other code.
    package var readsAtLaunch: Set<String>?
    package var prefers: Located<String>?
    package var can: Located<String>?

    package func implements(_ selector: String) -> Bool {
      methods[selector] != nil
        || (selector.hasPrefix("windowScene(_:performActionFor:")
          && methods.keys.contains { $0.hasPrefix("windowScene(_:performActionFor:") })
    }
  }

  package struct Choice: Sendable {
    package var activityType: Located<String>
    package var configuration: Located<String>
  }

  package var delegates: [String: Delegate] = [:]
  package var choices: [Choice] = []
  /// Where `application(_:configurationForConnecting:options:)` is, if a source has it.
  package var configurationForConnecting: SourceLocation?

  package static func scan(_ index: SwiftIndex, delegateClasses: [String], log: inout DiagnosticLog) -> UIKitScanner {
    var out = UIKitScanner()
    for name in Set(delegateClasses).sorted() {
      guard let decl = index.declarations(of: name).first(where: { $0.kind == "class" }) else { continue }
      var delegate = Delegate(
        name: name, location: index.files[decl.file].location(decl.nameIndex), methods: [:], readsAtLaunch: [])
      for f in index.functions(of: name) {
        let selector = f.selector
        delegate.methods[selector] = index.files[f.file].location(f.nameIndex)
        if selector == "scene(_:willConnectTo:options:)" {
          delegate.readsAtLaunch = readsAtLaunch(f, index: index)
        }
      }
      for decl in index.declarations(of: name) {
        conditions(in: decl, index: index, into: &delegate, log: &log)
      }
      out.delegates[name] = delegate
    }
    let appDelegates = index.types(conformingTo: "UIApplicationDelegate").map(\.name)
    for f in index.functions
    where f.selector == "application(_:configurationForConnecting:options:)" && appDelegates.contains(f.owner ?? "") {
      out.configurationForConnecting = index.files[f.file].location(f.nameIndex)
      out.choices += choices(in: f, index: index, log: &log)
    }
    return out
  }

  /// What `scene(_:willConnectTo:options:)` reads of its options parameter.
  private static func readsAtLaunch(_ f: SwiftIndex.FuncDecl, index: SwiftIndex) -> Set<String>? {
    guard f.parameters.count == 3 else { return nil }
    let name = f.parameters[2].name
    let t = index.files[f.file].tokens
    var read: Set<String> = []
    for k in (f.open + 1)..<f.close where t[k].isIdentifier(name) {
      if k + 2 < f.close, t[k + 1].is("."), t[k + 2].kind == .identifier {
        read.insert(t[k + 2].text)
      } else if k + 1 < f.close, t[k + 1].is(")") || t[k + 1].is(",") {
        return nil  // handed to other code
      }
    }
    return read
  }

  /// `…prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "…")` and the `can…` one.
  private static func conditions(
    in decl: SwiftIndex.TypeDecl, index: SwiftIndex, into delegate: inout Delegate, log: inout DiagnosticLog
  ) {
    let t = index.files[decl.file].tokens
    let values = SwiftValues(index: index, file: decl.file)
    var k = decl.open
    while k + 4 < decl.close {
      defer { k += 1 }
      let property = t[k].text
      guard t[k].kind == .identifier,
        property == "prefersToActivateForTargetContentIdentifierPredicate"
          || property == "canActivateForTargetContentIdentifierPredicate",
        t[k + 1].is("="), t[k + 2].isIdentifier("NSPredicate"), t[k + 3].is("(")
      else { continue }
      let close = SwiftIndex.closing(t, from: k + 3)
      let arguments = SwiftCall.arguments(t, from: k + 4, to: close)
      let location = index.files[decl.file].location(k)
      var predicate: Located<String>?
      if arguments.count == 1, arguments[0].label == "format", let format = values.string(arguments[0].range) {
        predicate = Located(format.value, at: location)
      } else if arguments.count == 1, arguments[0].label == "value", arguments[0].range.count == 1 {
        predicate = Located(
          t[arguments[0].range.lowerBound].text == "true" ? "TRUEPREDICATE" : "FALSEPREDICATE", at: location)
      }
      guard let predicate else {
        log.warning(
          .notFollowed,
          "this activation condition is built at run time (\(SwiftCall.text(t, (k + 2)..<(close + 1)))); "
            + "the table keeps UIKit's default for it",
          at: location)
        continue
      }
      if property.hasPrefix("prefers") { delegate.prefers = predicate } else { delegate.can = predicate }
    }
  }

  /// The rows of a `configurationForConnecting` body: each `UISceneConfiguration(name:)` with a
  /// literal name, under an `if`/`case` that compares an `activityType` with literals.
  private static func choices(in f: SwiftIndex.FuncDecl, index: SwiftIndex, log: inout DiagnosticLog) -> [Choice] {
    let t = index.files[f.file].tokens
    let values = SwiftValues(index: index, file: f.file)
    var out: [Choice] = []
    // The activity types each open block is conditioned on.
    var blocks: [[Located<String>]] = []
    var pending: [Located<String>] = []
    var caseTypes: [Located<String>]?
    var switchOnActivity: [Bool] = []
    var k = f.open + 1
    while k < f.close {
      let token = t[k]
      if token.is("{") {
        blocks.append(pending)
        pending = []
        switchOnActivity.append(false)
      } else if token.is("}") {
        _ = blocks.popLast()
        if switchOnActivity.popLast() == true { caseTypes = nil }
      } else if token.isIdentifier("switch") {
        var j = k + 1
        var mentions = false
        while j < f.close, !t[j].is("{") {
          if t[j].isIdentifier("activityType") { mentions = true }
          j += 1
        }
        if mentions, j < f.close {
          blocks.append([])
          switchOnActivity.append(true)
          k = j + 1
          continue
        }
      } else if token.isIdentifier("case"), switchOnActivity.last == true {
        var j = k + 1
        while j < f.close, !t[j].is(":") { j += 1 }
        // `case "a", Kind.b:`: each pattern a literal or a string constant.
        caseTypes = SwiftCall.arguments(t, from: k + 1, to: j).compactMap { values.string($0.range) }
        k = j + 1
        continue
      } else if token.isIdentifier("default"), switchOnActivity.last == true {
        caseTypes = []
      } else if token.isIdentifier("activityType"), k + 2 < f.close, t[k + 1].is("==") {
        var end = k + 2
        if t[end].kind == .string {
          end += 1
        } else {
          while end < f.close, t[end].kind == .identifier || t[end].is(".") { end += 1 }
        }
        if let s = values.string((k + 2)..<end) { pending.append(s) }
      } else if token.is("=="), k + 2 < f.close, t[k + 2].isIdentifier("activityType"), k > 0 {
        if let s = values.string((k - 1)..<k) { pending.append(s) }
      } else if token.isIdentifier("UISceneConfiguration"), k + 1 < f.close, t[k + 1].is("(") {
        let close = SwiftIndex.closing(t, from: k + 1)
        let arguments = SwiftCall.arguments(t, from: k + 2, to: close)
        if let range = arguments.first(where: { $0.label == "name" })?.range {
          let types = (caseTypes ?? []) + blocks.flatMap { $0 }
          if let name = values.string(range) {
            for type in types { out.append(Choice(activityType: type, configuration: name)) }
          } else if !types.isEmpty {
            log.warning(
              .notFollowed,
              "the configuration returned here is named at run time (\(SwiftCall.text(t, range))); "
                + "configurationForConnecting leaves out \(types.map { "'\($0.value)'" }.joined(separator: ", "))",
              at: index.files[f.file].location(k))
          }
        }
        k = close + 1
        continue
      }
      k += 1
    }
    return out
  }
}
