import SwiftUI

struct BeaconView: View {
  @Environment(\.openWindow) private var openWindow
  @State private var beacon: String?

  var body: some View {
    VStack {
      Text(beacon ?? "No beacon")
      Button("Show on the map") { openWindow(id: "beacon-map") }
    }
    .onOpenURL { url in beacon = url.host() }
  }
}
