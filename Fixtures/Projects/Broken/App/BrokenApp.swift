import SwiftUI

/// The app the broken projects build: its sources are fine, its project files are not.
@main
struct BrokenApp: App {
  var body: some Scene {
    WindowGroup {
      Text("Broken")
        .onOpenURL { _ in }
    }
  }
}
