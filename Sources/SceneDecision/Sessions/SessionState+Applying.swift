import RouteEvents

extension SessionState {
  /// The state after a decision: its effects applied in order. Pure: `self` is unchanged.
  public func applying(_ decision: Decision) -> SessionState {
    var next = self
    for effect in decision.effects { next.apply(effect) }
    return next
  }

  /// Applies one effect.
  public mutating func apply(_ effect: SessionEffect) {
    switch effect {
    case .create(let session):
      clock = max(clock, session.created, session.lastActivated)
      demoteActive(except: session.id)
      sessions.append(session)
      if let n = SessionNumbers.number(ofID: session.id) {
        nextSessionNumber = max(nextSessionNumber, SessionNumbers.successor(of: n))
      }
    case .activate(let id):
      guard let index = sessions.firstIndex(where: { $0.id == id }) else { return }
      clock = SessionNumbers.successor(of: clock)
      demoteActive(except: id)
      sessions[index].state = .foregroundActive
      sessions[index].lastActivated = clock
    case .close(let id):
      sessions.removeAll { $0.id == id }
    case .update(let id, let update):
      guard let index = sessions.firstIndex(where: { $0.id == id }) else { return }
      if let p = update.preferring { sessions[index].preferring = p }
      if let a = update.allowing { sessions[index].allowing = a }
      if let v = update.value { sessions[index].value = v }
      if let t = update.valueType { sessions[index].valueType = t }
    case .setState(let id, let state):
      guard let index = sessions.firstIndex(where: { $0.id == id }) else { return }
      sessions[index].state = state
    }
  }

  /// One session is foreground active at a time in this model: the others step back to inactive.
  private mutating func demoteActive(except id: String) {
    for i in sessions.indices where sessions[i].id != id && sessions[i].state == .foregroundActive {
      sessions[i].state = .foregroundInactive
    }
  }
}
