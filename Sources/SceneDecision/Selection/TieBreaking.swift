import RouteTables

/// Orders equally matching sessions by the tie-break policy (V10, AMB2).
enum TieBreaking {
  static func best(_ sessions: [Session], _ policies: ScenePolicies) -> Session? {
    sessions.min { precedes($0, $1, policies) }
  }

  /// The position (among `positions` in `sessions`) of the session the policy picks, without
  /// copying any session.
  static func best(_ positions: [Int], of sessions: [Session], _ policies: ScenePolicies) -> Int? {
    positions.min { precedes(sessions[$0], sessions[$1], policies) }
  }

  /// The position of the session the policy picks among those `include` accepts.
  static func best(of sessions: [Session], _ policies: ScenePolicies, where include: (Session) -> Bool) -> Int? {
    var best: Int?
    for i in sessions.indices where include(sessions[i]) {
      if let b = best, !precedes(sessions[i], sessions[b], policies) { continue }
      best = i
    }
    return best
  }

  /// Whether `a` goes before `b`: the policy's keys in order, then ids in natural order.
  static func precedes(_ a: Session, _ b: Session, _ policies: ScenePolicies) -> Bool {
    for key in policies.ties {
      switch key {
      case .foreground where a.state != b.state: return a.state < b.state
      case .recent where a.lastActivated != b.lastActivated: return a.lastActivated > b.lastActivated
      case .oldest where a.created != b.created: return a.created < b.created
      case .newest where a.created != b.created: return a.created > b.created
      default: continue
      }
    }
    // The last resort, for sessions equal on every key: ids in natural order (s9 before s10).
    return (a.id.count, a.id) < (b.id.count, b.id)
  }

  static func describe(_ policies: ScenePolicies) -> String {
    policies.ties.map(\.rawValue).joined(separator: ", then ")
  }
}
