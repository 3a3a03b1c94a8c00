import FoundationEssentials
import RouterSupport

/// `route-cli test --update`: rewrites the expectations of failing steps from the actual
/// decisions, keeping the fields each expectation pins, and says what changed.
///
/// ```swift
/// let changes = FixtureUpdater.update(fixture, result)   // ["step 3: outcome: \"deliver\" → \"drop\""]
/// try FixtureUpdater.write(fixture, result)
/// ```
public enum FixtureUpdater {
  /// The fixture's new text, and one line per change; nil when nothing changes.
  public static func updatedText(_ fixture: Fixture, _ result: FixtureRunner.Result) -> (
    text: String, changes: [String]
  )? {
    guard let source = fixture.source, !result.passed else { return nil }
    var edits: [(Range<Int>, String)] = []
    var changes: [String] = []
    for (step, outcome) in zip(fixture.steps, result.steps) where !outcome.passed {
      for d in outcome.differences {
        changes.append(
          "step \(outcome.index + 1): \(d.path): \(d.expected?.description ?? "(absent)") → \(d.actual?.description ?? "(absent)")"
        )
      }
      if let range = step.expectRange, let expected = step.expect {
        edits.append((range, inline(refreshed(expected, from: outcome.actual))))
      }
      if let range = step.expectSessionsRange, let expected = step.expectSessions {
        edits.append((range, inline(refreshedSessions(expected, from: outcome.sessionsAfter))))
      }
    }
    guard !edits.isEmpty else { return nil }
    var bytes = source.bytes
    for (range, text) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
      bytes.replaceSubrange(range, with: Array(text.utf8))
    }
    return (String(decoding: bytes, as: UTF8.self), changes)
  }

  /// Writes the updated fixture over its file (or `path`), atomically, and returns the changes.
  ///
  /// A symbolic link is followed: the file it names gets the new text and keeps its mode; a
  /// path that names no regular file (a FIFO, a device) is refused.
  @discardableResult
  public static func write(_ fixture: Fixture, _ result: FixtureRunner.Result, to path: String? = nil) throws
    -> [String]
  {
    guard let (text, changes) = updatedText(fixture, result) else { return [] }
    try AtomicFile.write(Array(text.utf8), to: path ?? fixture.file)
    return changes
  }

  /// The expectation with each of its fields set to the actual value (absent → null).
  /// An operator (`{"contains": …}`, `{"set": …}`) keeps its form, with the actual elements.
  static func refreshed(_ expected: JSONValue, from actual: JSONValue?) -> JSONValue {
    if let (op, _) = ExpectationMatcher.arrayOperator(expected), let elements = actual?.arrayValue {
      return .object(JSONObject([.init(key: op.rawValue, value: .array(elements))]))
    }
    guard case .object(let e) = expected else { return actual ?? .null }
    guard case .object(let a)? = actual else { return actual ?? .null }
    var out = JSONObject()
    for member in e.members {
      if case .object = member.value, let sub = a[member.key] {
        out[member.key] = refreshed(member.value, from: sub)
      } else {
        out[member.key] = a[member.key] ?? .null
      }
    }
    return .object(out)
  }

  /// The session list with the fields the expected session of the same id pins (by position when
  /// the expectation names no ids; the first expected session's fields for a new one).
  static func refreshedSessions(_ expected: JSONValue, from actual: JSONValue) -> JSONValue {
    if let (op, listed) = ExpectationMatcher.arrayOperator(expected) {
      let list = refreshedSessions(.array(listed), from: actual)
      return .object(JSONObject([.init(key: op.rawValue, value: list)]))
    }
    guard case .array(let e) = expected, case .array(let a) = actual else { return actual }
    let template = e.first ?? .object(JSONObject([.init(key: "id", value: .null), .init(key: "scene", value: .null)]))
    let byID = ExpectationMatcher.identifiers(e) != nil
    return .array(
      a.enumerated().map { i, session in
        if byID {
          let id = session.objectValue?["id"]
          let same = e.first { $0.objectValue?["id"] == id }
          return refreshed(same ?? template, from: session)
        }
        return refreshed(i < e.count ? e[i] : template, from: session)
      })
  }

  /// Compact JSON with a space after `{`, `,` and `:`, on one line.
  static func inline(_ value: JSONValue) -> String {
    switch value {
    case .object(let o):
      if o.count == 0 { return "{}" }
      return "{ " + o.members.map { "\(inline(.string($0.key))): \(inline($0.value))" }.joined(separator: ", ") + " }"
    case .array(let items):
      return "[" + items.map(inline).joined(separator: ", ") + "]"
    default:
      var out: [UInt8] = []
      JSONWriter.append(value, to: &out)
      return String(decoding: out, as: UTF8.self)
    }
  }
}
