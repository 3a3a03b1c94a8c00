package import RouteMatcher
package import RouteTables
package import RouterSupport

/// A decision's value as the decision keeps it: none, a value, or the route's value template
/// and the match's parameters it renders from, rendered only when ``Decision/value`` is read.
///
/// The engine keeps a route's value as its template and parameters, so that a decision made
/// for a record does not build the value (an object and its members) only for the record to
/// write it and the decision to destroy it: the record writes the value's JSON from the two.
/// Two values are equal, and hash alike, when their rendered values are.
///
/// ```swift
/// let kept = DecisionValue.template(template, match.parameters)
/// kept.value   // template.render(match.parameters)
/// ```
package enum DecisionValue: Sendable, Hashable {
  /// No value.
  case absent
  /// A value made as it is.
  case rendered(JSONValue)
  /// A route's value template and the parameters it renders from.
  case template(ValueTemplate, RouteParameters)

  /// A value made as it is, or none.
  package init(_ value: JSONValue?) {
    if let value { self = .rendered(value) } else { self = .absent }
  }

  /// Whether there is a value (a template always renders one).
  /// Ends the value case by case, each part destroyed as what it is: a value that goes out of
  /// scope whole is destroyed through the enum's value witnesses (about 85 instructions a
  /// GitHub line for a template and its parameters, about 35 more than this).
  ///
  /// ```swift
  /// let kept = DecisionValue.template(template, match.parameters)
  /// sink.deliver(…, value: kept, …)
  /// kept.end()
  /// ```
  package consuming func end() {
    switch consume self {
    case .absent: break
    case .rendered(let value): _ = consume value
    case .template(let template, let parameters):
      _ = consume template
      _ = consume parameters
    }
  }

  package var isAbsent: Bool {
    if case .absent = self { return true }
    return false
  }

  /// The value: the one made, or the template rendered from the parameters.
  package var value: JSONValue? {
    switch self {
    case .absent: nil
    case .rendered(let value): value
    case .template(let template, let parameters): template.render(parameters)
    }
  }

  package static func == (lhs: DecisionValue, rhs: DecisionValue) -> Bool {
    lhs.value == rhs.value
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }
}
