package import RouterSupport

/// Everything `route-cli init` derives from an app project, each fact with its origin, ready to
/// be written as a route table by ``TableDraft``; and what it read that the table has no key
/// for, and what the user has to write.
///
/// ```swift
/// let facts = imported.facts
/// facts.top.first { $0.key == "multipleScenes" }?.fact.origin
/// // "INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES (Garden.xcodeproj/project.pbxproj:291:5)"
/// facts.scenes.map(\.id)   // ["main", "plant", "settings"]
/// ```
package struct ProjectFacts: Sendable {
  /// A derived value and where it comes from (a place relative to the project's root, a setting).
  package struct Fact: Sendable, Hashable {
    package var value: JSONValue
    package var origin: String
    /// Where the project says it, when one place does (for `check --project`'s notes).
    package var location: SourceLocation?

    package init(_ value: JSONValue, _ origin: String, at location: SourceLocation? = nil) {
      self.value = value
      self.origin = origin
      self.location = location
    }
  }

  /// One key of an object.
  package struct Field: Sendable, Hashable {
    package var key: String
    package var fact: Fact

    package init(key: String, fact: Fact) {
      self.key = key
      self.fact = fact
    }
  }

  /// One element of a derived list (`urlSchemes`, `activityTypes`) or key of a derived map
  /// (`associatedDomains`), identified by its text.
  package struct Item: Sendable, Hashable {
    package var value: String
    package var origin: String
    package var location: SourceLocation?

    package init(value: String, origin: String, location: SourceLocation? = nil) {
      self.value = value
      self.origin = origin
      self.location = location
    }
  }

  /// A scene declaration: its id, where it is declared, and its other derived keys.
  package struct Scene: Sendable, Hashable {
    package var id: String
    package var origin: String
    package var fields: [Field]
    package var location: SourceLocation?
    /// Whether the source names the scene: false for a `WindowGroup`, `DocumentGroup` or
    /// `Settings` written without an id, whose table entry then has no `id` and whose ``id`` is
    /// the name the table loader gives it (`WindowGroup#1`).
    package var declaresID: Bool

    package init(
      id: String, origin: String, fields: [Field], location: SourceLocation? = nil, declaresID: Bool = true
    ) {
      self.id = id
      self.origin = origin
      self.fields = fields
      self.location = location
      self.declaresID = declaresID
    }
  }

  /// A row of `configurationForConnecting`.
  package struct ConfigurationChoice: Sendable, Hashable {
    package var activityType: String
    package var configuration: String
    package var origin: String
    package var location: SourceLocation?
  }

  /// Something for the user to write, gone once the table has what `done` names.
  package struct Next: Sendable, Hashable {
    package enum Done: Sendable, Hashable {
      /// A URL route of this scheme.
      case scheme(String)
      /// An https route of this host (or a subdomain, for `*.`).
      case host(String)
      /// An activity route of this type.
      case activity(String)
    }

    package var text: String
    package var done: Done?
  }

  /// How the target, configuration and platform were chosen, for the `$generated` line.
  package var header: String
  /// Top-level keys in table order: `app`, `platform`, `multipleScenes`, `lifecycle`, `appID`.
  package var top: [Field] = []
  package var urlSchemes: [Item] = []
  package var activityTypes: [Item] = []
  /// Entitlement entries, the keys of `associatedDomains` (each mapped to null: no AASA file).
  package var associatedDomains: [Item] = []
  package var scenes: [Scene] = []
  package var configurationChoices: [ConfigurationChoice] = []
  /// Facts the table has no key for (`restorationBehavior`, shortcut items, `openWindow` call
  /// sites, scene delegate methods), each `place: what`.
  package var also: [String] = []
  package var next: [Next] = []

  package init(header: String) { self.header = header }
}
