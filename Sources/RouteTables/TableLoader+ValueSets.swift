import RouterSupport

extension TableLoader {
  /// `"valueSets": {"tab": ["inbox", "sent", "archive"]}`: value sets declared once, used by
  /// patterns as `{box:tab}`. Each name a parameter-like name that is not a built-in type; each
  /// set non-empty, its values written as in a pattern and none repeated. A set with an error is
  /// left out (its uses then report an unknown type) and the others are still read.
  static func readValueSets(_ member: JSONMember?, _ reader: inout JSONFieldReader) -> [String: [String]] {
    guard let member else { return [:] }
    guard case .object(let members) = member.value.kind else {
      reader.error(
        .wrongType,
        "'valueSets' must be an object of set names and their values, as in {\"tab\": [\"inbox\", \"sent\"]},"
          + " found \(member.value.typeName)", at: member.value.start)
      return [:]
    }
    var sets: [String: [String]] = [:]
    for set in members {
      let name = set.key
      if ParameterType(rawValue: name) != nil {
        reader.error(
          .invalidValue,
          "the value set '\(name)' has the name of a built-in type ('{id:\(name)}' would be ambiguous); name it"
            + " otherwise, as in '\(name)Values'", at: set.keyStart)
        continue
      }
      guard ValueTemplate.isParameterName(name) else {
        reader.error(
          .invalidValue,
          "expected a value set name (a letter or '_', then letters, digits, '_', '-' or '.'), found '\(name)'",
          at: set.keyStart)
        continue
      }
      guard case .array(let items) = set.value.kind else {
        reader.error(
          .wrongType, "the value set '\(name)' must be an array of values, found \(set.value.typeName)",
          at: set.value.start)
        continue
      }
      if items.isEmpty {
        reader.error(
          .invalidValue, "the value set '\(name)' is empty: a set lists at least one value", at: set.value.start)
        continue
      }
      var values: [String] = []
      var firstAt: [String: JSONNode] = [:]
      var ok = true
      for item in items {
        guard case .string(let text) = item.kind else {
          reader.error(
            .wrongType, "the value set '\(name)' must hold strings, found \(item.typeName)", at: item.start)
          ok = false
          continue
        }
        if text.isEmpty {
          reader.error(.invalidValue, "a value of the set '\(name)' cannot be empty", at: item.start)
          ok = false
          continue
        }
        do {
          let value = try URLPattern.valueSetMember(text)
          if let first = firstAt[value] {
            reader.error(
              .duplicateValue, "'\(value)' is listed twice in the value set '\(name)'", at: item.start,
              notes: [.init("'\(value)' is first listed here", at: reader.location(first.start))])
            ok = false
          } else {
            firstAt[value] = item
            values.append(value)
          }
        } catch {
          reader.report(error, inString: item)
          ok = false
        }
      }
      if ok { sets[name] = values }
    }
    return sets
  }
}
