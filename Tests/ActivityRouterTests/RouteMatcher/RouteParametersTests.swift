import RouteEvents
import RouterSupport
import Testing

@testable import RouteMatcher

/// `RouteParameters` holds up to four parameters in place (names of 15 bytes or fewer, text,
/// integers, UUIDs, 56 bytes of names and values) and reads as the `JSONObject` the match used to carry: the same
/// members, in order, the same lookups and equality, whichever way it holds them.
@Suite struct RouteParametersTests {
  @Test func heldInPlaceReadAsTheObject() {
    var builder = RouteParameters.Builder()
    RandomRouteParameters.set(&builder, "id", .uuid(high: 0x6F0E_4F5A_6A57_4B55, low: 0x9B0A_7C7C_2B9B_1E11))
    RandomRouteParameters.set(&builder, "query", text: "meeting notes")
    let parameters = builder.build()
    #expect(parameters.storage.object == nil)
    #expect(parameters.count == 2)
    #expect(parameters["id"] == .string("6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"))
    #expect(parameters["query"] == "meeting notes")
    #expect(parameters["x"] == nil)
    #expect(parameters.keys == ["id", "query"])
    #expect(parameters.map(\.value) == ["6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11", "meeting notes"])
    let object: JSONObject = ["id": "6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11", "query": "meeting notes"]
    #expect(parameters.object == object)
    #expect(parameters == RouteParameters(object))
    #expect(parameters.description == JSONValue.object(object).description)

    builder = RouteParameters.Builder()
    RandomRouteParameters.set(&builder, "n", .int(-42))
    RandomRouteParameters.set(&builder, "fifteen-byte-id", text: "fifteen-bytes-x")
    let inPlace = builder.build()
    #expect(inPlace.storage.object == nil)
    #expect(inPlace.object == ["n": .number(JSONNumber(-42)), "fifteen-byte-id": "fifteen-bytes-x"])
    // `build()` moves the parameters out: the builder is left empty.
    #expect(builder.build().isEmpty)
  }

  /// A name longer than 15 bytes, more bytes than fit, a fifth parameter, a name set twice (in a
  /// pattern built in code) or any other JSON value: all of them in an object, as `JSONObject`'s
  /// subscript would have set them.
  @Test func otherParametersAreKeptInAnObject() {
    var builder = RouteParameters.Builder()
    let long = String(repeating: "sixteen-bytes-xx", count: 3)
    RandomRouteParameters.set(&builder, "q", text: "short")
    RandomRouteParameters.set(&builder, "long", text: long)
    var parameters = builder.build()
    #expect(parameters.storage.object != nil)
    #expect(parameters.object == ["q": "short", "long": .string(long)])

    builder = RouteParameters.Builder()
    RandomRouteParameters.set(&builder, "a-name-16-bytes!", .int(1))
    parameters = builder.build()
    #expect(parameters.storage.object != nil)
    #expect(parameters.keys == ["a-name-16-bytes!"])
    #expect(builder.build().isEmpty && builder.build().storage.object == nil)

    builder = RouteParameters.Builder()
    RandomRouteParameters.set(&builder, "id", .int(1))
    RandomRouteParameters.set(&builder, "q", text: "x")
    RandomRouteParameters.set(&builder, "id", .int(2))  // again: replaces the first value in place
    parameters = builder.build()
    #expect(parameters.keys == ["id", "q"])
    #expect(parameters["id"] == .number(JSONNumber(2)))

    builder = RouteParameters.Builder()
    RandomRouteParameters.set(&builder, "id", .int(1))
    RandomRouteParameters.set(&builder, "id", .int(3))  // again, while in place
    #expect(builder.build().object == ["id": .number(JSONNumber(3))])

    builder = RouteParameters.Builder()
    for (k, name) in ["a", "b", "c", "d", "e"].enumerated() {
      RandomRouteParameters.set(&builder, name, .int(Int64(k)))
    }
    parameters = builder.build()
    #expect(parameters.count == 5)
    #expect(parameters.keys == ["a", "b", "c", "d", "e"])
    #expect(parameters["e"] == .number(JSONNumber(4)))
    #expect(parameters[4].key == "e")
  }

  /// The text of a UUID kept as two words is its digits in order, uppercase, dashes at 8-4-4-4-12.
  @Test func uuidTextIsUppercaseInOrder() {
    #expect(
      RouteParameters.InlineValue.uuidText(0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210)
        == "01234567-89AB-CDEF-FEDC-BA9876543210")
  }

  /// The iterator (a `for` loop over the parameters) gives what the subscript gives, in order,
  /// whether the parameters are held in place (one to four) or in an object (a fifth spills them).
  @Test func theIteratorReadsWhatTheSubscriptReads() {
    for count in 0...5 {
      var builder = RouteParameters.Builder()
      for k in 0..<count {
        if k == 1 {
          RandomRouteParameters.set(&builder, "uuid", .uuid(high: 0x6F0E_4F5A_6A57_4B55, low: 0x9B0A_7C7C_2B9B_1E11))
        } else {
          RandomRouteParameters.set(&builder, "p\(k)", text: "value-\(k)")
        }
      }
      let parameters = builder.build()
      #expect((parameters.storage.object == nil) == (count < 5))
      var seen: [RouteParameters.Parameter] = []
      for parameter in parameters { seen.append(parameter) }
      #expect(seen.count == count)
      #expect(seen.map(\.key) == (0..<count).map { parameters[$0].key })
      #expect(seen.map(\.value) == (0..<count).map { parameters[$0].value })
      #expect(seen == Array(parameters.indices.map { parameters[$0] }))
    }
  }

  /// A match, and the `Result` that holds one, are small enough to be copied with a few moves
  /// (no `memcpy` call, which the compiler makes for more than 120 bytes).
  @Test func aMatchIsSmall() {
    #expect(MemoryLayout<RouteParameters>.size <= 72)
    #expect(MemoryLayout<RouteMatch>.size <= 112)
    #expect(MemoryLayout<Result<RouteMatch?, URLReadError>>.size <= 120)
  }

  /// A name or a value held in place is made a string of exactly its bytes, the same string
  /// (equal, with the same bytes and count) as `String(decoding:)` makes: ASCII of every
  /// length up to 15 (built as a small string directly) and UTF-8 that is not ASCII.
  @Test func bytesInPlaceMakeTheSameString() {
    let texts = [
      "", "a", "id", "ab-_.", "12345678", "123456789", "owner/repo", "fifteen-bytes-x", "A~!@#$%^&*()+={}",
      "é", "naïve", "日本", "x\u{7F}y", "\u{0}",
    ]
    for text in texts where text.utf8.count <= 16 {
      let bytes = Array(text.utf8)
      let made = bytes.withUnsafeBufferPointer { RouteParameters.Bytes16($0).string }
      let decoded = String(decoding: bytes, as: UTF8.self)
      #expect(made == decoded)
      #expect(Array(made.utf8) == bytes)
      #expect(made.utf8.count == bytes.count)
      #expect(made.hashValue == decoded.hashValue)
    }
  }

  /// Parameters that spill into an object keep every value and the first one's place when a
  /// name is set again, whatever number of parameters the builder was told to expect.
  @Test func spillingKeepsOrderWithAnyExpectedCount() {
    for expected in [0, 1, 3, 8] {
      var builder = RouteParameters.Builder(expected: expected)
      RandomRouteParameters.set(&builder, "a", text: "1")
      RandomRouteParameters.set(&builder, "b", .int(2))
      RandomRouteParameters.set(&builder, "c", text: "three")
      RandomRouteParameters.set(&builder, "a", text: "again")
      let parameters = builder.build()
      #expect(parameters.storage.object != nil)
      #expect(parameters.keys == ["a", "b", "c"])
      #expect(parameters.object == ["a": "again", "b": .number(JSONNumber(2)), "c": "three"])
    }
  }

  /// A name set again after the parameters spilled replaces the first member's value, found as
  /// `JSONObject`'s subscript finds it (by `==`): small ASCII names by their bits, longer names
  /// and names that are canonically equivalent but not the same bytes ("é" composed or not, the
  /// Kelvin sign and "K") by `==`. The builder's object is the one the subscript would have made.
  @Test func duplicateNamesAfterASpillReplaceAsTheObjectDoes() {
    let names = [
      "id", "a-name-longer-than-15", "q", "\u{E9}t\u{E9}", "id", "e\u{301}te\u{301}", "\u{212A}", "K",
      "a-name-longer-than-15", "q", "fifteen-bytes-x", "fifteen-bytes-x", "q\u{0}", "q",
    ]
    for expected in [0, 3, 16] {
      var builder = RouteParameters.Builder(expected: expected)
      var object = JSONObject()
      for (k, name) in names.enumerated() {
        builder.set(name, json: .number(JSONNumber(Int64(k))))
        object[name] = .number(JSONNumber(Int64(k)))
      }
      let parameters = builder.build()
      #expect(parameters.storage.object?.members == object.members)
      #expect(
        parameters.keys == [
          "id", "a-name-longer-than-15", "q", "\u{E9}t\u{E9}", "\u{212A}", "fifteen-bytes-x", "q\u{0}",
        ])
    }
    #expect(RouteParameters.Builder.same("ab", "ab") && !RouteParameters.Builder.same("ab", "abc"))
    #expect(RouteParameters.Builder.same("\u{E9}", "e\u{301}") && RouteParameters.Builder.same("\u{212A}", "K"))
    #expect(!RouteParameters.Builder.same("a-name-longer-than-15", "a-name-longer-than-16"))
  }
}
