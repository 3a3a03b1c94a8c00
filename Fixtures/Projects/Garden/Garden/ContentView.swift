import SwiftUI

/// The list of plants, and the one selected.
struct ContentView: View {
  @Environment(GardenStore.self) private var store
  @Environment(\.openWindow) private var openWindow
  @State private var selection: Plant.ID?

  var body: some View {
    NavigationSplitView {
      List(store.plants, selection: $selection) { plant in
        Text(plant.name)
          .contextMenu {
            Button("Open in New Window") { openWindow(id: WindowID.plant, value: plant.id) }
          }
      }
      .navigationTitle("Garden")
    } detail: {
      if let selection {
        PlantDetail(plantID: selection)
      } else {
        Text("Choose a plant")
      }
    }
    .onOpenURL { url in
      selection = store.plant(for: url)?.id
    }
    .onContinueUserActivity(PlantActivity.view) { activity in
      selection = activity.targetContentIdentifier.flatMap(UUID.init(uuidString:))
    }
  }
}
