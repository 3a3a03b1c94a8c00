import SwiftUI

/// One place, in a window of its own; a shared link to it lands here when the window is open.
struct PlaceCard: View {
  @Binding var placeID: Place.ID

  var body: some View {
    Text(placeID)
      .font(.largeTitle)
      .handlesExternalEvents(preferring: ["place"], allowing: ["place"])
      .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
        if let url = activity.webpageURL { placeID = url.lastPathComponent }
      }
  }
}
