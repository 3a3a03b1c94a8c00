import RouteTables

/// Orders equally matching sessions by the tie-break policy (V10, AMB2).
enum TieBreaking {
  static func best(_ sessions: [Session], _ policies: ScenePolicies) -> Session? {
    sessions.min { precedes($0, $1, policies) }
  }

  /// The position (among `positions` in `sessions`) of the session the policy picks, without
  /// copying any session.
  static func best(_ positions: [Int], of sessions: [Session], _ policies: ScenePolicies) -> Int? {
    sessions.withUnsafeBufferPointer { s in positions.min { precedes($0, $1, in: s, policies) } }
  }

  /// The position of the session the policy picks among those `include` accepts (the sessions
  /// read in place).
  static func best(of sessions: [Session], _ policies: ScenePolicies, where include: (Session) -> Bool) -> Int? {
    sessions.withUnsafeBufferPointer { s in
      var best: Int?
      for i in s.indices where include(s[i]) {
        if let b = best, !precedes(i, b, in: s, policies) { continue }
        best = i
      }
      return best
    }
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

  /// ``precedes(_:_:_:)`` for the sessions at positions `a` and `b` of `sessions`, their fields
  /// read in place (the sessions passed as values were copied, every string and array retained).
  static func precedes(_ a: Int, _ b: Int, in sessions: UnsafeBufferPointer<Session>, _ policies: ScenePolicies)
    -> Bool
  {
    for key in policies.ties {
      switch key {
      case .foreground where sessions[a].state != sessions[b].state: return sessions[a].state < sessions[b].state
      case .recent where sessions[a].lastActivated != sessions[b].lastActivated:
        return sessions[a].lastActivated > sessions[b].lastActivated
      case .oldest where sessions[a].created != sessions[b].created: return sessions[a].created < sessions[b].created
      case .newest where sessions[a].created != sessions[b].created: return sessions[a].created > sessions[b].created
      default: continue
      }
    }
    // As the tuple `(id.count, id)` compares.
    let countA = sessions[a].id.count
    let countB = sessions[b].id.count
    if countA != countB { return countA < countB }
    return sessions[a].id < sessions[b].id
  }

  static func describe(_ policies: ScenePolicies) -> String {
    policies.ties.map(\.rawValue).joined(separator: ", then ")
  }
}
