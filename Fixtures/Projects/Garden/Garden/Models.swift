import Foundation
import Observation

/// The activity types the app advertises and continues.
enum PlantActivity {
  static let view = "com.example.garden.plant"
}

struct Plant: Identifiable, Hashable, Codable {
  let id: UUID
  var name: String
  var care: String
  var lastWatered: Date?
}

@Observable
final class GardenStore {
  var plants: [Plant] = [
    Plant(id: UUID(), name: "Fig", care: "Water weekly; full sun."),
    Plant(id: UUID(), name: "Basil", care: "Keep the soil moist."),
  ]

  func plant(id: Plant.ID) -> Plant? { plants.first { $0.id == id } }

  /// garden://plant/<uuid>, or https://garden.example.com/p/<uuid>.
  func plant(for url: URL) -> Plant? {
    guard let last = url.pathComponents.last, let id = UUID(uuidString: last) else { return nil }
    return plant(id: id)
  }

  func water(_ id: Plant.ID) {
    guard let i = plants.firstIndex(where: { $0.id == id }) else { return }
    plants[i].lastWatered = Date()
  }
}
