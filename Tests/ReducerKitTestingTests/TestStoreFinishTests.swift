import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct TestStoreFinishTests {
  @Test func skipReceivedActionsAppliesThemWithoutAsserting() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    await store.send(.load) { $0.isLoading = true }
    await store.skipReceivedActions()
    #expect(store.state.count == 42)
    await store.skipReceivedActions()  // nothing to skip: not a failure
  }

  @Test func skipInFlightEffectsCancelsThem() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    let task = await store.send(.delayedIncrement)
    await store.skipInFlightEffects()
    #expect(task.isCancelled)
    await store.skipInFlightEffects()  // nothing to skip: not a failure
  }

  @Test func finishFailsOnEffectsStillRunningAtTheSendThatStartedThem() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.send(.delayedIncrement)
      await store.finish(timeout: .milliseconds(10))
    }
    // Reported once: by finish, not again when the store goes away.
    #expect(issues.count == 1)
    #expect(issues.first?.contains("still running") == true)
    #expect(issues.first?.contains("delayedIncrement") == true)
  }

  @Test func finishFailsOnReceivedActionsNeverAsserted() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.send(.load) { $0.isLoading = true }
      await store.finish()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("received 1 unexpected action") == true)
    #expect(issues.first?.contains("loaded(42)") == true)
  }

  @Test func finishWaitsForEffectsToEnd() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
    await store.send(.load) { $0.isLoading = true }
    await store.receive(.loaded(42)) {
      $0.isLoading = false
      $0.count = 42
    }
    await store.finish()
  }
}
