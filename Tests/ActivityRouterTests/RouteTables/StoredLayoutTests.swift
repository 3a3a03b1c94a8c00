import ActivityRouter
import Testing

/// A loaded table holds a `Route`, a `URLPattern` and a `RouteTarget` for every route, so
/// their sizes are its memory: their stored properties are declared in the order that packs
/// them (a one-byte field in the padding after an optional's tag). These are the sizes on a
/// 64-bit platform; a new stored property, or an order that pads again, changes them.
@Suite struct StoredLayoutTests {
  @Test func aRouteItsPatternAndItsTargetArePacked() {
    #if arch(x86_64) || arch(arm64)
      #expect(MemoryLayout<URLPattern>.stride == 192)  // 200 with the fields in their old order
      #expect(MemoryLayout<RouteTarget>.stride == 136)  // 144
      #expect(MemoryLayout<Route>.stride == 232)  // 240
    #endif
  }
}
