/// Orders equally matching sessions by the tie-break policy (V10, AMB2).
enum TieBreak {
  static func best(_ sessions: [Session], _ policies: ScenePolicies) -> Session? {
    sessions.min { a, b in
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
  }

  static func describe(_ policies: ScenePolicies) -> String {
    policies.ties.map(\.rawValue).joined(separator: ", then ")
  }
}
