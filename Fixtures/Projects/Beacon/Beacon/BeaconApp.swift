import SwiftUI

/// Beacon, an iPhone app: a list of nearby beacons and a map of them.
@main
struct BeaconApp: App {
  var body: some Scene {
    WindowGroup {
      BeaconView()
    }

    WindowGroup("Map", id: "beacon-map") {
      Text("Map")
    }
  }
}
