package import RouterSupport

/// A decision's effects as the decision keeps them: none, the one effect most decisions make
/// (the session they create, or the one they bring to the front) held in place, or a list.
///
/// ``Decision/effects`` is the array; this keeps a decision's only effect, when it is the
/// `.create` of a new session active and stamped at its creation or an `.activate`, without
/// allocating an array for it, so a decision made for a record (which does not write its
/// effects) allocates nothing for them. Two lists are equal, and hash alike, when their effects
/// are, in order, whichever way each is kept.
///
/// ```swift
/// var effects = SessionEffects()
/// effects.appendCreated(id: "s1", scene: "main", value: nil, valueType: nil, clock: 1)
/// effects.array   // [.create(Session(id: "s1", scene: "main", lastActivated: 1, created: 1))]
/// ```
package struct SessionEffects: Sendable, Hashable, RandomAccessCollection, MutableCollection {
  private enum Storage: Sendable {
    case none
    /// `.create` of a session `id` of `scene` presenting `value`, foreground active, created
    /// and last activated at `clock`, with no sets, conditions or window below it.
    case created(id: String, scene: String, value: JSONValue?, valueType: String?, clock: Int)
    /// `.activate(id)`.
    case activated(String)
    case list([SessionEffect])
  }

  private var storage: Storage

  /// No effects.
  package init() { storage = .none }

  /// These effects.
  package init(_ effects: [SessionEffect]) {
    storage = effects.isEmpty ? .none : .list(effects)
  }

  /// The effects as an array.
  package var array: [SessionEffect] {
    switch storage {
    case .none: []
    case .created, .activated: [self[0]]
    case .list(let effects): effects
    }
  }

  package var startIndex: Int { 0 }

  package var endIndex: Int {
    switch storage {
    case .none: 0
    case .created, .activated: 1
    case .list(let effects): effects.count
    }
  }

  /// Whether a session is created among them.
  package var createsSession: Bool {
    switch storage {
    case .none, .activated: false
    case .created: true
    case .list(let effects): effects.contains { if case .create = $0 { true } else { false } }
    }
  }

  /// Whether no session these effects create or change presents a value: none, an activation,
  /// or the creation of one session presenting none (a cold launch's receiver). A list is not
  /// looked into: false.
  package var presentsNoValue: Bool {
    switch storage {
    case .none, .activated: true
    case .created(_, _, let value, _, _): value == nil
    case .list: false
    }
  }

  /// How many more sessions are open after these effects than before: the sessions they
  /// create less those they close, told from what is kept (no effect made for the one kept in
  /// place).
  package var openedCount: Int {
    switch storage {
    case .none, .activated: return 0
    case .created: return 1
    case .list(let effects):
      var n = 0
      effects.withUnsafeBufferPointer { effects in
        for i in effects.indices {
          switch effects[i] {
          case .create: n += 1
          case .close: n -= 1
          default: continue
          }
        }
      }
      return n
    }
  }

  /// The id of the session activated when these effects are that one activation (what most
  /// decisions of a stateful run keep), else nil: for the caller that applies it without
  /// making the effect.
  package var soleActivation: String? {
    if case .activated(let id) = storage { return id }
    return nil
  }

  package var isEmpty: Bool {
    if case .none = storage { return true }
    return false
  }

  package subscript(position: Int) -> SessionEffect {
    get {
      switch storage {
      case .none:
        preconditionFailure("index out of range")
      case .created(let id, let scene, let value, let valueType, let clock):
        precondition(position == 0, "index out of range")
        return Self.created(id: id, scene: scene, value: value, valueType: valueType, clock: clock)
      case .activated(let id):
        precondition(position == 0, "index out of range")
        return .activate(id)
      case .list(let effects):
        return effects[position]
      }
    }
    set {
      var effects = array
      effects[position] = newValue
      storage = .list(effects)
    }
  }

  /// Adds an effect at the end.
  package mutating func append(_ effect: consuming SessionEffect) {
    switch storage {
    case .none:
      if case .activate(let id) = effect {
        storage = .activated(id)
      } else {
        storage = .list([effect])
      }
    case .created(let id, let scene, let value, let valueType, let clock):
      storage = .list([Self.created(id: id, scene: scene, value: value, valueType: valueType, clock: clock), effect])
    case .activated(let id): storage = .list([.activate(id), effect])
    case .list(var effects):
      storage = .none
      effects.append(effect)
      storage = .list(effects)
    }
  }

  /// Adds `.create` of a new session `id` of `scene`, foreground active, created and last
  /// activated at `clock` (what a decision that opens a window makes): kept without an array
  /// when it is the first effect.
  package mutating func appendCreated(id: String, scene: String, value: JSONValue?, valueType: String?, clock: Int) {
    guard case .none = storage else {
      return append(Self.created(id: id, scene: scene, value: value, valueType: valueType, clock: clock))
    }
    // `.none` holds nothing: the effect is made over it, not assigned (an assignment destroyed
    // the old value through the type's value witnesses, about 60 instructions a GitHub line).
    withUnsafeMutablePointer(to: &storage) {
      $0.initialize(to: .created(id: id, scene: scene, value: value, valueType: valueType, clock: clock))
    }
  }

  /// Adds `.activate(id)`: kept without an array when it is the first effect.
  package mutating func appendActivate(_ id: String) {
    guard case .none = storage else { return append(.activate(id)) }
    // Made over `.none`, which holds nothing, as ``appendCreated(id:scene:value:valueType:clock:)`` makes its effect.
    withUnsafeMutablePointer(to: &storage) { $0.initialize(to: .activated(id)) }
  }

  /// `.create` of a new session, as ``appendCreated(id:scene:value:valueType:clock:)`` keeps it.
  private static func created(id: String, scene: String, value: JSONValue?, valueType: String?, clock: Int)
    -> SessionEffect
  {
    .create(
      Session(
        id: id, scene: scene, value: value, valueType: valueType, preferring: nil, allowing: nil, prefers: nil,
        can: nil, state: .foregroundActive, lastActivated: clock, created: clock, pushedFrom: nil))
  }

  /// Calls `body` with each effect in order: the loop of the stages that apply or count a
  /// decision's effects, on what is kept (the collection's generic iterator, used from another
  /// module, went through the protocol's witnesses for each effect).
  package func forEachEffect(_ body: (SessionEffect) throws -> Void) rethrows {
    switch storage {
    case .none: return
    case .created(let id, let scene, let value, let valueType, let clock):
      try body(Self.created(id: id, scene: scene, value: value, valueType: valueType, clock: clock))
    case .activated(let id): try body(.activate(id))
    case .list(let effects):
      // Each effect lent where it is (a loop over the array copied each one).
      try effects.withUnsafeBufferPointer { effects in
        for i in effects.indices { try body(effects[i]) }
      }
    }
  }

  /// An iterator over what is kept, in order: the one effect kept in place, or the list's
  /// (not the collection's generic iterator, which copied the whole value and read each effect
  /// through the subscript).
  package struct Iterator: IteratorProtocol {
    fileprivate var one: SessionEffect?
    fileprivate var list: IndexingIterator<[SessionEffect]>

    package mutating func next() -> SessionEffect? {
      if let effect = one.take() { return effect }
      return list.next()
    }
  }

  package func makeIterator() -> Iterator {
    switch storage {
    case .none:
      Iterator(one: nil, list: [].makeIterator())
    case .created(let id, let scene, let value, let valueType, let clock):
      Iterator(
        one: Self.created(id: id, scene: scene, value: value, valueType: valueType, clock: clock),
        list: [].makeIterator())
    case .activated(let id):
      Iterator(one: .activate(id), list: [].makeIterator())
    case .list(let effects):
      Iterator(one: nil, list: effects.makeIterator())
    }
  }

  package static func == (lhs: SessionEffects, rhs: SessionEffects) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }

  /// As an array hashes: its count, then each effect.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for effect in self { hasher.combine(effect) }
  }
}
