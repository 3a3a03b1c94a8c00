/// The two matching engines of ``WildcardPattern``. Neither backtracks exponentially, neither
/// allocates per character, and neither uses a regular expression.
///
/// - **Glob** (``globMatch(_:_:)``), for patterns whose tokens each match exactly one character or
///   are `*`: the classic two-pointer algorithm. On a mismatch it resumes only from the most recent
///   `*`, giving that star one more character. It is correct because every non-star token consumes
///   exactly one character, so the latest star can absorb any extra text that an earlier star could.
///   Cost: O(n) for patterns with at most one `*`; O(n·m) in the worst case
///   (n characters of text, m tokens), never exponential: `*a*a*a*b` against `aaaa…` is quadratic.
///   `*` is greedy in Apple's words; for a yes/no answer greedy and lazy agree.
/// - **Automaton** (``automatonMatch(_:_:)``), for patterns with a multi-character alternation
///   (`$(region)`, a custom variable): a Thompson NFA simulated over the set of live states, one
///   text character at a time. Cost: O(n·s) time and O(s) memory for s states (the pattern's
///   tokens plus the alternatives' tokens).
///
/// ```swift
/// let tokens = WildcardPattern("/a*b?c").tokens
/// WildcardPattern.globMatch(tokens, Array("/axxbyc".unicodeScalars))   // true
/// ```
extension WildcardPattern {
  /// Whether one single-character token accepts `c`.
  @inline(__always)
  static func accepts(_ token: Token, _ c: Unicode.Scalar) -> Bool {
    switch token {
    case .scalar(let s): return s == c
    case .any: return true
    case .oneOf(let set): return set.contains(c)
    case .star, .alternation, .never: return false
    }
  }

  /// The two-pointer glob matcher; `tokens` must hold no alternation.
  public static func globMatch(_ tokens: [Token], _ text: [Unicode.Scalar]) -> Bool {
    var p = 0
    var t = 0
    var starToken = -1
    var starText = 0
    while t < text.count {
      if p < tokens.count, case .star = tokens[p] {
        starToken = p
        starText = t
        p += 1
      } else if p < tokens.count, accepts(tokens[p], text[t]) {
        p += 1
        t += 1
      } else if starToken >= 0 {
        p = starToken + 1
        starText += 1
        t = starText
      } else {
        return false
      }
    }
    while p < tokens.count, case .star = tokens[p] { p += 1 }
    return p == tokens.count
  }

  // MARK: - Automaton

  /// One NFA state.
  enum Instruction: Sendable, Hashable {
    /// Consumes one character accepted by the token, then goes to the next state.
    case consume(Token)
    /// Consumes any character and stays; also goes to the next state without consuming.
    case star
    /// Goes to each target without consuming.
    case split([Int])
    /// Goes to the target without consuming.
    case jump(Int)
    /// Accepts when the text is done.
    case match
  }

  /// Compiles tokens into NFA states (the last state is `match`).
  static func program(_ tokens: [Token]) -> [Instruction] {
    var program: [Instruction] = []
    func emit(_ tokens: [Token]) {
      for token in tokens {
        switch token {
        case .star:
          program.append(.star)
        case .alternation(let runs):
          let split = program.count
          program.append(.split([]))
          var starts: [Int] = []
          var jumps: [Int] = []
          for run in runs {
            starts.append(program.count)
            emit(run)
            jumps.append(program.count)
            program.append(.jump(-1))
          }
          program[split] = .split(starts)
          for j in jumps { program[j] = .jump(program.count) }
        default:
          program.append(.consume(token))
        }
      }
    }
    emit(tokens)
    program.append(.match)
    return program
  }

  /// The Thompson NFA simulation: the set of live states, advanced one character at a time.
  public static func automatonMatch(_ tokens: [Token], _ text: [Unicode.Scalar]) -> Bool {
    run(program(tokens), text)
  }

  /// Runs compiled NFA states over `text`.
  static func run(_ program: [Instruction], _ text: [Unicode.Scalar]) -> Bool {
    var marks = [Int](repeating: -1, count: program.count)
    var generation = 0
    var current: [Int] = []
    var next: [Int] = []
    var pending: [Int] = []

    /// Adds `start` and every state reachable from it without consuming to `list`.
    func addClosure(_ start: Int, to list: inout [Int]) {
      pending.append(start)
      while let pc = pending.popLast() {
        guard marks[pc] != generation else { continue }
        marks[pc] = generation
        switch program[pc] {
        case .split(let targets): pending.append(contentsOf: targets.reversed())
        case .jump(let target): pending.append(target)
        case .star:
          list.append(pc)
          pending.append(pc + 1)
        case .consume, .match: list.append(pc)
        }
      }
    }

    generation = 0
    addClosure(0, to: &current)
    for c in text {
      generation += 1
      next.removeAll(keepingCapacity: true)
      for pc in current {
        switch program[pc] {
        case .consume(let token) where accepts(token, c): addClosure(pc + 1, to: &next)
        case .star: addClosure(pc, to: &next)
        default: break
        }
      }
      swap(&current, &next)
      if current.isEmpty { return false }
    }
    return current.contains { if case .match = program[$0] { return true } else { return false } }
  }
}
