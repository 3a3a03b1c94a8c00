import AppleAppFiles

/// The modelling choices where Apple's documentation is silent or contradicts itself (the AMB
/// register of `apple-semantics.md`), each a named policy a table can set. The defaults are the
/// register's recommendations.
///
/// ```json
/// "policies": { "unmodifiedScenes": "notCandidate", "ties": ["recent", "foreground", "oldest"] }
/// ```
/// ```swift
/// var policies = ScenePolicies()
/// policies.unmodifiedScenes = .notCandidate   // the "strict-docs" reading of V3
/// ```
public struct ScenePolicies: Sendable, Hashable {
  /// AMB1 (V8, MAC1): is an open scene without `handlesExternalEvents(preferring:allowing:)` a candidate?
  public enum UnmodifiedScenes: String, Sendable, Hashable, CaseIterable {
    /// iOS family: allows everything (UIKit defaults, U3); macOS: not a candidate. The default.
    case platform
    /// Every platform: allows everything (`preferring: []`, `allowing: ["*"]`).
    case allowAll
    /// Every platform: not a candidate (today's documentation, "strict-docs").
    case notCandidate
  }

  /// AMB2 (V10): one key of the tie-break among equally matching sessions.
  public enum TieBreak: String, Sendable, Hashable, CaseIterable {
    /// Foreground active, then foreground inactive, then background, then archived.
    case foreground
    /// The most recently activated first.
    case recent
    /// The earliest created first.
    case oldest
    /// The latest created first.
    case newest
  }

  /// AMB3 (E3): what an event without an identifier matches.
  public enum MissingIdentifier: String, Sendable, Hashable, CaseIterable {
    /// Only `"*"` (a TRUE predicate). The default.
    case matchesOnlyStar
    /// Nothing at all.
    case matchesNothing
  }

  /// AMB4 (S6, MAC2): what happens when every declaration has `matching` and none matches.
  public enum NoMatchingScene: String, Sendable, Hashable, CaseIterable {
    /// macOS drops the event; other platforms use the first declared scene. The default.
    case platform
    /// Drop the event on every platform.
    case drop
    /// Use the first declared scene on every platform.
    case firstScene
  }

  /// AMB5 (S8): which scene kinds `handlesExternalEvents(matching:)` applies to.
  public enum MatchingKinds: String, Sendable, Hashable, CaseIterable {
    /// `WindowGroup` and `Window` (as OpenSwiftUI applies it). The default.
    case windowGroupAndWindow
    /// `WindowGroup` only (the 2020 SDK comment).
    case windowGroupOnly
  }

  /// AMB6 (S7): where `DocumentGroup`s sit among the declarations matched in step S3.
  public enum DocumentGroups: String, Sendable, Hashable, CaseIterable {
    /// In declaration order with the others; never an S4 fallback. The default.
    case inOrder
    /// After every `WindowGroup`/`Window` whose `matching` set matches.
    case afterWindowGroups
  }

  /// AMB7 (W9): `openWindow(value:)` when several groups present the value's type.
  public enum OpenWindowByType: String, Sendable, Hashable, CaseIterable {
    /// The first declared group of exactly that type. The default.
    case firstDeclared
    /// Treat it as an error of the app (the action is ignored).
    case ambiguousIsError
  }

  /// AMB8 (W8, W17): which windows count as "already presenting the value".
  public enum PresentedValueScope: String, Sendable, Hashable, CaseIterable {
    /// Windows of the targeted group, by their current value. The default.
    case sameGroup
    /// Windows of any group presenting the same type.
    case anyGroupOfType
  }

  /// AMB9 (S1): which declaration a single-scene app instantiates at a cold launch.
  public enum ColdLaunch: String, Sendable, Hashable, CaseIterable {
    /// Choose it with S3/S4 as a multi-scene app would. The default.
    case selectDeclaration
    /// The first declared scene.
    case firstDeclaration
  }

  /// AMB10 (U9): what "satisfies the activation conditions" means for a role-based request.
  public enum ActivationRequestMatch: String, Sendable, Hashable, CaseIterable {
    /// Sessions that prefer it, else sessions that can. The default.
    case prefersThenCan
    /// Only sessions that prefer it.
    case prefersOnly
  }

  /// AMB11 (L17): several `details` entries of an AASA file naming the app.
  public enum AASADetails: String, Sendable, Hashable, CaseIterable {
    /// Document order; the first entry that decides (opens or excludes) wins. The default.
    case firstDecision
    /// Document order; an exclusion only covers its own entry, the first entry that opens wins.
    case firstOpening
  }

  /// AMB12 (L10): what keys of `applinks.defaults` mean.
  public enum AASADefaults: String, Sendable, Hashable, CaseIterable {
    /// Only `caseSensitive` and `percentEncoded` are honoured; `/ ? # exclude` there are ignored
    /// with a warning. The only reading modelled (no source gives another meaning).
    case caseAndEncodingOnly
  }

  /// AMB13 (D4): which `onOpenURL` closures of the receiving scene run.
  public enum URLHandlers: String, Sendable, Hashable, CaseIterable {
    /// All of them (each subscribes to the scene's publisher). The default.
    case all
    /// Only the first.
    case first
  }

  /// AMB14 (S9): the effective `matching` set when the modifier is applied more than once.
  public enum RepeatedMatching: String, Sendable, Hashable, CaseIterable {
    /// The outermost application wins. The default.
    case outermost
    /// The union of all of them.
    case union
  }

  /// AMB15 (W11, K2): which apps count as single-scene.
  public enum SingleScene: String, Sendable, Hashable, CaseIterable {
    /// `supportsMultipleWindows` is false: iPhone, or the multiple-scenes key off. The default.
    case supportsMultipleWindows
    /// Only iPhone; the key is ignored.
    case iPhoneOnly
  }

  /// Not an AMB item: what the app's handler does with an event that no route matches.
  public enum UnroutedEvents: String, Sendable, Hashable, CaseIterable {
    /// The handler ignores it: the event is dropped (`no-route`). The default.
    case drop
    /// The scene shows it anyway (tables that only model scene selection).
    case deliver
  }

  /// Not an AMB item: what the app's router does with a URL that carries a userinfo
  /// (`https://user:pass@host/…`, `myapp://user@host/…`), on every channel (an argument, a
  /// line, a fixture step, an activity's `webpageURL`). docs/security.md has the reasons for the
  /// default.
  public enum Credentials: String, Sendable, Hashable, CaseIterable {
    /// The route refuses it: the event is dropped with the reason `credentials-in-url`. The default.
    case refuse
    /// It is routed as if the userinfo were not there; the handler is given the URL without it.
    case ignore
    /// It is routed as it stands; the handler is given the URL with its userinfo.
    case allow
  }

  /// Not an AMB item: MAC5, observed with low confidence. Where a `file:` URL goes on macOS
  /// when a `WindowGroup(for: URL.self)` is declared.
  public enum FileURLGroups: String, Sendable, Hashable, CaseIterable {
    /// On macOS a `file:` URL opens a window of the first `WindowGroup` presenting `URL`, with
    /// the file URL as its value, in declaration order with the DocumentGroups (as observed,
    /// even after a `Window` declared first); elsewhere the selection rules decide. The default.
    case platform
    /// Only the selection rules decide (S3, S4), on macOS too.
    case never
  }

  /// Not an AMB item: MAC4, observed. What a SwiftUI-lifecycle app does with the URLs after the
  /// first of one open request (Finder opening several files, `open a b c`): `onOpenURL` takes
  /// one. A UIKit scene gets them all (`Set<UIOpenURLContext>`) whatever this says.
  public enum ExtraURLs: String, Sendable, Hashable, CaseIterable {
    /// The app has no `application(_:open:)`: the extra URLs are lost
    /// (`extra-url-needs-app-delegate`). The default, as a SwiftUI app is written unless it adds
    /// an app delegate.
    case drop
    /// The app's `NSApplicationDelegateAdaptor` implements `application(_:open:)`: it receives
    /// the extra URLs.
    case appDelegate
  }

  public var unmodifiedScenes: UnmodifiedScenes = .platform
  public var ties: [TieBreak] = [.foreground, .recent, .oldest]
  public var missingIdentifier: MissingIdentifier = .matchesOnlyStar
  public var noMatchingScene: NoMatchingScene = .platform
  public var matchingKinds: MatchingKinds = .windowGroupAndWindow
  public var documentGroups: DocumentGroups = .inOrder
  public var openWindowByType: OpenWindowByType = .firstDeclared
  public var presentedValueScope: PresentedValueScope = .sameGroup
  public var coldLaunch: ColdLaunch = .selectDeclaration
  public var activationRequestMatch: ActivationRequestMatch = .prefersThenCan
  public var aasaDetails: AASADetails = .firstDecision
  public var aasaDefaults: AASADefaults = .caseAndEncodingOnly
  public var urlHandlers: URLHandlers = .all
  public var repeatedMatching: RepeatedMatching = .outermost
  public var singleScene: SingleScene = .supportsMultipleWindows
  public var unroutedEvents: UnroutedEvents = .drop
  public var credentials: Credentials = .refuse
  public var fileURLGroups: FileURLGroups = .platform
  public var extraURLs: ExtraURLs = .drop

  /// The register's recommendations.
  public init() {}

  /// The policy names, as table keys, with the AMB item each answers.
  public static let keys: [(key: String, amb: String)] = [
    ("unmodifiedScenes", "AMB1"), ("ties", "AMB2"), ("missingIdentifier", "AMB3"), ("noMatchingScene", "AMB4"),
    ("matchingKinds", "AMB5"), ("documentGroups", "AMB6"), ("openWindowByType", "AMB7"),
    ("presentedValueScope", "AMB8"), ("coldLaunch", "AMB9"), ("activationRequestMatch", "AMB10"),
    ("aasaDetails", "AMB11"),
    ("aasaDefaults", "AMB12"),
    ("urlHandlers", "AMB13"), ("repeatedMatching", "AMB14"), ("singleScene", "AMB15"), ("unroutedEvents", "-"),
    ("credentials", "-"),
    ("fileURLGroups", "-"),
    ("extraURLs", "-"),
  ]
}
