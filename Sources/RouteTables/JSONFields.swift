package import RouterSupport

/// The accepted members of one JSON object, looked up by key: what ``JSONFieldReader/object(_:what:keys:)``
/// returns.
///
/// An object of a table has a handful of keys, so a lookup compares the key with each member's
/// in turn: cheaper than hashing it, and no table of buckets is built for each route, scene and
/// target a file holds. When every member of the object is accepted (the usual case), the fields
/// are the object's own member array, shared, not copied.
///
/// ```swift
/// if let fields = reader.object(node, what: "a route", keys: ["name", "url"]) {
///   let name = reader.string(fields["name"], required: "name", in: node, what: "a route")
/// }
/// ```
package struct JSONFields {
  /// The accepted members, in document order; no key twice (the JSON parser refuses repeats).
  package var members: [JSONMember]

  /// Creates the fields of an object from its accepted members.
  package init(_ members: [JSONMember]) {
    self.members = members
  }

  /// The member with `key`, if the object has it and it was accepted.
  ///
  /// The members are compared in place: only the one found is copied (a `for member in
  /// members` copied each member it passed, retaining and releasing its key and value).
  package subscript(key: String) -> JSONMember? {
    members.withUnsafeBufferPointer { members in
      for index in members.indices where members[index].key == key { return members[index] }
      return nil
    }
  }
}
