/// A growable list of plain values in memory of its own, for the compiler's pattern batches: an
/// append is a compare and a store (an `Array` kept in a value that is mutated checks that its
/// buffer is unique at every append), and the list is read through its base pointer.
///
/// ```swift
/// var list = RawList<Int32>(capacity: 4)
/// list.append(7)
/// list.base[0]  // 7
/// ```
struct RawList<Element: BitwiseCopyable>: ~Copyable {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private(set) var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 1)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow(to: count &+ 1) }
    (base + count).initialize(to: element)
    count &+= 1
  }

  mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let source = elements.baseAddress, elements.count > 0 else { return }
    if elements.count > capacity &- count { grow(to: count &+ elements.count) }
    (base + count).initialize(from: source, count: elements.count)
    count &+= elements.count
  }

  /// Empties the list, keeping its memory.
  mutating func removeAll() { count = 0 }

  @inline(never)
  private mutating func grow(to minimum: Int) {
    var larger = capacity &* 2
    while larger < minimum { larger &*= 2 }
    let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
    moved.initialize(from: base, count: count)
    base.deallocate()
    base = moved
    capacity = larger
  }
}
