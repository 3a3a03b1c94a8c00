import SwiftUI

/// One plant: its care, and a button to log watering.
struct PlantDetail: View {
  @Environment(GardenStore.self) private var store
  let plantID: Plant.ID?

  var body: some View {
    Form {
      if let plant = plantID.flatMap(store.plant(id:)) {
        Section("Care") { Text(plant.care) }
        Button("Watered today") { store.water(plant.id) }
      }
    }
    .handlesExternalEvents(preferring: ["plant"], allowing: ["plant"])
    .userActivity(PlantActivity.view) { activity in
      activity.title = "Plant"
      activity.targetContentIdentifier = plantID?.uuidString
    }
    // Siri suggestions hand watering back to the app.
    .onContinueUserActivity("com.example.garden.water") { activity in
      if let id = activity.targetContentIdentifier.flatMap(UUID.init(uuidString:)) { store.water(id) }
    }
  }
}
