package import RouterSupport

extension RouteTable {
  /// One problem with a route's target, and the part of the target it is about (the table
  /// loader points its diagnostic there; a table built in code has no positions).
  package struct TargetProblem {
    /// Which part of the target: the scene it names (`scene`/`id`), its value, or the whole.
    package enum Part { case scene, value, target }
    package var code: DiagnosticCode
    package var message: String
    package var part: Part
  }

  /// The checks of a route's target against the table's scene declarations, the same for a
  /// table file (``TableLoader``) and a table built in code (``Builder``): the scene exists; a
  /// window action does not target a `DocumentGroup`; a value goes to a scene that presents a
  /// value type, of the type given (W9), or, without a scene, to a window group that presents
  /// the given type; `openWindow` names a scene or a value (W5).
  ///
  /// `named` is the scene id the target names, even when it is not declared (the target keeps
  /// only declared ones); `hasValue` whether it gives a value (a table file's value that does
  /// not parse is still checked for where it goes).
  ///
  /// ```swift
  /// table.targetProblems(target, named: "editor", hasValue: true)   // [] when 'editor' presents a type
  /// ```
  package func targetProblems(_ target: RouteTarget, named id: String?, hasValue: Bool) -> [TargetProblem] {
    var problems: [TargetProblem] = []
    let action = target.action
    guard action != .requestSceneSessionActivation else { return [] }
    var resolved: SceneDeclaration?
    if let id {
      if let declaration = scene(id) {
        resolved = declaration
        if action != .deliver && declaration.kind == .documentGroup {
          problems.append(
            TargetProblem(
              code: .invalidTarget, message: "\(action.rawValue)(id:) cannot target the documentGroup '\(id)'",
              part: .scene))
        } else if action != .deliver && !declaration.declaresID {
          problems.append(
            TargetProblem(
              code: .invalidTarget,
              message: "'\(id)' is declared without an id, so \(action.rawValue)(id:) cannot name it;"
                + " give the scene an 'id' (WindowGroup(id:)), or name the window by its value's 'type'",
              part: .scene))
        }
      } else {
        problems.append(
          TargetProblem(
            code: .unknownScene,
            message: "no scene declaration has id '\(id)'.\(EditDistance.didYouMean(id, among: scenes.map(\.id)))"
              + " Declared: \(scenes.map(\.id).joined(separator: ", "))",
            part: .scene))
      }
    }
    if hasValue && action != .deliver && (id == nil || resolved != nil) {
      if let declaration = resolved {
        if declaration.presents == nil {
          problems.append(
            TargetProblem(
              code: .invalidTarget,
              message: "scene '\(declaration.id)' presents no value type; add 'presents' to it or drop the 'value'",
              part: .value))
        } else if let type = target.valueType, type != declaration.presents {
          problems.append(
            TargetProblem(
              code: .invalidTarget,
              message: "scene '\(declaration.id)' presents '\(declaration.presents ?? "")', not '\(type)'", part: .value
            ))
        }
      } else if let type = target.valueType {
        if !scenes.contains(where: { $0.presents == type && $0.kind == .windowGroup }) {
          problems.append(
            TargetProblem(code: .invalidTarget, message: "no windowGroup presents '\(type)'", part: .value))
        }
      } else {
        problems.append(
          TargetProblem(
            code: .missingKey,
            message: "a value without an 'id' needs its 'type', so the window group can be found by type (W9)",
            part: .value))
      }
    }
    if action == .openWindow || action == .pushWindow, id == nil && target.value == nil {
      problems.append(
        TargetProblem(
          code: .missingKey,
          message: "'\(action.rawValue)' needs an 'id', a 'value' (with its 'type'), or both (W5)",
          part: .target))
    }
    return problems
  }
}
