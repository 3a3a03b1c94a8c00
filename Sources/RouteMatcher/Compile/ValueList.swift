/// A growable list of values of any type (a `String` too) in memory of its own, for the
/// compiler's terminal records: an append is a compare and a store, where an `Array` kept in a
/// value that is mutated checks that its buffer is unique at every append.
///
/// A copy shares the memory (as a pointer does): the one owner either moves the values out
/// with ``takeArray()`` or drops them with ``free()``, once.
///
/// ```swift
/// var names = ValueList<String>(capacity: 4)
/// names.append("id")
/// names.takeArray()  // ["id"]; the list's memory is freed
/// ```
struct ValueList<Element> {
  private(set) var base: UnsafeMutablePointer<Element>?
  private(set) var count = 0
  private(set) var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 1)
    base = .allocate(capacity: self.capacity)
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow(to: count &+ 1) }
    (base.unsafelyUnwrapped + count).initialize(to: element)
    count &+= 1
  }

  mutating func append(contentsOf elements: [Element]) {
    for element in elements { append(element) }
  }

  @inline(__always)
  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count)
      return base.unsafelyUnwrapped[index]
    }
    set {
      precondition(index >= 0 && index < count)
      base.unsafelyUnwrapped[index] = newValue
    }
  }

  /// The values, moved into an array of exactly their count; the list's memory is freed and
  /// the list left empty.
  mutating func takeArray() -> [Element] {
    let moved = count
    let source = base
    let result = [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
      if let source, moved > 0 { buffer.baseAddress!.moveInitialize(from: source, count: moved) }
      initialized = moved
    }
    source?.deallocate()
    base = nil
    count = 0
    capacity = 0
    return result
  }

  /// The list's memory (its values from `base` on, `count` of them), handed to the caller,
  /// who frees it with `deallocate()`; the list is left empty. Memory of which more than an
  /// eighth is growth slack is first moved into memory of the values' size.
  mutating func takeMemory() -> (base: UnsafeMutablePointer<Element>, count: Int) {
    if let base, capacity &- count > count / 8 {
      let exact = UnsafeMutablePointer<Element>.allocate(capacity: max(count, 1))
      exact.moveInitialize(from: base, count: count)
      base.deallocate()
      self.base = exact
    }
    let taken = (base ?? .allocate(capacity: 1), count)
    base = nil
    count = 0
    capacity = 0
    return taken
  }

  /// Drops the values and frees the list's memory.
  mutating func free() {
    base?.deinitialize(count: count)
    base?.deallocate()
    base = nil
    count = 0
    capacity = 0
  }

  @inline(never)
  private mutating func grow(to minimum: Int) {
    var larger = max(capacity &* 2, 1)
    while larger < minimum { larger &*= 2 }
    let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
    if let base {
      moved.moveInitialize(from: base, count: count)
      base.deallocate()
    }
    base = moved
    capacity = larger
  }
}
