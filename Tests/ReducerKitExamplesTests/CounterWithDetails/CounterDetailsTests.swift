import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

@MainActor
@Suite struct CounterDetailsTests {
  @Test func theLikesArePulledIntoTheSheetAndTheStarToggles() async {
    let store = TestStore(initialState: CounterDetails.State(count: 3)) { CounterDetails() }
    await store.send(.likes(.likeTapped)) { $0.likes.count = 1 }
    await store.send(.likes(.likeTapped)) { $0.likes.count = 2 }
    await store.send(.likes(.unlikeTapped)) { $0.likes.count = 1 }
    await store.send(.favoriteToggled) { $0.isFavorite = true }
  }

  @Test func closeDismissesTheSheet() async {
    let store = TestStore(initialState: CounterDetails.State(count: 3)) { CounterDetails() }
    await store.send(.closeTapped)
    await store.finish()
    #expect(store.isDismissed)
  }
}
