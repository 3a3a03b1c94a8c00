import RouteEvents
public import RouterSupport

/// Keeps an app's session state in step with UIKit or SwiftUI: feed it scene lifecycle changes
/// (connect, disconnect, activate, deactivate, background) and view-modifier set changes; it
/// tells observers what changed, only when something did, and keeps per-session context values
/// so that window-specific services can be found from the session an event reached.
///
/// ```swift
/// var registry = SceneRegistry()
/// let token = registry.observe { change in print(change) }   // .connected(s1), .activated(s1), …
/// registry.connect("s1", scene: "main")                        // in scene(_:willConnectTo:options:)
/// registry.setContext(UndoCoordinator(), for: UndoCoordinatorKey.self, session: "s1")
/// registry.activate("s1")                                      // in sceneDidBecomeActive(_:)
/// registry.update("s1", preferring: [], allowing: ["*"])       // a view's handlesExternalEvents changed
/// registry.update("s1", preferring: [], allowing: ["*"])       // the same again: nobody is called
/// let decision = DecisionEngine.decide(event, router: router, state: registry.state)
/// let coordinator = registry.context(UndoCoordinatorKey.self, session: decision.receiver?.session ?? "")
/// registry.removeObserver(token)
/// ```
public struct SceneRegistry: Sendable {
  /// What changed.
  public enum Change: Sendable, Hashable {
    case connected(Session)
    case disconnected(String)
    case activated(String)
    case deactivated(String)
    case enteredBackground(String)
    /// The session's `preferring`/`allowing` sets changed (V6).
    case setsChanged(String, preferring: [String], allowing: [String])
    /// The session's presented value changed (W8).
    case valueChanged(String, JSONValue?)
  }

  /// A handle to remove an observer.
  public struct ObserverToken: Sendable, Hashable {
    let id: Int
  }

  /// The sessions as the decision engine sees them.
  public private(set) var state = SessionState()
  private var observers: [(id: Int, call: @Sendable (Change) -> Void)] = []
  private var nextObserver = 0
  private var contexts: [String: [ObjectIdentifier: any Sendable]] = [:]

  /// An empty registry (no scene connected yet).
  public init() {}

  /// Starts from known sessions (for example restored ones).
  public init(state: SessionState) {
    self.state = state
  }

  /// Calls `observer` for every change from now on.
  @discardableResult
  public mutating func observe(_ observer: @escaping @Sendable (Change) -> Void) -> ObserverToken {
    nextObserver += 1
    observers.append((nextObserver, observer))
    return ObserverToken(id: nextObserver)
  }

  /// Stops calling an observer.
  public mutating func removeObserver(_ token: ObserverToken) {
    observers.removeAll { $0.id == token.id }
  }

  /// A scene connected to a session (`scene(_:willConnectTo:options:)`); a known session reconnects.
  public mutating func connect(_ id: String, scene: String, value: JSONValue? = nil) {
    if let existing = state.session(id) {
      guard existing.state == .unattached || existing.scene != scene else { return }
      state.apply(.activate(id))
      notify(.activated(id))
      return
    }
    state.clock = SessionNumbers.successor(of: state.clock)
    let session = Session(
      id: id, scene: scene, value: value, state: .foregroundInactive, lastActivated: state.clock, created: state.clock)
    state.sessions.append(session)
    if let n = SessionNumbers.number(ofID: id) {
      state.nextSessionNumber = max(state.nextSessionNumber, SessionNumbers.successor(of: n))
    }
    notify(.connected(session))
  }

  /// The scene disconnected (`sceneDidDisconnect(_:)`): the session is archived, still a candidate (K13).
  public mutating func disconnect(_ id: String) {
    guard let session = state.session(id), session.state != .unattached else { return }
    state.apply(.setState(id, .unattached))
    notify(.disconnected(id))
  }

  /// The session was destroyed (`application(_:didDiscardSceneSessions:)`, K14).
  public mutating func discard(_ id: String) {
    guard state.session(id) != nil else { return }
    state.apply(.close(id))
    contexts[id] = nil
    notify(.disconnected(id))
  }

  /// The scene became active (`sceneDidBecomeActive(_:)`).
  public mutating func activate(_ id: String) {
    guard let session = state.session(id), session.state != .foregroundActive else { return }
    state.apply(.activate(id))
    notify(.activated(id))
  }

  /// The scene resigned active (`sceneWillResignActive(_:)`).
  public mutating func deactivate(_ id: String) {
    guard let session = state.session(id), session.state == .foregroundActive else { return }
    state.apply(.setState(id, .foregroundInactive))
    notify(.deactivated(id))
  }

  /// The scene entered the background (`sceneDidEnterBackground(_:)`).
  public mutating func enterBackground(_ id: String) {
    guard let session = state.session(id), session.state != .background else { return }
    state.apply(.setState(id, .background))
    notify(.enteredBackground(id))
  }

  /// The session's view-modifier sets are now these (V5 union, V6); nothing happens when equal.
  public mutating func update(_ id: String, preferring: [String], allowing: [String]) {
    guard let session = state.session(id), session.preferring != preferring || session.allowing != allowing else {
      return
    }
    state.apply(.update(id, SessionUpdate(preferring: preferring, allowing: allowing)))
    notify(.setsChanged(id, preferring: preferring, allowing: allowing))
  }

  /// The session now presents this value; nothing happens when equal.
  public mutating func update(_ id: String, value: JSONValue?) {
    guard let session = state.session(id), session.value != value else { return }
    state.apply(.update(id, SessionUpdate(value: .some(value))))
    notify(.valueChanged(id, value))
  }

  /// Stores a value for a session under a key type (a service of that window).
  public mutating func setContext<Key: SceneContextKey>(_ value: Key.Value, for key: Key.Type, session: String) {
    contexts[session, default: [:]][ObjectIdentifier(key)] = value
  }

  /// The value stored for a session under a key type, or the key's default.
  public func context<Key: SceneContextKey>(_ key: Key.Type, session: String) -> Key.Value {
    (contexts[session]?[ObjectIdentifier(key)] as? Key.Value) ?? Key.defaultValue
  }

  private func notify(_ change: Change) {
    for observer in observers { observer.call(change) }
  }
}

/// A key for per-session context values in a ``SceneRegistry``, in the manner of SwiftUI's
/// `EnvironmentKey`.
///
/// ```swift
/// enum UndoCoordinatorKey: SceneContextKey { static let defaultValue: UndoCoordinator? = nil }
/// ```
public protocol SceneContextKey {
  associatedtype Value: Sendable
  /// The value when none is stored.
  static var defaultValue: Value { get }
}
