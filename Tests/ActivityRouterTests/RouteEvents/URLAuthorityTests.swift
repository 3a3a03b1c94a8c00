import ActivityRouterTestSupport
import Testing

@testable import RouteEvents

/// The rules the fast matcher and the URL reader share live in one place (`PlainBytes`,
/// `HostKey`); these tests derive the fast forms (the byte test, the word test, the word test on
/// padded keys) from the one definition, and hold the definition to what the reader does.
@Suite struct URLAuthorityTests {
  @Test func theByteTestIsTheSet() {
    for b in 0...255 {
      let byte = UInt8(b)
      #expect(PlainBytes.contains(byte) == PlainBytes.set.contains(byte), "byte \(b)")
    }
    // The set is the documented one: '&' to '~', without what the reader treats specially.
    #expect(PlainBytes.set.contains(UInt8(ascii: "&")) && PlainBytes.set.contains(UInt8(ascii: "~")))
    for special in "?#%\\!\"$ \u{7F}".utf8 { #expect(!PlainBytes.set.contains(special)) }
  }

  @Test func theWordTestsAreTheByteTest() {
    var rng = SeededGenerator(seed: 0xA17)
    // Every byte in every position, then random words of mixed bytes.
    var words: [UInt64] = []
    for b in 0...255 {
      for position in 0..<8 {
        words.append(0x6161_6161_6161_6161 & ~(0xFF << (8 * position)) | UInt64(b) << (8 * position))
      }
    }
    let alphabet: [UInt8] = Array("aZ09&~/?#%\\!\"$ .-".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xFF]
    for _ in 0..<20_000 {
      var w: UInt64 = 0
      for position in 0..<8 { w |= UInt64(alphabet[Int(rng.next() % UInt64(alphabet.count))]) << (8 * position) }
      words.append(w)
    }
    for w in words {
      let mask = PlainBytes.nonPlainMask(w)
      for position in 0..<8 {
        let byte = UInt8(truncatingIfNeeded: w >> (8 * position))
        let marked = mask & (0x80 << (8 * position)) != 0
        #expect(marked == !PlainBytes.contains(byte), "word \(String(w, radix: 16)), byte \(position)")
      }
      for count in 1...8 {
        let expected = (0..<count).allSatisfy { PlainBytes.contains(UInt8(truncatingIfNeeded: w >> (8 * $0))) }
        #expect(PlainBytes.allPlain(w, count: count) == expected)
      }
    }
  }

  /// A plain byte inside a path segment reaches the reader's segment as it is: the reader
  /// neither ends the path there, nor decodes, nor refuses it. Every other printable byte, the
  /// reader treats specially, or the set leaves out on purpose (space, '!', '"', '$': below '&',
  /// documented).
  @Test func plainBytesAreWhatTheReaderPassesThrough() throws {
    for b in 0x20...0x7E {
      let byte = UInt8(b)
      guard byte != UInt8(ascii: "/") else { continue }  // the separator itself
      let input = Array("https://h.example/a".utf8) + [byte] + Array("z".utf8)
      let passesThrough = input.withUnsafeBufferPointer { bytes -> Bool in
        guard case .success(let url) = URLSyntax.parse(bytes), url.path == 17..<input.count,
          let segments = try? PathSegments(bytes, path: url.path), segments.ranges.count == 1
        else { return false }
        return Array(bytes[segments.ranges[0]]) == [UInt8(ascii: "a"), byte, UInt8(ascii: "z")]
      }
      if PlainBytes.contains(byte) {
        #expect(passesThrough, "'\(Character(Unicode.Scalar(byte)))' is plain, but the reader does not pass it through")
      } else if !" !\"$".utf8.contains(byte) {
        #expect(
          !passesThrough,
          "'\(Character(Unicode.Scalar(byte)))' is not plain, but the reader passes it through")
      }
    }
    for dots in [".", ".."] {
      #expect(Array(dots.utf8).withUnsafeBufferPointer(PlainBytes.isDotSegment))
    }
  }

  /// The compiler's key of a pattern and the matcher's key of a URL the reader read are the
  /// same key, for every scheme, host and port (the default ports left out).
  @Test func patternAndURLHostKeysAgree() {
    let schemes = ["https", "http", "myapp", "ws", "wss", "ftp", "x-app+v2"]
    // (A pattern cannot name an IPv6 host: the table refuses it.)
    let hosts = ["example.com", "a.b.example.com", "xn--caf-dma.example", "127.0.0.1", "localhost"]
    let ports: [Int?] = [nil, 80, 443, 21, 8080, 1]
    var checked = 0
    for scheme in schemes {
      for host in hosts {
        for port in ports {
          let url = "\(scheme.uppercased())://\(host.uppercased())\(port.map { ":\($0)" } ?? "")/p"
          let fromPattern = HostKey.make(scheme: scheme, host: host, port: port)
          let fromURL: [UInt8]? = Array(url.utf8).withUnsafeBufferPointer { bytes in
            guard case .success(let ranges) = URLSyntax.parse(bytes), let hostRange = ranges.host else { return nil }
            var out = [UInt8](repeating: 0, count: HostKey.limit + 16)
            let n = out.withUnsafeMutableBufferPointer {
              HostKey.write(bytes, ranges, host: hostRange, wildcardFrom: nil, into: $0.baseAddress!)
            }
            return Array(out[0..<n])
          }
          #expect(fromURL == fromPattern, "\(url)")
          checked += 1
        }
      }
    }
    #expect(checked == schemes.count * hosts.count * ports.count)
  }
}
