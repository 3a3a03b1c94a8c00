import ActivityRouterTestSupport

// A seeded generator of URL strings for the differential test: a grammar that mixes valid parts
// with the tricky ones (case, IDNA, IP forms, userinfo, odd ports, escapes, dot segments, unicode,
// reserved characters) and, now and then, hostile bytes.

struct URLGenerator {
  var rng: SeededGenerator
  /// The encoding style of the URL being built: 0 clean, 1 raw, 2 mixed per piece.
  var style = 0

  init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }
  mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }
  mutating func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

  static let hierarchicalSchemes = [
    "https", "https", "https", "http", "HTTPS", "Https", "myapp", "myapp", "notes", "MyApp", "x-callback",
    "app+beta", "a.b-c", "ws", "wss", "ftp", "tel", "facetime",
  ]
  static let opaqueSchemes = ["mailto", "notes", "myapp", "sms", "news"]

  static let asciiHosts = [
    "example.com", "Example.COM", "notes.example.com", "note", "localhost", "a-b.c_d", "h~x.example",
    "h!$&'()*+,;=x.example", "xn--bcher-kva.example", "XN--BCHER-KVA.example", "www.xn--exmple-cua.com",
    "h.com.", "h..com", "ab--cd.example", "x", "123abc.example", "example.com1", "a.b.c.d.e.f",
  ]
  static let idnHosts = [
    "bücher.example", "BÜCHER.example", "Bücher.Example", "straße.de", "ΣΣ.gr", "ς.gr", "пример.рф",
    "ПРИМЕР.РФ", "中文.com", "한국.kr", "日本語.jp", "ひらがな.jp", "カタカナ.jp", "ÀÉÎÕÜ.fr",
    "ĀāĂăĄą.lv", "Ÿ.example", "ä.xn--bcher-kva.example", "exämple.com.",
  ]
  static let trickyHosts = [
    "ĳ.com", "e\u{301}.com", "ｅxample.com", "-ä.com", "ä-.com", "ab--ä.com", "ä..com", "a\u{5D0}.com",
    "xn--zz.com", "xn--a.com", "a\u{3002}b.jp", "İ.com", "ſ.com",
  ]
  static let ipHosts = [
    "127.0.0.1", "127.1", "0x7f.0.0.1", "1.2.3.4.", "256.1.1.1", "010.0.0.1", "0.0.0.0", "255.255.255.255",
    "1.2.3", "4294967295", "a.1", "a.0x1", "[::1]", "[0:0::1]", "[2001:DB8::1]", "[::ffff:1.2.3.4]",
    "[fe80::1%25en0]", "[v1.x]", "[1:2]", "[::]", "[1:2:3:4:5:6:7:8]",
  ]
  static let hostileHosts = [
    "h%2ecom", "h com", "h\\x.com", "h\tx.com", "", "h<x>.com", "h\"x.com", "h{x}.com", "h|x", "h^x",
    "evil.com\\@good.com", "h%00x", "[::1", "h[1]",
  ]
  static let userinfos = [
    "user@", "u:p@", ":pw@", "@", "a b@", "a%20b@", "ä@", "a@b@", "u:@", "user:p%40ss@", "good.com@",
  ]
  static let ports = ["", "0", "80", "443", "8080", "65535", "65536", "99999", "0080", "8a", "123456789012", "-1"]

  static let plain: [String] = [
    "a", "b", "note", "42", "x-y", "a.b", "_", "~", "!", "$", "&", "'", "(", ")",
    "*", "+", ",", ";", "=", ":", "@", "Z",
  ]
  static let escapes = [
    "%20", "%2F", "%2f", "%2e", "%2E", "%25", "%41", "%C3%A9", "%3F", "%23", "%26", "%3D",
    "%5C", "%E4%B8%AD", "%F0%9F%98%80",
  ]
  static let raw = [" ", "|", "\"", "<", ">", "{", "}", "^", "`", "[", "]", "é", "中", "😀", "ü", "\u{2028}"]
  static let hostile = ["\\", "\t", "\n", "\r", "\u{1}", "\u{7F}", "%zz", "%", "%0", "%00", "%C3", "%FF", "%0A"]

  /// One URL string.
  mutating func url() -> String {
    style = chance(62) ? 0 : (chance(70) ? 1 : 2)
    var s = ""
    if chance(1) { s += " " }
    let opaque = chance(12)
    if chance(2) {
      s += pick(["1ab", "my app", "", "-x", "a%b"])
    } else {
      s += opaque ? pick(Self.opaqueSchemes) : pick(Self.hierarchicalSchemes)
    }
    s += ":"
    if opaque {
      s += path(absolute: chance(20))
    } else {
      if chance(3) {
        s += pick(["/", "///", "\\\\", "/\\", "", "////"])
      } else {
        s += "//"
      }
      if chance(8) { s += pick(Self.userinfos) }
      s += host()
      if chance(25) { s += ":" + (chance(70) ? pick(["80", "443", "8080", "0"]) : pick(Self.ports)) }
      if chance(85) { s += path(absolute: true) }
    }
    if chance(40) { s += "?" + query() }
    if chance(25) { s += "#" + fragment() }
    if chance(1) { s += " " }
    return s
  }

  mutating func host() -> String {
    switch count(0...99) {
    case 0..<45: return pick(Self.asciiHosts)
    case 45..<60: return randomLabels()
    case 60..<78: return pick(Self.idnHosts)
    case 78..<84: return pick(Self.trickyHosts)
    case 84..<95: return pick(Self.ipHosts)
    default: return pick(Self.hostileHosts)
    }
  }

  mutating func randomLabels() -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_äöüßéσжあ中한")
    var labels: [String] = []
    for _ in 0..<count(1...4) {
      var label = ""
      for _ in 0..<count(1...12) { label.append(pick(alphabet)) }
      labels.append(label)
    }
    return labels.joined(separator: ".")
  }

  /// A path, query or fragment piece. Mostly clean (allowed characters and valid escapes) or raw
  /// (characters Foundation encodes, no escapes); sometimes both; rarely hostile.
  mutating func piece(extra: [String]) -> String {
    let pieceStyle = style == 2 ? count(0...3) : style
    var out = ""
    for _ in 0..<count(0...6) {
      switch pieceStyle {
      case 0: out += chance(20) ? pick(Self.escapes) : pick(Self.plain + extra)
      case 1: out += chance(25) ? pick(Self.raw) : pick(Self.plain + extra)
      case 2: out += pick([pick(Self.escapes), pick(Self.raw), pick(Self.plain)])
      default: out += chance(30) ? pick(Self.hostile) : pick(Self.plain)
      }
    }
    return out
  }

  mutating func path(absolute: Bool) -> String {
    var segments: [String] = []
    for _ in 0..<count(0...5) {
      if chance(15) {
        segments.append(pick([".", "..", "%2e", "%2E%2e", ".%2e", "%2e.", ""]))
      } else {
        segments.append(piece(extra: []))
      }
    }
    var path = (absolute ? "/" : "") + segments.joined(separator: "/")
    if chance(20) { path += "/" }
    return path
  }

  mutating func query() -> String {
    var items: [String] = []
    let keys =
      style == 0
      ? ["id", "q", "tab", "id", "ref", "", "%6Bey"] : ["id", "q", "tab", "id", "ref", "a b", "ключ", ""]
    for _ in 0..<count(0...4) {
      var item = pick(keys)
      if chance(80) { item += "=" + piece(extra: ["/", "?", "=", "+"]) }
      items.append(item)
    }
    return items.joined(separator: "&")
  }

  mutating func fragment() -> String { piece(extra: ["/", "?", "#"]) }
}
