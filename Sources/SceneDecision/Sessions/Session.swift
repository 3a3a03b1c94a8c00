public import RouteTables
public import RouterSupport

/// One open scene session (a window): its declaration, the value it presents, its current
/// `handlesExternalEvents` sets, and its activation state and recency.
///
/// ```swift
/// let editor = Session(id: "s2", scene: "note-editor", value: ["id": "6F0E…"], state: .foregroundActive,
///                      lastActivated: 5, created: 2)
/// ```
public struct Session: Sendable, Hashable {
  /// Where a session is in its life (`UIScene.ActivationState`, plus archived sessions).
  public enum State: String, Sendable, Hashable, CaseIterable, Comparable {
    case foregroundActive
    case foregroundInactive
    case background
    /// Archived: no connected scene, a snapshot in the app switcher (K13).
    case unattached

    /// Foreground active first (the order of the `foreground` tie-break, V10).
    var rank: Int {
      switch self {
      case .foregroundActive: return 0
      case .foregroundInactive: return 1
      case .background: return 2
      case .unattached: return 3
      }
    }

    public static func < (a: State, b: State) -> Bool { a.rank < b.rank }
  }

  /// A stable id (`s1`, `s2`, … for sessions the router creates).
  public var id: String
  /// The scene declaration (SwiftUI) or configuration (UIKit) it was created from.
  public var scene: String
  /// The value its binding presents now (W8, AMB8), or nil.
  public var value: JSONValue?
  /// The type name the value was stored with, for state restoration (W13).
  public var valueType: String?
  /// The session's current `preferring`/`allowing` sets (V6); nil to use the declaration's.
  public var preferring: [String]?
  public var allowing: [String]?
  /// UIKit: the session's own activation conditions (U7); nil to use the declaration's.
  public var prefers: ActivationPredicate?
  public var can: ActivationPredicate?
  public var state: State
  /// The clock tick of its last activation; higher is more recent.
  public var lastActivated: Int
  /// The clock tick of its creation; lower is older.
  public var created: Int
  /// visionOS: the session this window was pushed over with `pushWindow` (W19), hidden while
  /// this one is open and back in front when it is dismissed; nil for a window opened otherwise.
  public var pushedFrom: String? = nil
}

// The initializer is in an extension and calls the memberwise one, which builds the session in
// place (one written in the type built it in a temporary and copied it out: Decision.swift).
extension Session {
  /// Creates a session.
  public init(
    id: String, scene: String, value: JSONValue? = nil, valueType: String? = nil, preferring: [String]? = nil,
    allowing: [String]? = nil, state: State = .foregroundActive, lastActivated: Int = 0, created: Int = 0
  ) {
    self.init(
      id: id, scene: scene, value: value, valueType: valueType, preferring: preferring, allowing: allowing,
      prefers: nil, can: nil, state: state, lastActivated: lastActivated, created: created, pushedFrom: nil)
  }
}
