import SwiftUI

@main
struct SproutApp: App {
  var body: some Scene {
    WindowGroup {
      SeedList()
    }
  }
}

struct SeedList: View {
  @State private var seeds = ["Pea", "Bean", "Radish"]
  @State private var highlighted: String?

  var body: some View {
    List(seeds, id: \.self) { seed in
      Text(seed).bold(seed == highlighted)
    }
    .onOpenURL { url in highlighted = url.host() }
  }
}
