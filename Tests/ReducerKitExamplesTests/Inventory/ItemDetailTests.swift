import Foundation
import ReducerKit
import ReducerKitExamples
import ReducerKitTesting
import Testing

@MainActor
@Suite struct ItemDetailTests {
  @Test func theTimerCountsSecondsOnScreen() async {
    let clock = TestClock()
    let store = TestStore(initialState: ItemDetail.State(item: Item(id: UUID(0), name: "Pen"))) {
      ItemDetail()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.onAppear)
    await clock.advance(by: .seconds(1))
    await store.receive(ItemDetail.Action.timerTicked) { $0.secondsOnScreen = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(ItemDetail.Action.timerTicked) { $0.secondsOnScreen = 2 }
    // Closing dismisses the screen; at the root of a TestStore that cancels the timer too.
    await store.send(.closeTapped)
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(store.isDismissed)
  }
}
