/// IDNA for hosts: maps a host to the ASCII form Foundation puts in `absoluteString` (`xn--` labels).
///
/// Foundation and browsers both use UTS #46 (nontransitional) through ICU. Without ICU, this type
/// implements the mapping for a documented set of characters and refuses the rest (the URL reader
/// reports ``URLReadError/Reason/unsupportedIDNA``):
/// - ASCII letters (lowercased), digits and the RFC 3986 host characters;
/// - Latin-1 and Latin Extended-A letters (lowercased; `ß` stays `ß`), except `İ` `Ĳ` `ĳ` `Ŀ` `ŀ` `ŉ` `ſ`,
///   whose mapping is not a one-to-one lowercase;
/// - basic Greek (lowercased; `ς` stays `ς`) and basic Cyrillic (lowercased);
/// - CJK Unified Ideographs U+4E00–U+9FA5, Hiragana, Katakana and Hangul syllables (unchanged).
///
/// Every character in the set is already in NFC and has no context rule, and none is right-to-left,
/// so no normalization or Bidi check is needed for the labels it accepts. Decomposed text
/// (`e` + U+0301), compatibility forms (full-width letters), Arabic, Hebrew and other scripts are
/// refused rather than mapped wrongly. Tests compare every supported character with Foundation.
///
/// ```swift
/// IDNA.toASCII("Bücher.example")   // "xn--bcher-kva.example"
/// IDNA.toUnicode("xn--bcher-kva.example")   // "bücher.example"
/// ```
public enum IDNA {
  /// The ASCII form of `host`: each label mapped and, when not ASCII, Punycode-encoded with `xn--`.
  ///
  /// Nil when a label has an unsupported character or breaks a rule (see ``URLReadError/Reason``).
  public static func toASCII(_ host: String) -> String? {
    var bytes = Array(host.utf8)
    return bytes.withUnsafeMutableBufferPointer { buffer -> String? in
      let input = UnsafeBufferPointer(buffer)
      guard checkHost(input, 0..<input.count) == nil else { return nil }
      return asciiForm(input, 0..<input.count)
    }
  }

  /// The Unicode form of `host`: each label mapped and each `xn--` label decoded.
  ///
  /// Nil on the same errors as ``toASCII(_:)``.
  public static func toUnicode(_ host: String) -> String? {
    var bytes = Array(host.utf8)
    return bytes.withUnsafeMutableBufferPointer { buffer -> String? in
      let input = UnsafeBufferPointer(buffer)
      guard checkHost(input, 0..<input.count) == nil else { return nil }
      return unicodeForm(input, 0..<input.count)
    }
  }

  /// The UTS #46 mapping of one code point, for the supported set; nil outside it.
  ///
  /// ASCII outside the RFC 3986 host characters is outside the set.
  public static func map(_ v: UInt32) -> UInt32? {
    switch v {
    case 0x41...0x5A: return v | 0x20
    case 0..<0x80: return ByteSet.foundationHost.contains(UInt8(truncatingIfNeeded: v)) ? v : nil
    case 0xC0...0xD6, 0xD8...0xDE: return v &+ 0x20
    case 0xDF...0xF6, 0xF8...0xFF: return v
    case 0x130, 0x132, 0x133, 0x13F, 0x140, 0x149, 0x17F: return nil
    case 0x100...0x137, 0x14A...0x177: return v | 1  // even: capital, odd: small
    case 0x138: return v
    case 0x139...0x148, 0x179...0x17E: return v & 1 == 1 ? v &+ 1 : v  // odd: capital
    case 0x178: return 0xFF
    case 0x386: return 0x3AC
    case 0x388...0x38A: return v &+ 0x25
    case 0x38C: return 0x3CC
    case 0x38E...0x38F: return v &+ 0x3F
    case 0x391...0x3A1, 0x3A3...0x3AB: return v &+ 0x20
    case 0x390, 0x3AC...0x3CE: return v
    case 0x400...0x40F: return v &+ 0x50
    case 0x410...0x42F: return v &+ 0x20
    case 0x430...0x45F: return v
    case 0x3041...0x3096, 0x309D...0x309E, 0x30A1...0x30FA, 0x30FC...0x30FE: return v
    case 0x4E00...0x9FA5, 0xAC00...0xD7A3: return v
    default: return nil
    }
  }

  /// Schemes for which Foundation percent-encodes a non-ASCII host instead of applying IDNA.
  static func percentEncodesHost(_ bytes: UnsafeBufferPointer<UInt8>, _ scheme: Range<Int>) -> Bool {
    percentEncodingSchemes.contains { URLSyntax.equalsIgnoringASCIICase(bytes, scheme, $0) }
  }

  private static let percentEncodingSchemes = [
    "tel", "telemergencycall", "telprompt", "callto", "facetime", "facetime-prompt", "facetime-audio",
    "facetime-audio-prompt", "imap", "pop", "addressbook", "contact", "phasset",
  ]

  // MARK: - Serialization (not on the hot path)

  /// Visits the labels of a checked host; `body` gets each label range.
  private static func forEachLabel(
    _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void
  ) {
    var start = range.lowerBound
    var i = range.lowerBound
    while i <= range.upperBound {
      if i == range.upperBound || bytes[i] == 0x2E {
        body(start..<i)
        start = i &+ 1
      }
      i &+= 1
    }
  }

  /// The mapped code points of a label (ASCII lowercased; `xn--` labels decoded when `decodeACE`).
  static func mappedScalars(_ bytes: UnsafeBufferPointer<UInt8>, _ label: Range<Int>, decodeACE: Bool) -> [UInt32] {
    if decodeACE && isACE(bytes, label) {
      var lowered = [UInt8]()
      for i in label.lowerBound &+ 4..<label.upperBound { lowered.append(URLSyntax.lowercasedASCII(bytes[i])) }
      var output = [UInt32](repeating: 0, count: max(lowered.count, 1))
      let count = lowered.withUnsafeBufferPointer { input in
        output.withUnsafeMutableBufferPointer { Punycode.decode(input, 0..<input.count, into: $0) }
      }
      return Array(output[0..<(count ?? 0)])
    }
    var scalars: [UInt32] = []
    var i = label.lowerBound
    while i < label.upperBound {
      let (value, length) = decodeScalar(bytes, at: i)
      scalars.append(map(value) ?? value)
      i &+= length
    }
    return scalars
  }

  static func asciiForm(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    var out: [UInt8] = []
    var first = true
    forEachLabel(range, in: bytes) { label in
      if !first { out.append(0x2E) }
      first = false
      let scalars = mappedScalars(bytes, label, decodeACE: false)
      if scalars.allSatisfy({ $0 < 0x80 }) {
        out.append(contentsOf: scalars.map { UInt8(truncatingIfNeeded: $0) })
      } else {
        out.append(contentsOf: "xn--".utf8)
        _ = scalars.withUnsafeBufferPointer { Punycode.encode($0) { out.append($0) } }
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func unicodeForm(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    var out = String.UnicodeScalarView()
    var first = true
    forEachLabel(range, in: bytes) { label in
      if !first { out.append(".") }
      first = false
      for value in mappedScalars(bytes, label, decodeACE: true) {
        if let scalar = Unicode.Scalar(value) { out.append(scalar) }
      }
    }
    return String(out)
  }

  /// Decodes the UTF-8 scalar at `i` of already validated bytes.
  static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
    let b0 = UInt32(bytes[i])
    if b0 < 0x80 { return (b0, 1) }
    if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(bytes[i &+ 1] & 0x3F), 2) }
    if b0 < 0xF0 {
      return ((b0 & 0x0F) << 12 | UInt32(bytes[i &+ 1] & 0x3F) << 6 | UInt32(bytes[i &+ 2] & 0x3F), 3)
    }
    let value =
      (b0 & 0x07) << 18 | UInt32(bytes[i &+ 1] & 0x3F) << 12
      | UInt32(bytes[i &+ 2] & 0x3F) << 6 | UInt32(bytes[i &+ 3] & 0x3F)
    return (value, 4)
  }

  /// Whether a label starts with `xn--`, in any case.
  static func isACE(_ bytes: UnsafeBufferPointer<UInt8>, _ label: Range<Int>) -> Bool {
    label.count >= 4
      && URLSyntax.lowercasedASCII(bytes[label.lowerBound]) == 0x78
      && URLSyntax.lowercasedASCII(bytes[label.lowerBound &+ 1]) == 0x6E
      && bytes[label.lowerBound &+ 2] == 0x2D && bytes[label.lowerBound &+ 3] == 0x2D
  }
}
