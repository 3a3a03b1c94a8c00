/// The Apple platform an app runs on, which decides how many scenes it may have and how
/// SwiftUI treats scenes without a view modifier.
///
/// ```swift
/// let platform = Platform(rawValue: "iPadOS")   // .iPadOS
/// platform?.supportsMultipleScenesAtAll          // true
/// ```
public enum Platform: String, Sendable, Hashable, CaseIterable, Codable {
  case iOS
  case iPadOS
  case macOS
  case macCatalyst
  case visionOS

  /// Whether the platform can show more than one scene of an app at once (iPhone cannot).
  public var supportsMultipleScenesAtAll: Bool { self != .iOS }

  /// Whether the platform is macOS with SwiftUI on AppKit (the MAC rules apply).
  public var isAppKit: Bool { self == .macOS }
}
