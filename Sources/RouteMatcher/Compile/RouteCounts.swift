/// How many expanded patterns each route has in the trie, counted in ``ZeroedMemory`` (a large
/// table's counts then need no pass to zero them) and written through ``counts``.
///
/// ```swift
/// let inserted = RouteCounts(count: 2)
/// inserted.counts[1] += 1
/// inserted[1]  // 1
/// ```
struct RouteCounts {
  private let memory: ZeroedMemory
  /// The number of routes.
  let count: Int

  init(count: Int) {
    memory = ZeroedMemory(byteCount: max(count, 1) * MemoryLayout<Int>.stride)
    self.count = count
  }

  /// The counts, to write (valid while this value or a copy of it is).
  var counts: UnsafeMutableBufferPointer<Int> {
    UnsafeMutableBufferPointer(start: memory.base.bindMemory(to: Int.self, capacity: max(count, 1)), count: count)
  }

  /// The count of route `route`.
  subscript(route: Int) -> Int { counts[route] }
}
