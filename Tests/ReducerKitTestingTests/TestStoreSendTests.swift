import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct TestStoreSendTests {
  @Test func sendAssertsTheStateChange() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.decrement) { $0.count = 0 }
    #expect(store.state.count == 0)
  }

  @Test func aThousandSendReceivePairsRunQuickly() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    for _ in 0..<1_000 {
      await store.send(.load) { $0.isLoading = true }
      await store.receive(.loaded(42)) {
        $0.isLoading = false
        $0.count = 42
      }
    }
  }

  @Test func sendingWithUnassertedReceivedActionsIsAFailure() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.send(.load) { $0.isLoading = true }
      await store.send(.noop)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("Must handle 1 received action") == true)
    #expect(issues.first?.contains("loaded(42)") == true)
  }

  @Test func anAssertionWhenNothingChangedIsAFailure() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.send(.noop) { $0.count = 0 }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("did not change") == true)
  }

  @Test func sendReturnsATaskForTheActionsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
    let none = await store.send(.noop)
    #expect(none.isCancelled)
    let delayed = await store.send(.delayedIncrement)
    #expect(!delayed.isCancelled)
    await delayed.cancel()
  }

  @Test func effectsRunToTheirFirstSuspensionBeforeSendReturns() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
    await store.send(.delayedIncrement)
    // The effect already sleeps on the clock: no yield needed before advancing.
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.increment) { $0.count = 1 }
  }
}
