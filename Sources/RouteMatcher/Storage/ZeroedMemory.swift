#if os(Linux) && canImport(Glibc)
  import Glibc
#endif

/// Zeroed memory for the builder's large temporary tables, freed with the last reference. On
/// Linux a block of 128 KiB or more (the C library's own threshold for mapping) is mapped
/// straight from the system; one of 4 MiB or more is
/// also aligned to 2 MiB and advised to use
/// huge pages (when the system offers them for advised memory): far fewer page faults and TLB
/// misses while the builder's lookups jump around it, and, as with any fresh mapping, no pass
/// to zero it. Elsewhere, or when the mapping fails, zeroed memory from the standard library.
final class ZeroedMemory {
  let base: UnsafeMutableRawPointer
  private let mappedLength: Int

  init(byteCount: Int) {
    #if os(Linux) && canImport(Glibc)
      let huge = 2 << 20
      if byteCount >= 2 * huge {
        // Whole 2 MiB pages: a multiple of any page size, so the trims below unmap whole pages.
        let length = (byteCount + huge - 1) & ~(huge - 1)
        let size = length + huge
        if let p = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
          UInt(bitPattern: p) != UInt.max
        {
          let address = UInt(bitPattern: p)
          let aligned = (address + UInt(huge - 1)) & ~UInt(huge - 1)
          let head = Int(aligned - address)
          if head > 0 { munmap(p, head) }
          let tail = size - head - length
          if tail > 0 { munmap(UnsafeMutableRawPointer(bitPattern: aligned + UInt(length)), tail) }
          let start = UnsafeMutableRawPointer(bitPattern: aligned)!
          _ = madvise(start, length, Int32(MADV_HUGEPAGE))
          base = start
          mappedLength = length
          return
        }
      } else if byteCount >= 128 << 10 {
        // A mid-sized block (the host roots' edge table of a large table): mapped too, so that
        // it needs no pass to zero it, without the alignment and the advice.
        if let p = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
          UInt(bitPattern: p) != UInt.max
        {
          base = p
          mappedLength = byteCount
          return
        }
      }
    #endif
    // Elsewhere (and for smaller blocks) the standard library's allocator, zeroed here: no C
    // library is needed, so this builds wherever Swift does.
    base = UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: 64)
    base.initializeMemory(as: UInt8.self, repeating: 0, count: max(byteCount, 1))
    mappedLength = 0
  }

  /// Advises the system to back the whole 2 MiB pages inside `byteCount` bytes from `start`
  /// (memory not yet touched, from the allocator) with huge pages, on Linux, for blocks of at
  /// least 4 MiB: a large table written at random then takes a few page faults instead of one
  /// per 4 KiB. Advice only: the memory stays the allocator's.
  static func adviseHugePages(_ start: UnsafeMutableRawPointer, byteCount: Int) {
    #if os(Linux) && canImport(Glibc)
      let huge = UInt(2 << 20)
      guard byteCount >= 4 << 20 else { return }
      let first = (UInt(bitPattern: start) + huge - 1) & ~(huge - 1)
      let end = (UInt(bitPattern: start) + UInt(byteCount)) & ~(huge - 1)
      guard end > first else { return }
      _ = madvise(UnsafeMutableRawPointer(bitPattern: first), Int(end - first), Int32(MADV_HUGEPAGE))
    #endif
  }

  deinit {
    #if os(Linux) && canImport(Glibc)
      if mappedLength > 0 {
        munmap(base, mappedLength)
        return
      }
    #endif
    base.deallocate()
  }
}
