import Testing

@testable import Garden

struct GardenTests {
  @Test func aPlantIsFoundByItsLink() {
    let store = GardenStore()
    let fig = store.plants[0]
    #expect(store.plant(for: URL(string: "garden://plant/\(fig.id)")!) == fig)
  }
}
