import RouteEvents
package import RouteTables

/// The route patterns of the URL trie, by number, for callers that keep something per pattern
/// (the bulk path of `LineRouter` keeps one record plan a pattern): what the allocation-free
/// matcher says of a URL, and what a pattern captures.
extension CompiledRouter {
  /// What the allocation-free matcher made of a URL, by pattern.
  package enum PatternLookup: Equatable {
    /// An expanded pattern takes it (a number below ``patternCount``); the captures are in the
    /// scratch.
    case pattern(Int)
    /// A valid URL that no pattern takes, with the number of its scheme and host (below
    /// ``hostKeyCount``): the link gate reads those, so misses differ by host.
    case noRoute(hostKey: Int)
    /// Only the general path can tell (the caller decides the line in full).
    case needsGeneralPath
  }

  /// One expanded pattern: its route, which of the route's patterns it comes from, and its
  /// path captures in order.
  package struct PatternCaptures {
    package var route: Int
    package var pattern: Int
    /// The path parameters, in the order the scratch holds their captures.
    package var captures: [(name: String, type: ParameterType)]
    /// Whether it has query or fragment constraints (their values are not path captures).
    package var hasConstraints: Bool
  }

  /// The number of expanded URL patterns (the trie's terminals).
  package var patternCount: Int { urls.storage.terminalCount }

  /// The number of host-key slots a ``PatternLookup/noRoute(hostKey:)`` can name.
  package var hostKeyCount: Int { urls.storage.hostMask + 1 }

  /// Looks a URL up with the fast path alone.
  package func lookUpPattern(utf8 bytes: UnsafeBufferPointer<UInt8>, scratch: inout MatchScratch) -> PatternLookup {
    patternFinder.lookUp(utf8: bytes, scratch: &scratch)
  }

  /// The fast path alone, in a value small to keep and to pass: a caller that looks up many URLs
  /// keeps one (a `CompiledRouter` is large, with its table, and is copied at each call).
  package var patternFinder: PatternFinder { PatternFinder(urls: urls) }

  /// See ``patternFinder``.
  package struct PatternFinder {
    let urls: URLTrie

    /// Looks a URL up with the fast path alone.
    package func lookUp(utf8 bytes: UnsafeBufferPointer<UInt8>, scratch: inout MatchScratch) -> PatternLookup {
      guard let base = bytes.baseAddress else { return .needsGeneralPath }
      switch urls.fastMatch(base, bytes.count, &scratch) {
      case .route:
        // A plan writes the captured bytes as they are: a percent-encoded value (which the fast
        // path takes for `match(url:)`, decoding it there) is left to the full decision.
        for k in 0..<scratch.pathCaptureCount where bytes[scratch.pathCapture(k)].contains(UInt8(ascii: "%")) {
          return .needsGeneralPath
        }
        return .pattern(Int(urls.terminal(of: scratch)))
      case .noRoute:
        // (A host no route has is no host slot: the link gate reads it, the full decision then.)
        return scratch.lastHost >= 0 ? .noRoute(hostKey: scratch.lastHost) : .needsGeneralPath
      case .needsGeneralPath: return .needsGeneralPath
      }
    }
  }

  /// What pattern `number` captures.
  package func captures(ofPattern number: Int) -> PatternCaptures {
    let terminal = urls.storage.terminal(at: Int32(number))
    let route = table.routes[Int(terminal.route)]
    let pattern = route.urlPatterns[Int(terminal.pattern)]
    let names = (0..<Int(terminal.captureCount)).map { urls.names[Int(terminal.namesStart) + $0] }
    return PatternCaptures(
      route: Int(terminal.route), pattern: Int(terminal.pattern),
      captures: names.map { ($0, CompiledRouter.parameterType($0, in: pattern)) },
      hasConstraints: terminal.constraintCount > 0)
  }
}
