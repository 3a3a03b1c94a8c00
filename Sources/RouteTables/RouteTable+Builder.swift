public import RouterSupport

extension RouteTable {
  /// Builds a route table in code, with the checks a table file's routes get: patterns that do
  /// not parse, targets that do not fit the scene declarations (`RouteTable.targetProblems`:
  /// unknown scenes, window actions on a `DocumentGroup`, values for scenes that present no type
  /// or another one), value placeholders no pattern captures; ``build()`` throws them all at once.
  ///
  /// ```swift
  /// var builder = RouteTable.Builder(app: "Notes", platform: .iPadOS)
  /// builder.scene("main")
  /// builder.scene("note-editor", presents: "NoteID", matching: ["note-editor"])
  /// builder.url("note", "notes://note/{id:uuid}", openWindow: "note-editor", value: ["id": "{id}"])
  /// builder.activity("edit", "com.example.notes.edit", userInfo: ["noteID": "{id:uuid}"],
  ///                  openWindow: "note-editor", value: ["id": "{id}"])
  /// let router = try builder.compile()
  /// ```
  public struct Builder: Sendable {
    public private(set) var table: RouteTable
    private var problems: [Diagnostic] = []

    /// Starts a table for an app.
    public init(app: String, platform: Platform, multipleScenes: Bool? = nil) {
      table = RouteTable(
        app: app, platform: platform, multipleScenes: multipleScenes ?? (platform != .iOS), scenes: [], routes: [])
    }

    /// Declares a scene, in declaration order.
    public mutating func scene(
      _ id: String, kind: SceneDeclaration.Kind = .windowGroup, title: String? = nil, presents: String? = nil,
      defaultValue: JSONValue? = nil, matching: [String]? = nil, preferring: [String]? = nil, allowing: [String]? = nil
    ) {
      if table.scene(id) != nil { fail(.duplicateSceneID, "scene id '\(id)' is declared twice (W2)") }
      var scene = SceneDeclaration(
        id: id, kind: kind, title: title, presents: presents, defaultValue: defaultValue, matching: matching)
      scene.preferring = preferring
      scene.allowing = allowing
      table.scenes.append(scene)
    }

    /// Sets the table's policies.
    public mutating func policies(_ policies: ScenePolicies) { table.policies = policies }

    /// Declares a named value set, used by later patterns as `{box:tab}` (values written as in
    /// a pattern).
    ///
    /// ```swift
    /// builder.valueSet("tab", ["inbox", "sent", "archive"])
    /// builder.url("box", "mail://box/{box:tab}", deliverTo: "main")
    /// ```
    public mutating func valueSet(_ name: String, _ values: [String]) {
      if ParameterType(rawValue: name) != nil || !ValueTemplate.isParameterName(name) {
        fail(.invalidValue, "'\(name)' cannot name a value set (a built-in type, or not a name)")
        return
      }
      if values.isEmpty { fail(.invalidValue, "the value set '\(name)' is empty: a set lists at least one value") }
      var decoded: [String] = []
      for value in values {
        do {
          let member = try URLPattern.valueSetMember(value)
          if decoded.contains(member) {
            fail(.duplicateValue, "'\(member)' is listed twice in the value set '\(name)'")
          } else {
            decoded.append(member)
          }
        } catch {
          for e in error.errors { fail(e.code, "value set '\(name)', value '\(value)': \(e.message)") }
        }
      }
      table.valueSets[name] = decoded
    }

    /// Sets the table's matching options.
    public mutating func options(_ options: RoutingOptions) { table.options = options }

    /// A URL route that opens a window (`openWindow(id:value:)`).
    public mutating func url(
      _ name: String, _ patterns: String..., openWindow scene: String, value: JSONValue? = nil, priority: Int = 0
    ) {
      add(name, trigger: parse(patterns, name), target: target(.openWindow, scene, value), priority: priority)
    }

    /// A URL route that the receiving scene handles itself.
    public mutating func url(
      _ name: String, _ patterns: String..., deliverTo scene: String? = nil, value: JSONValue? = nil, priority: Int = 0
    ) {
      add(name, trigger: parse(patterns, name), target: target(.deliver, scene, value), priority: priority)
    }

    /// A URL route that dismisses windows.
    public mutating func url(
      _ name: String, _ patterns: String..., dismissWindow scene: String?, value: JSONValue? = nil, priority: Int = 0
    ) {
      add(name, trigger: parse(patterns, name), target: target(.dismissWindow, scene, value), priority: priority)
    }

    /// An activity route that opens a window; `userInfo` maps keys to literals or `"{name[:type][?]}"`.
    public mutating func activity(
      _ name: String, _ type: String, userInfo: [String: JSONValue] = [:], openWindow scene: String,
      value: JSONValue? = nil
    ) {
      add(name, trigger: activityTrigger(type, userInfo), target: target(.openWindow, scene, value), priority: 0)
    }

    /// An activity route that the receiving scene handles itself.
    public mutating func activity(
      _ name: String, _ type: String, userInfo: [String: JSONValue] = [:], deliverTo scene: String? = nil,
      value: JSONValue? = nil
    ) {
      add(name, trigger: activityTrigger(type, userInfo), target: target(.deliver, scene, value), priority: 0)
    }

    /// The table, or every problem found while building it.
    public func build() throws(BuildError) -> RouteTable {
      var problems = self.problems
      for route in table.routes {
        let captured = route.trigger.parameterNames
        // The checks a table file's targets get (RouteTable.targetProblems).
        for problem in table.targetProblems(
          route.target, named: route.target.scene, hasValue: route.target.value != nil)
        {
          problems.append(Diagnostic(.error, problem.code, "route '\(route.name)': \(problem.message)"))
        }
        for name in route.target.value?.parameterNames ?? [] where !captured.contains(name) {
          problems.append(
            Diagnostic(.error, .unknownParameter, "route '\(route.name)' uses '{\(name)}', which it does not capture"))
        }
        if case .url(let patterns) = route.trigger {
          for p in patterns {
            for name in route.target.value?.parameterNames ?? []
            where !p.parameterNames.contains(name) && captured.contains(name) {
              problems.append(
                Diagnostic(
                  .error, .unknownParameter, "pattern '\(p.text)' of route '\(route.name)' does not capture '\(name)'"))
            }
          }
        }
      }
      if table.scenes.isEmpty {
        problems.append(Diagnostic(.error, .invalidValue, "an app declares at least one scene"))
      }
      guard problems.isEmpty else { throw BuildError(diagnostics: problems) }
      return table
    }

    // MARK: - Helpers

    private mutating func fail(_ code: DiagnosticCode, _ message: String) {
      problems.append(Diagnostic(.error, code, message))
    }

    private mutating func parse(_ patterns: [String], _ name: String) -> Route.Trigger? {
      var parsed: [URLPattern] = []
      for text in patterns {
        do {
          parsed.append(try URLPattern(parsing: text, valueSets: table.valueSets))
        } catch {
          for e in error.errors {
            fail(e.code, "route '\(name)', pattern '\(text)' at offset \(e.offset): \(e.message)")
          }
        }
      }
      if patterns.isEmpty { fail(.missingKey, "route '\(name)' needs at least one URL pattern") }
      return parsed.count == patterns.count && !parsed.isEmpty ? .url(parsed) : nil
    }

    private func activityTrigger(_ type: String, _ userInfo: [String: JSONValue]) -> Route.Trigger {
      let constraints = userInfo.sorted { $0.key < $1.key }.map { key, value -> UserInfoConstraint in
        if case .string(let s) = value, let (p, required) = TableLoader.parsePlaceholder(s) {
          return UserInfoConstraint(key: key, value: .parameter(p, required: required))
        }
        return UserInfoConstraint(key: key, value: .equals(value))
      }
      return .activity(ActivityPattern(type: type, userInfo: constraints))
    }

    private mutating func target(_ action: RouteTarget.Action, _ scene: String?, _ value: JSONValue?) -> RouteTarget {
      var t = RouteTarget(action: action, scene: scene)
      if let value {
        do { t.value = try ValueTemplate(json: value) } catch {
          fail(.invalidPattern, error.errors.first?.message ?? "invalid value template")
        }
      }
      return t
    }

    private mutating func add(_ name: String, trigger: Route.Trigger?, target: RouteTarget, priority: Int) {
      if table.route(named: name) != nil { fail(.duplicateRuleName, "route name '\(name)' is used twice") }
      guard let trigger else { return }
      table.routes.append(
        Route(name: name, index: table.routes.count, trigger: trigger, target: target, priority: priority))
    }
  }

  /// Every problem found by ``Builder/build()``.
  public struct BuildError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }

    /// The error of these problems.
    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
  }
}
