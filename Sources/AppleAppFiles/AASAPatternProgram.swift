/// The wildcard patterns of an AASA file, compiled once into flat arrays of plain values and
/// matched against ASCII bytes without allocating: what ``AASAMatcher`` runs for a URL whose
/// compared forms are ASCII (nearly all of them).
///
/// Each ``WildcardPattern`` keeps its meaning exactly: its tokens become byte operations (a
/// character, `?`, `*`, a set of characters, "never"), and a pattern with a multi-character
/// alternation (`$(region)`, a custom variable) becomes the states of the same Thompson NFA
/// ``WildcardPattern`` runs. Only ASCII text is ever matched here, so a token for a non-ASCII
/// character (after folding) is one that accepts nothing, and a set keeps its ASCII members.
/// Case folding is the pattern's own (its tokens are folded when it was compiled
/// case-insensitive) and, on the text's side, ASCII lowercasing when the component asks for it
/// (the simple lowercase mapping of an ASCII letter is ASCII lowercasing).
///
/// ```swift
/// var program = AASAPatternProgram()
/// let id = program.add(WildcardPattern("/buy/*"))
/// Array("/buy/42".utf8).withUnsafeBufferPointer { program.matches(id, $0, folding: false) }   // true
/// ```
struct AASAPatternProgram: Sendable {
  /// One operation of the two-pointer engine, or of an NFA state that consumes a character.
  struct Op: Sendable, Hashable {
    enum Kind: UInt8, Sendable, Hashable {
      /// This byte.
      case byte
      /// `?`: any one character.
      case any
      /// `*`: zero or more characters (the two-pointer engine only).
      case star
      /// One of the ASCII characters of ``AASAPatternProgram/sets`` at ``set``.
      case set
      /// Nothing (an undefined variable, a non-ASCII character).
      case never
    }

    var kind: Kind
    var byte: UInt8 = 0
    var set: Int32 = 0
  }

  /// A set of ASCII characters, one bit each.
  struct ASCIISet: Sendable, Hashable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    mutating func insert(_ byte: UInt8) {
      if byte < 64 { low |= 1 &<< UInt64(byte) } else { high |= 1 &<< UInt64(byte &- 64) }
    }

    /// Whether the set holds `byte`, which is ASCII.
    @inline(__always) func contains(_ byte: UInt8) -> Bool {
      byte < 64 ? (low &>> UInt64(byte)) & 1 != 0 : (high &>> UInt64(byte & 63)) & 1 != 0
    }
  }

  /// One NFA state (``WildcardPattern/Instruction``, flattened).
  struct State: Sendable, Hashable {
    enum Kind: UInt8, Sendable, Hashable {
      /// Consumes one character ``op`` accepts, then goes to the next state.
      case consume
      /// Consumes any character and stays; also goes to the next state without consuming.
      case star
      /// Goes to each of ``count`` targets from ``first`` in ``AASAPatternProgram/targets``.
      case split
      /// Goes to state ``first`` (relative to the pattern's first state) without consuming.
      case jump
      /// Accepts when the text is done.
      case match
    }

    var kind: Kind
    var op = Op(kind: .never)
    var first: Int32 = 0
    var count: Int32 = 0
  }

  /// Where one pattern's operations (or states) are.
  struct Pattern: Sendable, Hashable {
    /// Whether it runs as an NFA (its states are in ``AASAPatternProgram/states``).
    var isAutomaton: Bool
    var first: Int32
    var count: Int32
    /// For the two-pointer engine: how many operations come before the first `*` and after the
    /// last one (each of them takes exactly one character), and whether there is a `*` at all.
    var prefix: Int32 = 0
    var suffix: Int32 = 0
    var hasStar = false
  }

  private(set) var ops: [Op] = []
  private(set) var sets: [ASCIISet] = []
  private(set) var states: [State] = []
  private(set) var targets: [Int32] = []
  private(set) var patterns: [Pattern] = []

  /// Adds `pattern`; the result names it for ``matches(_:_:folding:)``.
  mutating func add(_ pattern: WildcardPattern) -> Int32 {
    let id = Int32(patterns.count)
    if pattern.automaton.isEmpty {
      let first = Int32(ops.count)
      for token in pattern.tokens { ops.append(op(token)) }
      let added = ops[Int(first)...]
      let firstStar = added.firstIndex { $0.kind == .star }
      let lastStar = added.lastIndex { $0.kind == .star }
      patterns.append(
        Pattern(
          isAutomaton: false, first: first, count: Int32(added.count),
          prefix: Int32((firstStar ?? ops.count) - Int(first)),
          suffix: Int32(ops.count - 1 - (lastStar ?? ops.count - 1)),
          hasStar: firstStar != nil))
      return id
    }
    let first = Int32(states.count)
    for instruction in pattern.automaton {
      switch instruction {
      case .consume(let token): states.append(State(kind: .consume, op: op(token)))
      case .star: states.append(State(kind: .star))
      case .split(let to):
        states.append(State(kind: .split, first: Int32(targets.count), count: Int32(to.count)))
        // Pushed in reverse as the scalar engine pushes them, so states are visited in its order.
        targets += to.map { Int32($0) }
      case .jump(let to): states.append(State(kind: .jump, first: Int32(to)))
      case .match: states.append(State(kind: .match))
      }
    }
    patterns.append(Pattern(isAutomaton: true, first: first, count: Int32(states.count) - first))
    return id
  }

  /// The operation of a single-character token (or `*`) on ASCII text.
  private mutating func op(_ token: WildcardPattern.Token) -> Op {
    switch token {
    case .scalar(let s): return s.isASCII ? Op(kind: .byte, byte: UInt8(s.value)) : Op(kind: .never)
    case .any: return Op(kind: .any)
    case .star: return Op(kind: .star)
    case .oneOf(let members):
      var set = ASCIISet()
      for s in members where s.isASCII { set.insert(UInt8(s.value)) }
      if let known = sets.firstIndex(of: set) { return Op(kind: .set, set: Int32(known)) }
      sets.append(set)
      return Op(kind: .set, set: Int32(sets.count - 1))
    case .alternation, .never: return Op(kind: .never)
    }
  }

  /// The program's arrays in place, for the matches of one URL: taken once, then every pattern
  /// is matched without a bounds check or an array access of its own.
  struct View {
    let ops: UnsafeBufferPointer<Op>
    let sets: UnsafeBufferPointer<ASCIISet>
    let states: UnsafeBufferPointer<State>
    let targets: UnsafeBufferPointer<Int32>
    let patterns: UnsafeBufferPointer<Pattern>

    /// Whether pattern `id` matches all of `text` (ASCII), lowercased first when `folding`.
    @inline(__always)
    func matches(_ id: Int32, _ text: UnsafeBufferPointer<UInt8>, folding: Bool) -> Bool {
      let pattern = patterns[Int(id)]
      let range = Int(pattern.first)..<Int(pattern.first &+ pattern.count)
      if pattern.isAutomaton {
        return AASAPatternProgram.run(
          UnsafeBufferPointer(rebasing: states[range]), targets, sets, text, folding: folding)
      }
      return AASAPatternProgram.match(UnsafeBufferPointer(rebasing: ops[range]), pattern, sets, text, folding: folding)
    }
  }

  /// Calls `body` with the program's arrays in place.
  func withView<R>(_ body: (View) -> R) -> R {
    ops.withUnsafeBufferPointer { ops in
      sets.withUnsafeBufferPointer { sets in
        states.withUnsafeBufferPointer { states in
          targets.withUnsafeBufferPointer { targets in
            patterns.withUnsafeBufferPointer { patterns in
              body(View(ops: ops, sets: sets, states: states, targets: targets, patterns: patterns))
            }
          }
        }
      }
    }
  }

  /// Whether pattern `id` matches all of `text` (ASCII), lowercased first when `folding`.
  func matches(_ id: Int32, _ text: UnsafeBufferPointer<UInt8>, folding: Bool) -> Bool {
    withView { $0.matches(id, text, folding: folding) }
  }

  /// The two-pointer engine's answer, its fixed parts first: the operations before the first
  /// `*` take the text's first characters and those after the last `*` its last ones, one each,
  /// so they are compared in place, and only what lies between the stars is searched (nothing
  /// for a pattern with one `*`, the common `/path/*`).
  @inline(__always)
  static func match(
    _ ops: UnsafeBufferPointer<Op>, _ pattern: Pattern, _ sets: UnsafeBufferPointer<ASCIISet>,
    _ text: UnsafeBufferPointer<UInt8>, folding: Bool
  ) -> Bool {
    let prefix = Int(pattern.prefix)
    let suffix = Int(pattern.suffix)
    guard pattern.hasStar ? text.count >= prefix &+ suffix : text.count == prefix else { return false }
    var i = 0
    while i < prefix {
      if !accepts(ops[i], fold(text[i], folding), sets) { return false }
      i &+= 1
    }
    guard pattern.hasStar else { return true }
    i = 0
    while i < suffix {
      if !accepts(ops[ops.count &- suffix &+ i], fold(text[text.count &- suffix &+ i], folding), sets) { return false }
      i &+= 1
    }
    // From the first `*` to the last one: a single `*` takes anything.
    let middle = ops.count &- prefix &- suffix
    guard middle > 1 else { return true }
    return glob(
      UnsafeBufferPointer(rebasing: ops[prefix..<(prefix &+ middle)]), sets,
      UnsafeBufferPointer(rebasing: text[prefix..<(text.count &- suffix)]), folding: folding)
  }

  /// The ASCII lowercase of `byte` when `folding`.
  @inline(__always) static func fold(_ byte: UInt8, _ folding: Bool) -> UInt8 {
    folding && byte &- 0x41 < 26 ? byte | 0x20 : byte
  }

  /// Whether a single-character operation accepts `c`.
  @inline(__always)
  static func accepts(_ op: Op, _ c: UInt8, _ sets: UnsafeBufferPointer<ASCIISet>) -> Bool {
    switch op.kind {
    case .byte: return op.byte == c
    case .any: return true
    case .set: return sets[Int(op.set)].contains(c)
    case .star, .never: return false
    }
  }

  /// ``WildcardPattern/globMatch(_:_:)`` on bytes: the two-pointer matcher, resuming from the
  /// latest `*` on a mismatch.
  static func glob(
    _ ops: UnsafeBufferPointer<Op>, _ sets: UnsafeBufferPointer<ASCIISet>, _ text: UnsafeBufferPointer<UInt8>,
    folding: Bool
  ) -> Bool {
    var p = 0
    var t = 0
    var starOp = -1
    var starText = 0
    while t < text.count {
      if p < ops.count && ops[p].kind == .star {
        starOp = p
        starText = t
        p &+= 1
      } else if p < ops.count && accepts(ops[p], fold(text[t], folding), sets) {
        p &+= 1
        t &+= 1
      } else if starOp >= 0 {
        p = starOp &+ 1
        starText &+= 1
        t = starText
      } else {
        return false
      }
    }
    while p < ops.count && ops[p].kind == .star { p &+= 1 }
    return p == ops.count
  }

  /// ``WildcardPattern``'s NFA simulation on bytes, in working memory of the stack (or one
  /// temporary allocation for a large automaton): the live states, advanced a character at a time.
  static func run(
    _ states: UnsafeBufferPointer<State>, _ targets: UnsafeBufferPointer<Int32>, _ sets: UnsafeBufferPointer<ASCIISet>,
    _ text: UnsafeBufferPointer<UInt8>, folding: Bool
  ) -> Bool {
    let n = states.count
    // Each state is pushed at most once per edge into it: its split targets, jumps, stars and
    // the state after each, plus the start.
    let pendingCapacity = n &* 2 &+ targets.count &+ 1
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: n &* 3 &+ pendingCapacity) { memory in
      let marks = UnsafeMutableBufferPointer(rebasing: memory[0..<n])
      marks.initialize(repeating: -1)
      var current = UnsafeMutableBufferPointer(rebasing: memory[n..<(2 &* n)])
      var next = UnsafeMutableBufferPointer(rebasing: memory[(2 &* n)..<(3 &* n)])
      let pending = UnsafeMutableBufferPointer(rebasing: memory[(3 &* n)...])
      var currentCount = 0
      var nextCount = 0
      var generation: Int32 = 0

      /// Adds `start` and every state reachable from it without consuming to `list`.
      func addClosure(_ start: Int32, to list: UnsafeMutableBufferPointer<Int32>, count: inout Int) {
        var top = 0
        pending[top] = start
        top &+= 1
        while top > 0 {
          top &-= 1
          let pc = Int(pending[top])
          guard marks[pc] != generation else { continue }
          marks[pc] = generation
          let state = states[pc]
          switch state.kind {
          case .split:
            // Pushed last to first, as the scalar engine pushes `targets.reversed()`.
            var k = Int(state.first &+ state.count)
            while k > Int(state.first) {
              k &-= 1
              pending[top] = targets[k]
              top &+= 1
            }
          case .jump:
            pending[top] = state.first
            top &+= 1
          case .star:
            list[count] = Int32(pc)
            count &+= 1
            pending[top] = Int32(pc &+ 1)
            top &+= 1
          case .consume, .match:
            list[count] = Int32(pc)
            count &+= 1
          }
        }
      }

      addClosure(0, to: current, count: &currentCount)
      for byte in text {
        let c = fold(byte, folding)
        generation &+= 1
        nextCount = 0
        for i in 0..<currentCount {
          let pc = Int(current[i])
          let state = states[pc]
          switch state.kind {
          case .consume where accepts(state.op, c, sets): addClosure(Int32(pc &+ 1), to: next, count: &nextCount)
          case .star: addClosure(Int32(pc), to: next, count: &nextCount)
          default: break
          }
        }
        swap(&current, &next)
        currentCount = nextCount
        if currentCount == 0 { return false }
      }
      for i in 0..<currentCount where states[Int(current[i])].kind == .match { return true }
      return false
    }
  }
}
