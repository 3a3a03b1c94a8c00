import AppleAppFiles
import RouteTables
import RouterSupport

/// Turns an ``AppModel`` into ``ProjectFacts``: every table key the project determines, with its
/// origin; the checks of the project against itself (a scene delegate no source defines, an
/// activity type continued but not declared, `openWindow` in an app without several scenes);
/// and the lists of what the table cannot hold and what is left to write.
enum FactsBuilder {
  static func facts(
    _ m: AppModel, choices: [AppImport.Choice], files: ProjectFiles, log: inout DiagnosticLog
  ) -> ProjectFacts {
    var b = Builder(m: m, origins: OriginFormatter(files: files), log: log)
    defer { log = b.log }
    b.build(choices: choices)
    return b.facts
  }
}

private struct Builder {
  let m: AppModel
  let origins: OriginFormatter
  var log: DiagnosticLog
  var facts = ProjectFacts(header: "")

  init(m: AppModel, origins: OriginFormatter, log: DiagnosticLog) {
    self.m = m
    self.origins = origins
    self.log = log
  }

  func place(_ location: SourceLocation?) -> String { origins.place(location) }

  mutating func top(_ key: String, _ value: JSONValue, _ origin: String, at location: SourceLocation? = nil) {
    facts.top.append(.init(key: key, fact: .init(value, origin, at: location)))
  }

  mutating func build(choices: [AppImport.Choice]) {
    facts.header =
      "route-cli init read the \(m.kind): \(choices.map(\.summary).joined(separator: "; ")). "
      + "The keys \"$from\" names come from the project: the next init rewrites them, "
      + "and you keep a value of your own by taking its key out of \"$from\". Everything else is yours."
    app()
    top("platform", .string(m.platform.rawValue), platformOrigin(choices))
    multipleScenes()
    if m.isUIKit { lifecycle() }
    appID()
    claims()
    if m.isUIKit { uikitScenes() } else { swiftUIScenes() }
    checkHandlers()
    openWindowCalls()
    nextSteps()
  }

  // MARK: - Top level

  mutating func app() {
    if let name = m.plist?.displayName, !name.value.isEmpty {
      top("app", .string(name.value), origins.describe(name, what: "CFBundleDisplayName"))
    } else if let product = m.settings.value(of: "PRODUCT_NAME"), product.isComplete, !product.text.isEmpty,
      let assignment = m.settings.assignment(of: "PRODUCT_NAME")
    {
      let resolved = ResolvedString(
        value: product.text, location: assignment.location, written: assignment.value,
        references: product.references, setting: assignment)
      top("app", .string(product.text), origins.describe(resolved))
    } else {
      top("app", .string(m.name), "the name of the \(m.kind == "Xcode project" ? "target" : m.kind)")
    }
  }

  func platformOrigin(_ choices: [AppImport.Choice]) -> String {
    let choice = choices.first { $0.what == "platform" }
    let among = choice?.among.joined(separator: ", ") ?? m.platform.rawValue
    let settings = m.platformOrigin.isEmpty ? "" : "\(m.platformOrigin): "
    return "\(settings)builds for \(among); \(choice?.why ?? "the one it builds for")"
  }

  mutating func multipleScenes() {
    guard m.platform != .macOS else { return }
    guard let plist = m.plist else { return }
    if m.isPackageApp && !plist.hasSceneManifest {
      facts.next.append(
        .init(
          text:
            "set \"multipleScenes\": the Info.plist of a Package.swift app is generated, and Package.swift does not "
            + "say whether it supports multiple scenes (without the key the table reads false)",
          done: nil))
      return
    }
    if let multiple = plist.supportsMultipleScenes {
      var origin = origins.describe(multiple.origin)
      if multiple.origin.setting != nil { origin += ": Xcode generates UIApplicationSupportsMultipleScenes = true" }
      top("multipleScenes", .bool(multiple.value), origin, at: multiple.origin.location)
    } else if plist.hasSceneManifest {
      top(
        "multipleScenes", .bool(false),
        "\(place(plist.manifestOrigin?.location)) UIApplicationSceneManifest has no "
          + "UIApplicationSupportsMultipleScenes: UIKit reads false (K2)", at: plist.manifestOrigin?.location)
    } else {
      let file = plist.file.map { "'\(origins.files.relative($0))'" } ?? "no Info.plist file"
      let generated =
        plist.generates
        ? "GENERATE_INFOPLIST_FILE = YES without INFOPLIST_KEY_UIApplicationSceneManifest_Generation"
        : "no generated keys"
      top(
        "multipleScenes", .bool(false),
        "no UIApplicationSceneManifest in the Info.plist as it ships (\(file), \(generated)): one scene (K1, K2)")
    }
  }

  mutating func lifecycle() {
    var evidence: [String] = []
    if let first = m.plist?.configurations.first {
      evidence.append("UISceneConfigurations (\(place(first.location)))")
    }
    if let delegate = m.index.types(conformingTo: "UIApplicationDelegate").first {
      evidence.append(
        "the UIApplicationDelegate '\(delegate.name)' (\(place(m.index.files[delegate.file].location(delegate.nameIndex))))"
      )
    }
    top("lifecycle", .string("uikit"), "no App type in the sources; \(evidence.joined(separator: " and "))")
  }

  mutating func appID() {
    guard let bundle = m.plist?.bundleIdentifier else { return }
    guard let team = m.team else {
      if !(m.entitlements?.associatedDomains.isEmpty ?? true) {
        facts.next.append(
          .init(
            text:
              "set \"appID\" (<TeamID>.\(bundle.value)): the project sets no DEVELOPMENT_TEAM "
              + "(--setting DEVELOPMENT_TEAM=… gives it), and AASA files are checked against the app ID",
            done: nil))
      }
      return
    }
    let text = team.value.trimmingSpaces + "." + bundle.value
    guard AppID(text) != nil else {
      log.warning(
        .invalidAppID,
        "'\(text)' is not an app ID (<TeamID>.<BundleID>, a ten-character team ID); \"appID\" is left out",
        at: team.location)
      return
    }
    top(
      "appID", .string(text), "\(origins.describe(team)); \(origins.describe(bundle, what: "CFBundleIdentifier"))",
      at: team.location)
  }

  mutating func claims() {
    guard let plist = m.plist else { return }
    var seen: Set<String> = []
    for scheme in plist.urlSchemes where seen.insert(scheme.value.lowercased()).inserted {
      facts.urlSchemes.append(
        .init(
          value: scheme.value, origin: origins.describe(scheme, what: "CFBundleURLSchemes"), location: scheme.location))
    }
    seen = []
    for type in plist.activityTypes ?? [] where seen.insert(type.value).inserted {
      facts.activityTypes.append(
        .init(value: type.value, origin: origins.describe(type, what: "NSUserActivityTypes"), location: type.location))
    }
    for entry in m.entitlements?.associatedDomains ?? [] {
      facts.associatedDomains.append(
        .init(
          value: entry.domain.description, origin: origins.describe(entry.written, what: "associated-domains"),
          location: entry.written.location))
    }
    for item in plist.shortcutItems {
      let title = item.title.map { " ('\($0)')" } ?? ""
      facts.also.append(
        "\(place(item.type.location)): the shortcut item '\(item.type.value)'\(title): the table has no shortcut "
          + "routes; a fixture event {\"shortcut\": {\"type\": \"\(item.type.value)\"}} shows which scene gets it "
          + "(U12, E5)")
    }
  }

  // MARK: - SwiftUI scenes

  mutating func swiftUIScenes() {
    if m.app == nil {
      log.warning(
        .notFollowed,
        "no type in the sources conforms to App, and the Info.plist names no scene configurations; "
          + "the table gets one scene, 'main', to write by hand",
        at: nil)
      facts.scenes.append(
        .init(id: "main", origin: "no App type in the sources: a scene for you to describe", fields: []))
      return
    }
    var taken: Set<String> = []
    var unnamedGroups = 0
    for scene in m.scenes {
      let kind: SceneDeclaration.Kind
      switch scene.kind {
      case .windowGroup: kind = .windowGroup
      case .window, .utilityWindow: kind = .window
      case .documentGroup: kind = .documentGroup
      case .settings: kind = .settings
      case .immersiveSpace, .menuBarExtra:
        let id = scene.id.map { " '\($0.value)'" } ?? ""
        facts.also.append(
          "\(place(scene.location)): \(scene.kind.rawValue)\(id) is not a scene kind of the table; it is left out")
        continue
      }
      if scene.kind == .window || scene.kind == .utilityWindow, [.iOS, .iPadOS, .macCatalyst].contains(m.platform) {
        facts.also.append(
          "\(place(scene.location)): \(scene.summary) does not exist on \(m.platform.rawValue) (W22); left out")
        continue
      }
      if scene.hasComputedID {
        facts.next.append(
          .init(
            text: "add the \(scene.kind.rawValue) at \(place(scene.location)) by hand: its id is computed", done: nil))
        continue
      }
      let (id, named) = sceneID(scene, unnamed: &unnamedGroups, taken: taken)
      taken.insert(id)
      var origin = "\(place(scene.location)): \(scene.summary)"
      if !named {
        origin += " has no id; the table writes none and names the scene '\(id)' (its kind and position)"
      }
      if let condition = scene.condition { origin += " (\(condition))" }
      var fields: [ProjectFacts.Field] = []
      func field(_ key: String, _ value: JSONValue, _ origin: String, at location: SourceLocation? = nil) {
        fields.append(.init(key: key, fact: .init(value, origin, at: location ?? scene.location)))
      }
      if kind != .windowGroup {
        let note = scene.kind == .utilityWindow ? " (a UtilityWindow: one unique window, read as a window)" : ""
        field("kind", .string(kind.rawValue), "\(place(scene.location)): \(scene.kind.rawValue)\(note)")
      }
      if let title = scene.title { field("title", .string(title.value), place(title.location)) }
      if let presents = scene.presents {
        field("presents", .string(presents.value), place(presents.location), at: presents.location)
      }
      if let value = scene.defaultValue { field("defaultValue", value.value, place(value.location)) }
      if scene.matching.count == 1, let matching = scene.matching.first {
        field(
          "matching", .array(matching.values.map { .string($0.value) }),
          "\(place(matching.location)): .handlesExternalEvents(matching:)", at: matching.location)
      } else if scene.matching.count > 1 {
        field(
          "matchingModifiers", .array(scene.matching.map { .array($0.values.map { .string($0.value) }) }),
          scene.matching.map { place($0.location) }.joined(separator: ", ")
            + ": handlesExternalEvents(matching:), innermost first")
      }
      if kind == .documentGroup {
        var types = scene.contentTypes
        if types.isEmpty, let declared = m.plist?.documentContentTypes, !declared.isEmpty {
          types = declared.map { Located($0.value, at: $0.location) }
        }
        guard !types.isEmpty else {
          log.warning(
            .notFollowed,
            "the content types of this DocumentGroup (document type \(scene.documentType.map { "'\($0)'" } ?? "unknown")) "
              + "are not literals the reader can find, nor in CFBundleDocumentTypes; the scene is left out",
            at: scene.location)
          facts.next.append(
            .init(text: "add the DocumentGroup at \(place(scene.location)) with its \"contentTypes\"", done: nil))
          continue
        }
        field(
          "contentTypes", .array(types.map { .string($0.value) }),
          types.map { place($0.location) }.joined(separator: ", "))
      }
      if let handlers = scene.handlers, kind != .settings {
        handlerFields(handlers, scene: scene, into: &fields)
      }
      // `.suppressed` as written: the table key takes the case name.
      func caseName(_ text: String) -> String { text.hasPrefix(".") ? String(text.dropFirst()) : text }
      if let launch = scene.launchBehavior {
        if let b = SceneDeclaration.LaunchBehavior(rawValue: caseName(launch.value)) {
          field(
            "defaultLaunchBehavior", .string(b.rawValue),
            "\(place(launch.location)): .defaultLaunchBehavior(\(launch.value))", at: launch.location)
        } else {
          facts.also.append(
            "\(place(launch.location)): .defaultLaunchBehavior(\(launch.value)) on '\(id)': not a value the reader "
              + "can follow (W24); write \"defaultLaunchBehavior\" by hand")
        }
      }
      if let restoration = scene.restorationBehavior {
        if let b = SceneDeclaration.RestorationBehavior(rawValue: caseName(restoration.value)) {
          field(
            "restorationBehavior", .string(b.rawValue),
            "\(place(restoration.location)): .restorationBehavior(\(restoration.value))", at: restoration.location)
        } else {
          facts.also.append(
            "\(place(restoration.location)): .restorationBehavior(\(restoration.value)) on '\(id)': not a value the "
              + "reader can follow (W14); write \"restorationBehavior\" by hand")
        }
      }
      facts.scenes.append(.init(id: id, origin: origin, fields: fields, location: scene.location, declaresID: named))
    }
    if facts.scenes.isEmpty {
      log.warning(
        .notFollowed,
        "the reader found no scene of '\(m.app?.name ?? "the app")' it can put in the table; "
          + "the table gets one scene, 'main', to write by hand",
        at: m.app.map { m.index.files[$0.file].location($0.nameIndex) })
      facts.scenes.append(
        .init(id: "main", origin: "no scene the reader could follow: one for you to describe", fields: []))
    }
  }

  /// The scene's id, and whether the source names it. A `WindowGroup`, `DocumentGroup` or
  /// `Settings` without one gets no made-up id: the name the table loader gives it, its kind and
  /// its position in the table's scenes (`WindowGroup#1`), as SwiftUI tells such scenes apart by
  /// their place in the body. Only a scene of another kind without an id (not something Swift
  /// compiles) is named for its title or presented type.
  func sceneID(_ scene: SourceScene, unnamed: inout Int, taken: Set<String>) -> (String, Bool) {
    if let id = scene.id { return (id.value, true) }
    let tableKind: SceneDeclaration.Kind? =
      switch scene.kind {
      case .windowGroup: .windowGroup
      case .documentGroup: .documentGroup
      case .settings: .settings
      default: nil
      }
    if let tableKind { return (SceneDeclaration.unnamed(tableKind, position: facts.scenes.count + 1), false) }
    var base: String
    switch scene.kind {
    case .documentGroup: base = "document"
    case .settings: base = "settings"
    default:
      unnamed += 1
      if unnamed == 1 && scene.presents == nil {
        base = "main"
      } else {
        base = Self.kebab(scene.presents?.value ?? scene.title?.value ?? "window-group")
      }
    }
    var id = base
    var n = 2
    while taken.contains(id) {
      id = "\(base)-\(n)"
      n += 1
    }
    return (id, false)
  }

  /// `Plant.ID` → `plant-id`, `Note Editor` → `note-editor`.
  static func kebab(_ text: String) -> String {
    var out = ""
    var previousLower = false
    for c in text {
      if c.isLetter || c.isNumber {
        if c.isUppercase && previousLower { out += "-" }
        out += c.lowercased()
        previousLower = c.isLowercase || c.isNumber
      } else {
        if !out.isEmpty && out.last != "-" { out += "-" }
        previousLower = false
      }
    }
    while out.hasSuffix("-") { out.removeLast() }
    return out.isEmpty ? "window-group" : out
  }

  func handlerFields(_ h: SceneHandlers, scene: SourceScene, into fields: inout [ProjectFacts.Field]) {
    let followed =
      h.followed.isEmpty ? "the content closure" : "the content closure and " + h.followed.joined(separator: ", ")
    let origins = self.origins
    let places = { (locations: [SourceLocation]) in
      locations.prefix(3).map { origins.place($0) }.joined(separator: ", ")
    }
    if let preferring = h.preferring {
      fields.append(
        .init(
          key: "preferring",
          fact: .init(
            .array(unique(preferring).map { .string($0) }),
            "\(origins.place(h.preferringLocation)): handlesExternalEvents(preferring:allowing:)",
            at: h.preferringLocation)))
      fields.append(
        .init(
          key: "allowing",
          fact: .init(
            .array(unique(h.allowing ?? []).map { .string($0) }),
            "\(origins.place(h.preferringLocation)): handlesExternalEvents(preferring:allowing:)",
            at: h.preferringLocation)))
    }
    fields.append(
      .init(
        key: "onOpenURL",
        fact: .init(
          .bool(!h.openURL.isEmpty),
          h.openURL.isEmpty ? "no onOpenURL in the views followed (\(followed))" : "\(places(h.openURL)): onOpenURL",
          at: h.openURL.first ?? scene.location)))
    let types = unique(h.activityTypes)
    fields.append(
      .init(
        key: "onContinueUserActivity",
        fact: .init(
          .array(types.map { .string($0) }),
          types.isEmpty
            ? "no onContinueUserActivity in the views followed (\(followed))"
            : "\(places(h.activityTypes.map { $0.location }.compactMap { $0 })): onContinueUserActivity",
          at: h.activityTypes.first?.location ?? scene.location)))
  }

  func unique(_ values: [Located<String>]) -> [String] {
    var seen: Set<String> = []
    return values.map(\.value).filter { seen.insert($0).inserted }
  }

  // MARK: - UIKit scenes

  mutating func uikitScenes() {
    guard let plist = m.plist, !plist.configurations.isEmpty else {
      facts.scenes.append(
        .init(
          id: "main",
          origin: "no UISceneConfigurations in the Info.plist as it ships: the app delegate shows one window (K1); "
            + "init names it 'main'",
          fields: []))
      return
    }
    let ordered =
      plist.configurations.filter { $0.role == SceneManifest.applicationRole }
      + plist.configurations.filter { $0.role != SceneManifest.applicationRole }
    var taken: Set<String> = []
    for configuration in ordered where taken.insert(configuration.name.value).inserted {
      var fields: [ProjectFacts.Field] = []
      if configuration.role != SceneManifest.applicationRole {
        fields.append(.init(key: "role", fact: .init(.string(configuration.role), place(configuration.location))))
      }
      if let delegate = configuration.delegateClass, let bare = configuration.bareDelegateClass {
        fields.append(
          .init(
            key: "delegateClass",
            fact: .init(
              .string(bare), origins.describe(delegate, what: "UISceneDelegateClassName"), at: delegate.location)))
        delegateChecks(bare, written: delegate, configuration: configuration)
        if let found = m.uikit.delegates[bare], found.prefers != nil || found.can != nil {
          var conditions = JSONObject()
          var at: [String] = []
          for (key, predicate) in [("prefers", found.prefers), ("can", found.can)] {
            guard let predicate else { continue }
            do {
              _ = try ActivationPredicate(parsing: predicate.value)
              conditions[key] = .string(predicate.value)
              at.append(place(predicate.location))
            } catch {
              log.warning(
                .notFollowed,
                "'\(predicate.value)' is outside the predicate subset UIKit allows for activation conditions (M8); "
                  + "the table keeps UIKit's default",
                at: predicate.location)
            }
          }
          fields.append(
            .init(
              key: "activationConditions",
              fact: .init(.object(conditions), at.joined(separator: ", ") + ": UISceneActivationConditions")))
        }
      }
      facts.scenes.append(
        .init(
          id: configuration.name.value,
          origin: "\(origins.describe(configuration.name, what: "UISceneConfigurationName")) (\(configuration.role))",
          fields: fields, location: configuration.name.location))
    }
    for choice in m.uikit.choices {
      guard taken.contains(choice.configuration.value) else {
        log.warning(
          .notInProject,
          "configurationForConnecting returns the configuration '\(choice.configuration.value)', which the Info.plist "
            + "does not declare; the row is left out",
          at: choice.configuration.location)
        continue
      }
      facts.configurationChoices.append(
        .init(
          activityType: choice.activityType.value, configuration: choice.configuration.value,
          origin: "\(place(choice.activityType.location)) → \(place(choice.configuration.location))",
          location: choice.configuration.location))
    }
    shortcutChecks()
  }

  /// The named class exists and implements the methods the app's declarations need.
  mutating func delegateChecks(_ name: String, written: ResolvedString, configuration: ShippedInfoPlist.Configuration) {
    guard let delegate = m.uikit.delegates[name] else {
      log.warning(
        .missingSceneDelegate,
        "the Info.plist names the scene delegate class '\(name)' for '\(configuration.name.value)', and no source "
          + "of the target defines it (\(m.index.files.count) Swift files read)",
        at: written.location)
      return
    }
    let methods = UIKitScanner.routingMethods.filter { delegate.implements($0) }
    facts.also.append(
      "\(place(delegate.location)): '\(name)' implements "
        + (methods.isEmpty
          ? "none of \(UIKitScanner.routingMethods.joined(separator: ", "))" : methods.joined(separator: ", ")))
    let schemes = m.plist?.urlSchemes ?? []
    if let scheme = schemes.first, configuration.role == SceneManifest.applicationRole {
      if !delegate.implements("scene(_:openURLContexts:)") {
        // With activation conditions of its own, URLs may never reach it (U3).
        if delegate.can == nil {
          log.warning(
            .inertHandler,
            "'\(name)' does not implement scene(_:openURLContexts:): a '\(scheme.value)' URL that reaches "
              + "'\(configuration.name.value)' while the app runs is lost (K16)",
            at: delegate.location, notes: [.init("the app registers '\(scheme.value)' here", at: scheme.location)])
        }
      } else if let read = delegate.readsAtLaunch, !read.contains("urlContexts") {
        log.warning(
          .inertHandler,
          "'\(name)' handles URLs in scene(_:openURLContexts:) but its scene(_:willConnectTo:options:) never reads "
            + "the options' urlContexts: a '\(scheme.value)' URL that launches the app is lost (K16)",
          at: delegate.methods["scene(_:willConnectTo:options:)"] ?? delegate.location)
      }
    }
  }

  /// A shortcut item no scene delegate takes does nothing while the app runs.
  mutating func shortcutChecks() {
    guard let item = m.plist?.shortcutItems.first else { return }
    let named = (m.plist?.configurations ?? []).compactMap(\.bareDelegateClass).compactMap { m.uikit.delegates[$0] }
    guard !named.isEmpty,
      !named.contains(where: { $0.implements("windowScene(_:performActionFor:completionHandler:)") })
    else { return }
    log.warning(
      .inertHandler,
      "no scene delegate implements windowScene(_:performActionFor:completionHandler:): the shortcut item "
        + "'\(item.type.value)' does nothing while the app runs",
      at: item.type.location, notes: named.map { .init("'\($0.name)' is here", at: $0.location) })
  }

  // MARK: - Checks of the sources against the project

  mutating func checkHandlers() {
    guard !m.isUIKit else { return }
    let declared = Set((m.plist?.activityTypes ?? []).map(\.value))
    let plistRead = m.plist?.file != nil || m.plist?.generates == true
    var reported: Set<String> = []
    for scene in m.scenes {
      for type in scene.handlers?.activityTypes ?? []
      where plistRead && type.value != "NSUserActivityTypeBrowsingWeb" && !declared.contains(type.value)
        && reported.insert(type.value).inserted
      {
        let declaredAt =
          m.plist?.activityTypesLocation ?? m.plist?.file.map { SourceLocation.fileOnly(origins.files.display($0)) }
        log.warning(
          .undeclaredActivityType,
          "onContinueUserActivity(\"\(type.value)\") continues a type the Info.plist's NSUserActivityTypes does not "
            + "list, so the system does not hand it to the app (A8)",
          at: type.location,
          notes: declaredAt.map { [.init("NSUserActivityTypes is declared here", at: $0)] } ?? [])
      }
    }
    let followed = m.scenes.filter { $0.handlers != nil && $0.kind != .settings }
    if let scheme = m.plist?.urlSchemes.first, !followed.isEmpty,
      followed.allSatisfy({ $0.handlers?.openURL.isEmpty ?? true })
    {
      log.warning(
        .inertHandler,
        "the app registers the URL scheme '\(scheme.value)', but no scene's views have onOpenURL: "
          + "every such URL is lost (D1, D3)",
        at: scheme.location)
    }
  }

  mutating func openWindowCalls() {
    guard !m.isUIKit else { return }
    let ids = Set(facts.scenes.map(\.id))
    let multiple: Bool = {
      switch m.platform {
      case .macOS: return true
      case .iOS: return false
      default: return facts.top.first { $0.key == "multipleScenes" }?.fact.value == .bool(true)
      }
    }()
    for call in m.openWindowCalls {
      var what = "openWindow("
      if let id = call.id {
        what += "id: \"\(id.value)\""
      } else if let computed = call.computedID {
        what += "id: \(computed)"
      }
      if let value = call.value { what += (what.hasSuffix("(") ? "" : ", ") + "value: \(value)" }
      what += ")"
      facts.also.append("\(place(call.location)): \(what)")
      if !multiple {
        log.warning(
          .inertHandler,
          "\(what) is ignored: the app does not support multiple scenes on \(m.platform.rawValue), "
            + "so SwiftUI logs an error and opens nothing (W11)",
          at: call.location)
      }
      if let id = call.id, !ids.contains(id.value) {
        log.warning(.inertHandler, "\(what) names no scene of the app", at: call.location)
      }
    }
  }

  // MARK: - What to write next

  mutating func nextSteps() {
    let urlScenes = facts.scenes.filter { scene in
      scene.fields.contains { $0.key == "onOpenURL" && $0.fact.value == .bool(true) }
    }
    let receivers =
      urlScenes.isEmpty
      ? "" : "; onOpenURL in " + urlScenes.map { "'\($0.id)'" }.joined(separator: ", ") + " receives them"
    for scheme in facts.urlSchemes {
      facts.next.append(
        .init(
          text: "write the routes of \(scheme.value):// URLs (\"url\": \"\(scheme.value)://…\")\(receivers)",
          done: .scheme(scheme.value.lowercased())))
    }
    for entry in m.entitlements?.associatedDomains ?? [] where entry.domain.service == .applinks {
      let host = (entry.domain.includesSubdomains ? "*." : "") + entry.domain.domain
      facts.next.append(
        .init(
          text:
            "write the https routes of \(host) (\"url\": \"https://\(host)/…\")\(receivers), and map "
            + "\"\(entry.domain.description)\" to its apple-app-site-association file to check which paths open the app",
          done: .host(host)))
    }
    var types: [String] = facts.activityTypes.map(\.value)
    for scene in m.scenes {
      for type in scene.handlers?.activityTypes ?? []
      where !types.contains(type.value) && type.value != "NSUserActivityTypeBrowsingWeb" {
        types.append(type.value)
      }
    }
    for type in types {
      let handlers = facts.scenes.filter { scene in
        scene.fields.contains {
          $0.key == "onContinueUserActivity" && ($0.fact.value.arrayValue ?? []).contains(.string(type))
        }
      }
      let who =
        handlers.isEmpty
        ? "" : "; onContinueUserActivity in " + handlers.map { "'\($0.id)'" }.joined(separator: ", ") + " receives it"
      facts.next.append(
        .init(text: "write the activity route of '\(type)' (\"activity\": \"\(type)\")\(who)", done: .activity(type)))
    }
  }
}
