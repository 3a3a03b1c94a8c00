public import RouterSupport

/// Where a `userInfo` constraint reads its value: one top-level key, or a JSON Pointer
/// (RFC 6901) into nested dictionaries and arrays.
///
/// A key that starts with `/` is a pointer: each `/`-separated step names a dictionary key, or an
/// array index (`0`, `1`, … without leading zeros) when the value there is an array; `~1` stands
/// for `/` and `~0` for `~` inside a step. Any other key is one top-level key as written, dots
/// included (`"gcm.message_id"`, `"com.example.noteID"`).
///
/// ```swift
/// let path = try UserInfoKeyPath(parsing: "/items/0/id")
/// path.steps                                              // ["items", "0", "id"]
/// path.value(in: ["items": [["id": 7]]])                  // 7
/// try UserInfoKeyPath(parsing: "gcm.message_id").steps    // ["gcm.message_id"]
/// ```
public struct UserInfoKeyPath: Sendable, Hashable {
  /// The steps, decoded (`~1` read as `/`, `~0` as `~`); one step for a plain key.
  public var steps: [String]

  /// A path of one top-level key.
  public init(key: String) {
    self.steps = [key]
  }

  /// A path of the given steps.
  public init(steps: [String]) {
    self.steps = steps
  }

  /// Reads a key as a table writes it, or throws what is wrong with it at UTF-8 offsets of `text`.
  public init(parsing text: String) throws(TemplateErrors) {
    guard text.hasPrefix("/") else {
      self.steps = [text]
      return
    }
    var errors: [TemplateError] = []
    var steps: [String] = []
    var step: [UInt8] = []
    let bytes = Array(text.utf8)
    var stepStart = 1
    var i = 1
    func finish(at end: Int) {
      if step.isEmpty {
        errors.append(
          TemplateError(
            .invalidPattern,
            "empty step in the key path '\(text)': expected a key or an array index after '/', as in '/data/id'",
            at: stepStart - 1))
      }
      steps.append(String(decoding: step, as: UTF8.self))
      step = []
      stepStart = end + 1
    }
    while i < bytes.count {
      let b = bytes[i]
      if b == UInt8(ascii: "/") {
        finish(at: i)
      } else if b == UInt8(ascii: "~") {
        let next = i + 1 < bytes.count ? bytes[i + 1] : 0
        if next == UInt8(ascii: "0") {
          step.append(UInt8(ascii: "~"))
        } else if next == UInt8(ascii: "1") {
          step.append(UInt8(ascii: "/"))
        } else {
          errors.append(
            TemplateError(
              .invalidPattern,
              "'~' in a key path starts '~0' (a '~') or '~1' (a '/' inside a key), as in JSON Pointer (RFC 6901)",
              at: i))
        }
        i += 1
      } else {
        step.append(b)
      }
      i += 1
    }
    finish(at: bytes.count)
    guard errors.isEmpty else { throw TemplateErrors(errors) }
    self.steps = steps
  }

  /// The value at the path, or nil when a step is missing, names an index out of range or goes
  /// into a value that is neither a dictionary nor an array.
  public func value(in userInfo: JSONObject) -> JSONValue? {
    walk(userInfo).value
  }

  /// The value at the path, or the first step that fails and why (for explanations).
  ///
  /// ```swift
  /// try UserInfoKeyPath(parsing: "/data/id").walk(["data": "x"]).failure   // (1, "'data' is a string value, not a dictionary or an array")
  /// ```
  public func walk(_ userInfo: JSONObject) -> (value: JSONValue?, failure: (step: Int, reason: String)?) {
    guard let first = steps.first, var current = userInfo[first] else {
      return (nil, (0, "no key '\(steps.first ?? "")'"))
    }
    var k = 1
    while k < steps.count {
      let step = steps[k]
      switch current {
      case .object(let object):
        guard let next = object[step] else { return (nil, (k, "no key '\(step)' in '\(prefix(k))'")) }
        current = next
      case .array(let items):
        guard let index = Self.index(step), index < items.count else {
          return (nil, (k, "'\(prefix(k))' is an array of \(items.count) and '\(step)' is not one of its indices"))
        }
        current = items[index]
      default:
        return (nil, (k, "'\(prefix(k))' is a \(current.typeName) value, not a dictionary or an array"))
      }
      k += 1
    }
    return (current, nil)
  }

  /// The path as a table writes it: a plain key as itself, a longer path as a JSON Pointer.
  public var text: String {
    if steps.count == 1 && !steps[0].hasPrefix("/") { return steps[0] }
    return pointer
  }

  /// The path as a JSON Pointer (`/feed/url`).
  public var pointer: String {
    var out = ""
    for step in steps {
      out += "/"
      for c in step {
        switch c {
        case "~": out += "~0"
        case "/": out += "~1"
        default: out.append(c)
        }
      }
    }
    return out
  }

  /// The first `count` steps as a JSON Pointer, for messages.
  func prefix(_ count: Int) -> String {
    UserInfoKeyPath(steps: Array(steps.prefix(count))).pointer
  }

  /// An array index as RFC 6901 writes it: `0` or digits without a leading zero.
  static func index(_ step: String) -> Int? {
    let u = Array(step.utf8)
    guard !u.isEmpty, u.count <= 9, u.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), u.count == 1 || u[0] != 0x30 else {
      return nil
    }
    return Int(step)
  }
}
