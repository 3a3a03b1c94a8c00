/// A JSON object: members in document order, looked up by key; equality ignores order.
///
/// Keys are compared as Swift strings (Unicode canonical equivalence). An object read by
/// ``JSONParser`` never repeats a key; one built from ``members`` directly should not either:
/// lookups return the first member with the key.
///
/// ```swift
/// var object = JSONObject(["id": "note", "count": 2])
/// object["count"]            // .number(2)
/// object["tags"] = ["a"]     // appended at the end
/// object.keys                // ["id", "count", "tags"]
/// ```
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
  /// One `"key": value` pair of an object.
  ///
  /// ```swift
  /// let object = JSONObject([.init(key: "id", value: "note"), .init(key: "count", value: 2)])
  /// ```
  public struct Member: Sendable, Hashable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members in document (or insertion) order.
  public var members: [Member]

  /// Creates an object with `members`, kept as given.
  public init(_ members: [Member] = []) {
    self.members = members
  }

  /// Creates an object from key-value pairs in order; a repeated key replaces the earlier value in place.
  public init(_ pairs: KeyValuePairs<String, JSONValue>) {
    self.members = []
    members.reserveCapacity(pairs.count)
    for (key, value) in pairs { self[key] = value }
  }

  /// Creates an object from key-value pairs in order; a repeated key replaces the earlier value in place.
  public init(_ pairs: [(String, JSONValue)]) {
    self.members = []
    members.reserveCapacity(pairs.count)
    for (key, value) in pairs { self[key] = value }
  }

  /// Creates an object from a dictionary literal, keeping the written order.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements)
  }

  /// The value of the first member with `key`; setting replaces that value, or appends a member,
  /// and setting `nil` removes every member with the key.
  public subscript(key: String) -> JSONValue? {
    get {
      for member in members where member.key == key { return member.value }
      return nil
    }
    set {
      guard let newValue else {
        members.removeAll { $0.key == key }
        return
      }
      if let index = members.firstIndex(where: { $0.key == key }) {
        members[index].value = newValue
      } else {
        members.append(Member(key: key, value: newValue))
      }
    }
  }

  /// The keys in order.
  public var keys: [String] { members.map(\.key) }

  /// The number of members.
  public var count: Int { members.count }

  /// Whether the object has no members.
  public var isEmpty: Bool { members.isEmpty }

  /// Iterates over the members in order.
  public func makeIterator() -> IndexingIterator<[Member]> {
    members.makeIterator()
  }

  /// The number of members (for `Sequence`).
  public var underestimatedCount: Int { members.count }

  /// Whether two objects have the same keys with equal values, in any order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.members.count == rhs.members.count else { return false }
    // Fast path: the same keys in the same order. The members are read in place (handed to a
    // closure, each was copied: its key and its value retained and released).
    let inOrder: Bool? = lhs.members.withUnsafeBufferPointer { l in
      rhs.members.withUnsafeBufferPointer { r in
        for i in l.indices where l[i].key != r[i].key { return nil }
        for i in l.indices where l[i].value != r[i].value { return false }
        return true
      }
    }
    if let inOrder { return inOrder }
    return lhs.isContained(in: rhs) && rhs.isContained(in: lhs)
  }

  /// Whether every member of `self` has an equal value under the same key in `other`.
  private func isContained(in other: JSONObject) -> Bool {
    if other.members.count <= 16 {
      return members.allSatisfy { other[$0.key] == $0.value }
    }
    var lookup: [String: JSONValue] = [:]
    lookup.reserveCapacity(other.members.count)
    for member in other.members where lookup[member.key] == nil { lookup[member.key] = member.value }
    return members.allSatisfy { lookup[$0.key] == $0.value }
  }

  /// Hashes the members independently of their order.
  public func hash(into hasher: inout Hasher) {
    // Only the first member of each key counts, as it does for lookups and equality. An
    // object of a few members finds a repeated key by comparing keys (a set of the keys was
    // an allocation at every hash: a session index hashes each window's value); the members
    // are read in place.
    var combined: UInt = 0
    var counted = 0
    members.withUnsafeBufferPointer { members in
      var seen = Set<String>()
      for i in members.indices {
        if members.count <= 16 {
          var j = 0
          while j < i, members[j].key != members[i].key { j &+= 1 }
          if j < i { continue }
        } else if !seen.insert(members[i].key).inserted {
          continue
        }
        var memberHasher = Hasher()
        memberHasher.combine(members[i].key)
        memberHasher.combine(members[i].value)
        combined &+= UInt(bitPattern: memberHasher.finalize())
        counted &+= 1
      }
    }
    hasher.combine(counted)
    hasher.combine(combined)
  }
}
