public import RouterSupport

/// One entry of `applinks.details`: the apps it names and the components they share (L3).
///
/// Entries come from the `details` array, or from the oldest form, a dictionary keyed by app ID
/// (one entry per key, in document order, L14). An entry with `components` ignores its legacy
/// `paths` (L15).
///
/// ```swift
/// let entry = association.details[0]
/// entry.appIDs.map(\.value)                     // ["ABCDE12345.com.example.notes"]
/// entry.lists(appID: "ABCDE12345.com.example.notes")   // true
/// entry.components.count                        // 4
/// ```
public struct AASADetails: Sendable, Hashable {
  /// Its position in `details` (for the dictionary form, the position of its key).
  public var index: Int
  /// `appID` and `appIDs` together, in that order, without repeats.
  public var appIDs: [Located<String>]
  /// `defaults` of this entry: the app level of L10.
  public var defaults: AASAMatchingOptions
  /// The components in order; legacy `paths` entries when the entry has no `components`.
  public var components: [AASAComponent]
  /// Whether the components came from the legacy `paths` array.
  public var usesLegacyPaths: Bool
  /// Whether the entry came from the dictionary form of `details` (keyed by app ID).
  public var isLegacyDictionary: Bool
  /// Where the entry starts.
  public var location: SourceLocation?

  /// Creates an entry.
  public init(
    index: Int, appIDs: [Located<String>], defaults: AASAMatchingOptions = AASAMatchingOptions(),
    components: [AASAComponent] = [], usesLegacyPaths: Bool = false, isLegacyDictionary: Bool = false,
    location: SourceLocation? = nil
  ) {
    self.index = index
    self.appIDs = appIDs
    self.defaults = defaults
    self.components = components
    self.usesLegacyPaths = usesLegacyPaths
    self.isLegacyDictionary = isLegacyDictionary
    self.location = location
  }

  /// Whether the entry names `appID` (exactly, as the system compares app IDs).
  public func lists(appID: String) -> Bool {
    appIDs.contains { $0.value == appID }
  }

  /// `details[0]`: how explanations name the entry.
  public var label: String { "details[\(index)]" }
}
