import SwiftUI

/// Garden Journal: an overview of the garden, and a window for each plant.
@main
struct GardenApp: App {
  @State private var store = GardenStore()

  var body: some Scene {
    WindowGroup {
      ContentView()
        .environment(store)
    }

    // WindowGroup(id: "old-editor") was removed in 2.0; its links now open a plant.
    WindowGroup("Plant", id: WindowID.plant, for: Plant.ID.self) { $plantID in
      PlantDetail(plantID: plantID)
        .environment(store)
    }
    .handlesExternalEvents(matching: [WindowID.plant])
  }
}

/// The ids of the app's windows.
enum WindowID {
  static let plant = "plant"
}
