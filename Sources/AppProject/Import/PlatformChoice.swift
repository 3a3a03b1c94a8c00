package import RouteTables

/// Which of the table's platforms a target builds for, read from its settings:
/// `SUPPORTED_PLATFORMS` (else `SDKROOT`: `iphoneos`, `macosx`, `xros`), `TARGETED_DEVICE_FAMILY`
/// (1 iPhone, 2 iPad, 7 Apple Vision Pro) and `SUPPORTS_MACCATALYST`.
///
/// ```swift
/// PlatformChoice.platforms(settings).list   // [.iPadOS, .visionOS, .iOS]
/// PlatformChoice.sdk(for: .macCatalyst)     // "macosx": Mac Catalyst builds with the macOS SDK
/// ```
package enum PlatformChoice {
  /// The order platforms are offered in: those with several windows first.
  package static let preference: [Platform] = [.iPadOS, .macOS, .visionOS, .macCatalyst, .iOS]

  package static func platforms(_ settings: BuildSettings) -> (list: [Platform], origin: String) {
    var origins: [String] = []
    func read(_ name: String) -> String? {
      guard let value = settings.value(of: name), value.isComplete else { return nil }
      if let a = settings.assignment(of: name), a.level != .xcodeDefault {
        origins.append("\(name) = \(value.text)")
      }
      return value.text
    }
    let sdkroot = read("SDKROOT") ?? "iphoneos"
    var supported = (read("SUPPORTED_PLATFORMS") ?? "").split(separator: " ").map(String.init)
    if supported.isEmpty { supported = [sdkroot] }
    let families = (read("TARGETED_DEVICE_FAMILY") ?? "1").split(separator: ",").map { $0.trimmingCharacters }
    let catalyst = settings.isYes("SUPPORTS_MACCATALYST")
    if catalyst { origins.append("SUPPORTS_MACCATALYST = YES") }
    var found: Set<Platform> = []
    if supported.contains(where: { $0.hasPrefix("iphone") }) {
      if families.contains("1") || families.isEmpty { found.insert(.iOS) }
      if families.contains("2") { found.insert(.iPadOS) }
      if families.contains("7") { found.insert(.visionOS) }
      if catalyst { found.insert(.macCatalyst) }
    }
    if supported.contains(where: { $0.hasPrefix("macosx") }) { found.insert(.macOS) }
    if supported.contains(where: { $0.hasPrefix("xr") }) { found.insert(.visionOS) }
    if found.isEmpty { found.insert(.iOS) }
    return (preference.filter(found.contains), origins.joined(separator: ", "))
  }

  /// The SDK a build for `platform` uses, which `[sdk=…]` conditions see.
  package static func sdk(for platform: Platform) -> String {
    switch platform {
    case .iOS, .iPadOS: "iphoneos"
    case .macOS, .macCatalyst: "macosx"
    case .visionOS: "xros"
    }
  }
}

extension Substring {
  var trimmingCharacters: String { String(self).trimmingSpaces }
}
