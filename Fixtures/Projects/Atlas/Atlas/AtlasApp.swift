import SwiftUI

/// Atlas: maps on iPad and Mac, with a legend window on the Mac and a globe on Apple Vision Pro.
@main
struct AtlasApp: App {
  var body: some Scene {
    WindowGroup(id: "map") {
      MapScreen()
    }
    .handlesExternalEvents(matching: ["map", "place"])

    WindowGroup("Place", id: "place", for: Place.ID.self) { $placeID in
      PlaceCard(placeID: placeID)
    } defaultValue: {
      "home"
    }
    .handlesExternalEvents(matching: ["place"])

    #if os(macOS)
      Window("Legend", id: "legend") {
        LegendView()
      }
      .defaultLaunchBehavior(.suppressed)
      .restorationBehavior(.disabled)

      Settings {
        AtlasSettings()
      }
    #endif

    #if os(visionOS)
      GlobeScenes()
    #endif
  }
}

/// The scenes only Apple Vision Pro has: a volume and an immersive space.
struct GlobeScenes: Scene {
  var body: some Scene {
    WindowGroup(id: "globe") {
      GlobeVolume()
    }
    .windowStyle(.volumetric)

    ImmersiveSpace(id: "terrain") {
      TerrainSpace()
    }
  }
}
