import SwiftUI

struct Place: Identifiable, Hashable, Codable {
  /// A slug: "home", "lisbon", "mt-fuji".
  let id: String
  var name: String
}

/// The map, with the places on it; links open here.
struct MapScreen: View {
  @Environment(\.openWindow) private var open
  @State private var focus: Place.ID?

  var body: some View {
    NavigationStack {
      PlaceList(focus: $focus)
        .toolbar {
          #if os(visionOS)
            Button("Globe") { open(id: "globe") }
          #endif
          Button("Pin") { if let focus { open(id: "place", value: focus) } }
        }
    }
    .onOpenURL { url in focus = url.lastPathComponent }
  }
}

struct PlaceList: View {
  @Binding var focus: Place.ID?
  var body: some View {
    List { Text(focus ?? "Nowhere yet") }
  }
}
