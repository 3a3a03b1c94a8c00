import SwiftUI

#if os(macOS)
  struct LegendView: View {
    var body: some View { Text("Legend") }
  }

  struct AtlasSettings: View {
    var body: some View { Form { Toggle("Metric units", isOn: .constant(true)) } }
  }
#endif

#if os(visionOS)
  import RealityKit

  struct GlobeVolume: View {
    var body: some View { Text("Globe") }
  }

  struct TerrainSpace: View {
    var body: some View { RealityView { _ in } }
  }
#endif
